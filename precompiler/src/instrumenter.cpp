// The rewriting itself. What is inserted comes from templates/; this file
// decides where, for which locals, and refuses what it cannot restore.
#include "instrumenter.h"
#include "c_visitor.h"
#include "repeated_effects.h"

#include "liveness.h"
#include "normalizer.h"
#include "const_locals.h"
#include "templates.h"
#include "type_spelling.h"

#include "clang/AST/Attr.h"
#include "clang/Basic/OpenMPKinds.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/xxhash.h"

#include <algorithm>
#include <map>
#include <cstdio>

namespace aalc {

using namespace clang;

struct Instrumenter::Site {
    const CkptPragma *pragma = nullptr;  // a potential point, or
    const Call *call = nullptr;          // a call that may reach one
    SourceLocation loc;
    int label = 0;
    std::vector<const VarDecl *> locals;  // saved and restored: the live ones
    size_t visible = 0;                   // how many locals are in scope
    std::vector<const DeclStmt *> chain;  // variably modified declarations in scope
    std::vector<const VarDecl *> arrays;  // variable-length arrays in scope
};

static std::string escapeForString(const std::string &s)
{
    std::string out;
    for (char c : s) {
        if (c == '"' || c == '\\')
            out += '\\';
        if (c == '\t')
            out += "\\t";
        else
            out += c;
    }
    return out;
}

static std::string functionIdLiteral(const FunctionDecl *fn, const std::string &unit)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "0x%016llxull",
                  (unsigned long long)llvm::xxHash64(unit + ":" + fn->getName().str()));
    return buf;
}

DiagnosticBuilder Instrumenter::error(SourceLocation loc, const char *format)
{
    failed_ = true;
    DiagnosticsEngine &d = ctx_->getDiagnostics();
    return d.Report(loc, d.getDiagnosticIDs()->getCustomDiagID(DiagnosticIDs::Error, format));
}

DiagnosticBuilder Instrumenter::warning(SourceLocation loc, const char *format)
{
    DiagnosticsEngine &d = ctx_->getDiagnostics();
    return d.Report(loc, d.getDiagnosticIDs()->getCustomDiagID(DiagnosticIDs::Warning, format));
}

DiagnosticBuilder Instrumenter::note(SourceLocation loc, const char *format)
{
    DiagnosticsEngine &d = ctx_->getDiagnostics();
    return d.Report(loc, d.getDiagnosticIDs()->getCustomDiagID(DiagnosticIDs::Note, format));
}

// ---------------------------------------------------------------------------
// Placing text while keeping the user's line numbers (#line after every block)

std::string Instrumenter::lineDirective(unsigned line) const
{
    return "#line " + std::to_string(line) + " \"" + escapeForString(fileName_) + "\"";
}

// The line after `loc` (plus `delta`) as the compiler should report it,
// following any #line directives of the user's own.
std::string Instrumenter::lineDirectiveAt(SourceLocation loc, int delta) const
{
    PresumedLoc p = sm_->getPresumedLoc(loc);
    if (p.isInvalid())
        return lineDirective(sm_->getSpellingLineNumber(loc) + delta);
    std::string file = p.getFilename();
    if (sm_->isInMainFile(loc) && file == sm_->getFileEntryForID(sm_->getMainFileID())->getName())
        file = fileName_;
    return "#line " + std::to_string(p.getLine() + delta) + " \"" + escapeForString(file) + "\"";
}

static llvm::StringRef lineAt(const SourceManager &sm, SourceLocation loc, unsigned &column)
{
    bool invalid = false;
    llvm::StringRef buffer = sm.getBufferData(sm.getFileID(loc), &invalid);
    unsigned offset = sm.getFileOffset(loc);
    size_t start = buffer.rfind('\n', offset == 0 ? 0 : offset - 1);
    start = (start == llvm::StringRef::npos || offset == 0) ? 0 : start + 1;
    if (offset > 0 && buffer[offset - 1] == '\n')
        start = offset;
    size_t end = buffer.find('\n', offset);
    if (end == llvm::StringRef::npos)
        end = buffer.size();
    column = offset - start;
    return buffer.slice(start, end);
}

std::string Instrumenter::indentationOf(SourceLocation loc) const
{
    unsigned column = 0;
    llvm::StringRef line = lineAt(*sm_, loc, column);
    return line.take_while([](char c) { return c == ' ' || c == '\t'; }).str();
}

static std::string indentLines(const std::string &block, const std::string &indent)
{
    std::string out;
    for (size_t i = 0; i < block.size(); ++i) {
        out += block[i];
        if (block[i] == '\n')
            out += indent;
    }
    return out;
}

static bool isBlank(llvm::StringRef s)
{
    return s.find_first_not_of(" \t\r") == llvm::StringRef::npos;
}

// Inserts `block` at loc so that the code before and after loc keeps its line
// (and, where possible, column) numbers.
void Instrumenter::insertBlock(SourceLocation loc, const std::string &block,
                               const std::string &indent)
{
    unsigned column = 0;
    llvm::StringRef line = lineAt(*sm_, loc, column);
    llvm::StringRef before = line.take_front(column), after = line.drop_front(column);
    std::string text;
    if (!isBlank(before))
        text += "\n" + indent;
    text += indentLines(block, indent);
    if (isBlank(after)) {
        text += "\n" + lineDirectiveAt(loc, 1);
    } else {
        std::string pad;
        for (char c : before)
            pad += (c == '\t') ? '\t' : ' ';
        text += "\n" + lineDirectiveAt(loc, 0) + "\n" + pad;
    }
    // Sites are emitted last to first, so text inserted here goes before
    // whatever a later site already put at the same place.
    rewriter_.InsertText(loc, text, /*InsertAfter=*/false);
}

// A location in the file where text can be inserted before `loc`: loc itself,
// or the start of the macro invocation that loc begins.
SourceLocation Instrumenter::fileStart(SourceLocation loc) const
{
    if (loc.isFileID())
        return loc;
    SourceLocation start;
    if (Lexer::isAtStartOfMacroExpansion(loc, *sm_, ctx_->getLangOpts(), &start) &&
        start.isFileID())
        return start;
    return SourceLocation();
}

SourceLocation Instrumenter::afterStatement(const Stmt *s) const
{
    const LangOptions &lo = ctx_->getLangOpts();
    if (isa<CompoundStmt>(s))
        return Lexer::getLocForEndOfToken(s->getEndLoc(), 0, *sm_, lo);
    if (isa<DeclStmt>(s))
        return Lexer::getLocForEndOfToken(s->getEndLoc(), 0, *sm_, lo);
    if (isa<NullStmt>(s))
        return Lexer::getLocForEndOfToken(s->getEndLoc(), 0, *sm_, lo);
    return Lexer::findLocationAfterToken(s->getEndLoc(), tok::semi, *sm_, lo, false);
}

std::string Instrumenter::nameOf(const VarDecl *v) const
{
    auto it = renamed_.find(v);
    return it != renamed_.end() ? it->second : v->getName().str();
}

namespace {
// Where a function's body refers to one variable.
class ReferencesTo : public CVisitor<ReferencesTo> {
public:
    explicit ReferencesTo(const VarDecl *v) : v_(v) {}
    bool VisitDeclRefExpr(DeclRefExpr *e)
    {
        if (e->getDecl() == v_)
            locations.push_back(e->getLocation());
        return true;
    }
    std::vector<SourceLocation> locations;

private:
    const VarDecl *v_;
};
} // namespace

// Gives v a name of its own in the output (its declaration and every use),
// so that a save block can name it beside the local it hides. Not when the
// name is written by a macro: the expansion cannot be rewritten.
bool Instrumenter::renameLocal(const FunctionFacts &f, const VarDecl *v)
{
    if (renamed_.count(v))
        return true;
    ReferencesTo refs(v);
    refs.TraverseStmt(f.function->getBody());
    refs.locations.push_back(v->getLocation());
    for (SourceLocation loc : refs.locations)
        if (loc.isMacroID() || sm_->getFileID(loc) != sm_->getMainFileID())
            return false;
    std::string name;
    do // a name the file does not use anywhere
        name = v->getName().str() + "__ckpt" + std::to_string(++renameCount_);
    while (ctx_->Idents.find(name) != ctx_->Idents.end());
    renamed_[v] = name;
    for (SourceLocation loc : refs.locations)
        pendingRenames_.push_back({loc, name});
    return true;
}

std::string Instrumenter::dimensionName(int k) const
{
    return unusedName("ckpt_dim_" + std::to_string(k), *ctx_);
}

namespace {
// What each declaration statement of a function declares together.
class DeclaredTogether : public CVisitor<DeclaredTogether> {
public:
    bool VisitDeclStmt(DeclStmt *ds)
    {
        std::vector<const DeclaratorDecl *> declared;
        for (const Decl *d : ds->decls())
            if (const auto *dd = dyn_cast<DeclaratorDecl>(d))
                declared.push_back(dd);
        for (const DeclaratorDecl *d : declared)
            with[d] = declared;
        return true;
    }
    std::map<const DeclaratorDecl *, std::vector<const DeclaratorDecl *>> with;
};
} // namespace

// The restore blocks write into every local they restore: one declared
// const must not be (const_locals.h).
void Instrumenter::dropConstOfRestored(const FunctionFacts &f, const std::vector<Site *> &ready)
{
    std::vector<const VarDecl *> constants; // restored somewhere, declared const
    std::set<const VarDecl *> seen;            // (in the order of the sites: errors too)
    for (const Site *s : ready)
        for (const VarDecl *v : s->locals)
            if (seen.insert(v).second && declaredConst(v, *ctx_))
                constants.push_back(v);
    if (constants.empty())
        return;
    DeclaredTogether together;
    together.TraverseStmt(f.function->getBody());
    // K&R parameters share specifiers too: 'f(a, b) const int a, *b;'
    for (const ParmVarDecl *p : f.function->parameters())
        for (const ParmVarDecl *q : f.function->parameters())
            if (q->getBeginLoc() == p->getBeginLoc())
                together.with[p].push_back(q);
    std::set<std::pair<unsigned, unsigned>> edited; // a shared const is removed once
    for (const VarDecl *v : constants) {
        std::vector<SourceEdit> edits;
        const DeclaratorDecl *shared = nullptr;
        ConstDrop how = editsDroppingConst(v, together.with[v], *ctx_, *pp_, edits, shared);
        if (how == ConstDrop::Done) {
            for (const SourceEdit &e : edits)
                if (edited.insert({e.range.getBegin().getRawEncoding(),
                                   e.range.getEnd().getRawEncoding()})
                        .second)
                    rewriter_.ReplaceText(e.range, e.text);
            continue;
        }
        if (!reported_.insert(v).second)
            continue;
        if (how == ConstDrop::Shared)
            error(v->getLocation(),
                  "'%0' is declared const and restored when the stack is rebuilt, which "
                  "writes into it, but that 'const' is also what '%1', declared with it, "
                  "points to or returns; declare '%0' in a declaration of its own")
                << v->getName() << shared->getName();
        else if (how == ConstDrop::OtherQualifiers)
            error(v->getLocation(),
                  "'%0' is declared const, through a typedef whose type has other "
                  "qualifiers or an alignment too, and restored when the stack is rebuilt, "
                  "which writes into it; declare '%0' without const")
                << v->getName();
        else if (how == ConstDrop::VariablyModified)
            error(v->getLocation(),
                  "'%0' is declared const, through a typedef of a variably modified type, "
                  "and restored when the stack is rebuilt, which writes into it; declare "
                  "'%0' without const")
                << v->getName();
        else
            error(v->getLocation(),
                  "'%0' is declared const and restored when the stack is rebuilt, which "
                  "writes into it, and ckpt-instrument cannot drop that 'const' (a macro "
                  "or a '__typeof__' may write it); declare '%0' without const")
                << v->getName();
    }
}

// Before the function's blocks are emitted: they may replace text around a
// renamed use, and then carry the renamed text.
void Instrumenter::applyRenames()
{
    for (const auto &[loc, name] : pendingRenames_)
        rewriter_.ReplaceText(loc, static_cast<unsigned>(
                                       Lexer::MeasureTokenLength(loc, *sm_, ctx_->getLangOpts())),
                              name);
    pendingRenames_.clear();
}

namespace {
// Every reference a piece of code makes to a local, in source order.
class LocalReferences : public CVisitor<LocalReferences> {
public:
    bool VisitDeclRefExpr(DeclRefExpr *e)
    {
        if (const auto *v = dyn_cast<VarDecl>(e->getDecl()))
            found.push_back({e->getLocation(), v});
        return true;
    }
    std::vector<std::pair<SourceLocation, const VarDecl *>> found;
};
} // namespace

// e's source text, with the names of renamed locals as the output has them
// (the rewriter's own text of a range ends a renamed token at its old length).
std::string Instrumenter::textWithRenames(const Expr *e) const
{
    SourceRange range = e->getSourceRange();
    std::string text = sourceText(range);
    if (range.getBegin().isMacroID())
        return text;
    LocalReferences refs;
    refs.TraverseStmt(const_cast<Expr *>(e));
    unsigned base = sm_->getFileOffset(range.getBegin());
    // Back to front, so that earlier offsets stay valid.
    for (auto it = refs.found.rbegin(); it != refs.found.rend(); ++it) {
        auto renamed = renamed_.find(it->second);
        if (renamed == renamed_.end() || it->first.isMacroID())
            continue;
        unsigned at = sm_->getFileOffset(it->first) - base;
        text.replace(at, it->second->getName().size(), renamed->second);
    }
    return text;
}

std::string Instrumenter::sourceText(SourceRange range) const
{
    return Lexer::getSourceText(CharSourceRange::getTokenRange(range), *sm_,
                                ctx_->getLangOpts())
        .str();
}

// ---------------------------------------------------------------------------
// Blocks

std::string Instrumenter::returnValue(const FunctionDecl *fn) const
{
    QualType t = fn->getReturnType();
    if (t->isVoidType())
        return "";
    PrintingPolicy policy(ctx_->getLangOpts());
    return " (" + t.getUnqualifiedType().getAsString(policy) + "){0}";
}

// What a frame holds at a site, in the order it is saved and read back: the
// sizes of the variable-length arrays in scope (savedSizes: read at the
// function's entry, before their declarations run again), then their
// addresses (checked once they have) and the live locals (savedLocals: read
// at the site's label). Each block reserves or reads its bytes with one
// runtime call, then copies the values through a cursor: with a call per
// local, gcc's work on the inserted code was half as large again.
std::vector<Instrumenter::SavedValue> Instrumenter::savedSizes(const Site &site) const
{
    std::vector<SavedValue> sizes;
    for (const DeclStmt *ds : site.chain) {
        const Chained &c = chained_.at(ds);
        for (size_t i = 0; i < c.sizes.size(); ++i)
            sizes.push_back({dimensionName(c.firstDim + int(i)), ""});
    }
    return sizes;
}

std::vector<Instrumenter::SavedValue> Instrumenter::savedLocals(const FunctionFacts &f,
                                                                const Site &site) const
{
    std::vector<SavedValue> values;
    for (const VarDecl *v : site.arrays)
        values.push_back({nameOf(v), escapeForString("'" + v->getName().str() + "' in " +
                                                     f.function->getName().str() + "()")});
    for (const VarDecl *v : site.locals)
        values.push_back({nameOf(v), ""});
    return values;
}

// "CKPT_SIZE(a) + CKPT_SIZE(b) + ...": on the call's line when it fits in room
// columns, else on lines of their own, indented by indent (relative to the template).
static std::string sizeSum(const std::vector<Instrumenter::SavedValue> &values,
                           const std::string &indent, size_t room)
{
    std::vector<std::string> terms;
    size_t length = 0;
    for (const Instrumenter::SavedValue &v : values) {
        terms.push_back(v.isAddress() ? "CKPT_ADDRESS_SIZE" : "CKPT_SIZE(" + v.name + ")");
        length += terms.back().size() + 3;
    }
    std::string sum, line;
    for (const std::string &term : terms) {
        if (line.empty())
            line = term;
        else if (length > room && line.size() + term.size() > 72)
            sum += "\n" + indent + line + " +", line = term;
        else
            line += " + " + term;
    }
    return length > room ? sum + "\n" + indent + line : line;
}

std::string Instrumenter::saveBlock(const FunctionFacts &f, const Site &site,
                                    const char *templateName) const
{
    std::vector<SavedValue> values = savedSizes(site), locals = savedLocals(f, site);
    values.insert(values.end(), locals.begin(), locals.end());
    std::string cursor, size = "0", saves;
    if (values.empty()) {
        saves = site.visible ? "    /* no live locals */" : "    /* no locals in scope */";
    } else {
        cursor = "unsigned char *" + cursorTo_ + " = ";
        size = sizeSum(values, "        ", 30);
        for (const SavedValue &v : values)
            saves += (saves.empty() ? "" : "\n") +
                     fillTemplate(v.isAddress() ? "save_address" : "save_local",
                                  {{"TO", cursorTo_}, {"NAME", v.name}});
    }
    return fillTemplate(templateName,
                        {{"FUNCTION_ID", functionIdLiteral(f.function, unitId_)},
                         {"LABEL", std::to_string(site.label)},
                         {"CURSOR", cursor},
                         // on the call's line, or on lines of their own
                         {"SIZE", size[0] == '\n' ? size : " " + size},
                         {"SAVE_LOCALS", saves},
                         {"RETURN_VALUE", returnValue(f.function)}});
}

// The restore block's cursor is declared before its label (a declaration
// cannot follow a label before C23); the jump to the label enters its scope.
std::string Instrumenter::restoreBlock(const FunctionFacts &f, const Site &site,
                                       const char *templateName) const
{
    std::vector<SavedValue> values = savedLocals(f, site);
    std::string cursor, restores;
    if (values.empty()) {
        // Still the frame's last read: nothing may be left in it.
        restores = std::string("    (void)ckpt_frame_rest(0); ") +
                   (site.visible ? "/* no live locals */" : "/* no locals in scope */");
    } else {
        cursor = "    const unsigned char *" + cursorFrom_ + ";\n";
        restores = "    " + cursorFrom_ + " = ckpt_frame_rest(" +
                   sizeSum(values, "        ", 60) + ");";
        for (const SavedValue &v : values)
            restores += "\n" + (v.isAddress() ? fillTemplate("check_address",
                                                             {{"FROM", cursorFrom_},
                                                              {"NAME", v.name},
                                                              {"DESCRIPTION", v.description}})
                                               : fillTemplate("restore_local",
                                                              {{"FROM", cursorFrom_},
                                                               {"NAME", v.name}}));
    }
    return fillTemplate(templateName, {{"LABEL", std::to_string(site.label)},
                                       {"CURSOR", cursor},
                                       {"RESTORE_LOCALS", restores}});
}

// ---------------------------------------------------------------------------
// Checks: what cannot be restored is refused with a message that says what to do

namespace
{
// The names of <aalc/ckpt.h> that the inserted code reads or calls.
const char *const kRuntimeNames[] = {
    "ckpt_collapsing",    "ckpt_restoring",       "ckpt_point_due",        "ckpt_begin_collapse",
    "ckpt_frame_save",    "ckpt_resume_label",    "ckpt_frame_next",       "ckpt_frame_rest",
    "ckpt_resume_finished", "ckpt_check_address", "ckpt_openmp_construct", "CKPT_SAVE",
    "CKPT_RESTORE",       "CKPT_SIZE",            "CKPT_ADDRESS_SIZE",     "CKPT_SAVE_ADDRESS",
    "CKPT_CHECK_ADDRESS"};

// What the code inserted at the end of every unit defines (unit_summary.c.in).
const char *const kSummaryNames[] = {"ckpt_unit_summary", "ckpt_register_this_unit"};

bool isRuntimeName(llvm::StringRef name)
{
    for (const char *runtime : kRuntimeNames)
        if (name == runtime)
            return true;
    return false;
}

// The parameters and locals of a function that are named like the runtime's
// interface.
class RuntimeNameLocals : public CVisitor<RuntimeNameLocals> {
public:
    bool VisitVarDecl(VarDecl *v)
    {
        if (v->getIdentifier() && isRuntimeName(v->getName()))
            found.push_back(v);
        return true;
    }
    std::vector<const VarDecl *> found;
};
} // namespace

// A local named like the runtime's interface would hide it from the code
// inserted in its scope: the frame would go unsaved or be restored wrongly.
bool Instrumenter::checkRuntimeNames(const FunctionDecl *fn)
{
    RuntimeNameLocals locals;
    locals.TraverseDecl(const_cast<FunctionDecl *>(fn));
    for (const VarDecl *v : locals.found)
        error(v->getLocation(),
              "'%0' is a name of the checkpointing runtime (<aalc/ckpt.h>), which the code "
              "inserted in '%1' uses; rename this variable")
            << v->getName() << fn->getName();
    return locals.found.empty();
}

// A macro of the user's named like the runtime's interface would replace it
// in all the inserted code.
void Instrumenter::checkRuntimeMacros()
{
    for (const char *name : kRuntimeNames) {
        auto it = ctx_->Idents.find(name);
        const MacroInfo *macro =
            it == ctx_->Idents.end() || !pp_ ? nullptr : pp_->getMacroInfo(it->second);
        if (!macro)
            continue;
        SourceLocation at = sm_->getSpellingLoc(macro->getDefinitionLoc());
        if (!sm_->getFilename(at).endswith("aalc/ckpt.h"))
            error(at, "'%0' is a name of the checkpointing runtime (<aalc/ckpt.h>), which the "
                      "inserted code uses; rename this macro")
                << name;
    }
}

// The unit's summary goes at the end of the file: a declaration or macro of
// the user's with its names would make the output fail to compile, with an
// error at a line past the end of the user's file.
void Instrumenter::checkSummaryNames()
{
    for (const char *name : kSummaryNames) {
        auto it = ctx_->Idents.find(name);
        if (it == ctx_->Idents.end())
            continue;
        if (const MacroInfo *macro = pp_ ? pp_->getMacroInfo(it->second) : nullptr)
            error(sm_->getSpellingLoc(macro->getDefinitionLoc()),
                  "'%0' is a name that the code inserted at the end of this file defines "
                  "(its summary, for ckpt-link); rename this macro")
                << name;
        for (const Decl *d : ctx_->getTranslationUnitDecl()->decls())
            if (const auto *named = dyn_cast<NamedDecl>(d);
                named && named->getIdentifier() == it->second)
                error(named->getLocation(),
                      "'%0' is a name that the code inserted at the end of this file defines "
                      "(its summary, for ckpt-link); rename this declaration")
                    << name;
    }
}

bool Instrumenter::checkFunction(const FunctionFacts &f)
{
    const FunctionDecl *fn = f.function;
    bool ok = true;
    if (!sm_->isInMainFile(sm_->getExpansionLoc(fn->getLocation())) ||
        fn->getBody()->getBeginLoc().isMacroID()) {
        error(fn->getLocation(),
              "function '%0' may reach a potential checkpoint but is defined in a header or "
              "a macro; ckpt-instrument rewrites only the source file being compiled: move "
              "its definition into a .c file")
            << fn->getName();
        auto blocked = notCopied_.find(fn);
        if (blocked != notCopied_.end())
            note(blocked->second,
                 "a static function of a header gets a copy in the source file only when no "
                 "code of a header names it outside such functions, and this code does");
        return false;
    }
    for (const CallExpr *call : f.forbidden) {
        error(call->getBeginLoc(),
              "'%0' cannot be used in '%1', which may reach a potential checkpoint: its "
              "saved state would not survive a restart; restructure the code so that this "
              "call is in a function that never reaches a '#pragma ckpt potential'")
            << call->getDirectCallee()->getName() << fn->getName();
        ok = false;
    }
    if (!checkRuntimeNames(fn))
        ok = false;
    QualType ret = fn->getReturnType();
    if (!ret->isVoidType() && !spellable(ret)) {
        error(fn->getLocation(),
              "function '%0' may reach a potential checkpoint and returns an unnamed type; "
              "give the type a name (a tag or a typedef)")
            << fn->getName();
        ok = false;
    }
    return ok;
}

bool Instrumenter::checkCallSite(const FunctionFacts &f, const Call &c)
{
    const CallExpr *call = c.site.call;
    std::string callee = c.callee ? c.callee->getName().str() : std::string("a function pointer");
    if (call->getBeginLoc().isMacroID() || fileStart(c.site.statement->getBeginLoc()).isInvalid() ||
        afterStatement(c.site.statement).isInvalid()) {
        error(sm_->getExpansionLoc(call->getBeginLoc()),
              "the call to '%0' may reach a potential checkpoint but comes from a macro "
              "expansion; write the call directly in the source")
            << callee;
        return false;
    }
    // The call is evaluated again when the stack is rebuilt: its operands must be
    // free of side effects, or they would happen twice.
    if (!call->getDirectCallee() && effectsWhenRepeated(call->getCallee(), *ctx_)) {
        error(call->getCallee()->getBeginLoc(),
              "the function pointer expression of this call has side effects, which would "
              "be repeated when the stack is rebuilt after a checkpoint; compute the pointer "
              "into a variable first");
        return false;
    }
    unsigned n = 0;
    for (const Expr *arg : call->arguments()) {
        ++n;
        if (effectsWhenRepeated(arg, *ctx_)) {
            error(arg->getBeginLoc(),
                  "argument %0 of the call to '%1' has side effects, which would be repeated "
                  "when the stack is rebuilt after a checkpoint; compute it into a variable "
                  "before the call")
                << n << callee;
            return false;
        }
    }
    if (c.site.form == SiteForm::Assignment) {
        const Expr *lhs = c.site.assignment->getLHS();
        if (effectsWhenRepeated(lhs, *ctx_)) {
            error(lhs->getBeginLoc(),
                  "the target of this assignment has side effects and the call to '%0' may "
                  "reach a potential checkpoint; assign to a plain variable first")
                << callee;
            return false;
        }
        if (c.site.statement != c.site.assignment) {
            error(c.site.statement->getBeginLoc(),
                  "write the assignment from '%0' without parentheses around it")
                << callee;
            return false;
        }
        if (!spellable(call->getType())) {
            error(call->getBeginLoc(), "'%0' returns an unnamed type; give it a typedef")
                << callee;
            return false;
        }
    }
    (void)f;
    return true;
}

bool Instrumenter::prepareSite(const FunctionFacts &f, const FunctionLiveness &live, Site &site)
{
    ScopeQuery q{f.function, nullptr, SourceLocation()};
    if (site.pragma) {
        const Stmt *host = innermostStatementAt(f.function->getBody(), site.pragma->hashLoc, *sm_);
        if (!isa<CompoundStmt>(host)) {
            error(site.pragma->hashLoc,
                  "'#pragma ckpt potential' must stand between the statements of a block; "
                  "put braces around the statement that follows it");
            return false;
        }
        q.anchor = host;
        q.point = site.pragma->hashLoc;
    } else {
        q.anchor = site.call->site.statement;
    }
    bool crossesStmtExpr = false;
    VariablyModifiedScopes vm;
    site.locals = localsInScope(q, *ctx_, crossesStmtExpr, &vm);
    if (crossesStmtExpr) {
        error(site.loc, "a potential checkpoint, or a call that may reach one, cannot be inside "
                        "a statement expression '({ ... })'");
        return false;
    }
    const char *what = site.pragma ? "potential checkpoint" : "call, which may reach a checkpoint,";
    bool ok = true;
    // The jump that restores the stack cannot enter the scope of an identifier
    // of variably modified type: it goes through their declarations (chained).
    // Parameters are in scope from the function's entry, where the jump starts.
    if (vm.inForInit) {
        const auto *d = cast<NamedDecl>(*vm.inForInit->decl_begin());
        error(site.loc, "this %0 is in the scope of '%1', of variably modified type, declared in "
                        "the first clause of a 'for': restoring the stack must run that "
                        "declaration again alone; declare it before the 'for'")
            << what << d->getName();
        note(d->getLocation(), "'%0' declared here") << d->getName();
        ok = false;
    }
    site.chain = vm.declarations;
    std::map<std::string, const VarDecl *> byName;
    for (const VarDecl *v : site.locals) {
        if (!isa<ParmVarDecl>(v) && v->getType()->isVariableArrayType())
            site.arrays.push_back(v);
        if (v->getStorageClass() == SC_Register) {
            if (reported_.insert(v).second)
                error(v->getLocation(),
                      "'register' variable '%0' is in scope of a %1 and must be saved, which "
                      "needs its address; remove 'register'")
                    << v->getName()
                    << (site.pragma ? "potential checkpoint" : "call that may reach one");
            ok = false;
        } else if (v->hasAttr<CleanupAttr>()) {
            if (reported_.insert(v).second)
                error(v->getLocation(),
                      "'%0' has a cleanup attribute, which would run while the stack collapses "
                      "for a checkpoint; release the resource explicitly instead")
                    << v->getName();
            ok = false;
        }
        auto [it, fresh] = byName.insert({nameOf(v), v});
        if (!fresh) {
            // Saved by name, the inner one would be saved twice and the outer one
            // never: the one declared later gets a name of its own.
            const VarDecl *other = it->second;
            const VarDecl *hiding =
                sm_->isBeforeInTranslationUnit(other->getLocation(), v->getLocation()) ? v
                                                                                        : other;
            if (renameLocal(f, hiding)) {
                it->second = hiding == v ? other : v;
                byName[nameOf(hiding)] = hiding;
                continue;
            }
            if (reported_.insert(v).second) {
                error(v->getLocation(),
                      "'%0' hides another '%0' that is also in scope of a %1, and one of them is "
                      "named by a macro, which cannot be renamed for the save block; rename one "
                      "of them")
                    << v->getName()
                    << (site.pragma ? "potential checkpoint" : "call that may reach one");
                note(it->second->getLocation(), "the other '%0' is declared here") << v->getName();
            }
            ok = false;
        }
    }
    // 'T x = f();' declares x before the save block that follows it: an x it
    // hides would be saved as the new one.
    if (site.call && site.call->site.form == SiteForm::Declaration)
        if (const auto *ds = dyn_cast<DeclStmt>(site.call->site.statement))
            for (const Decl *d : ds->decls()) {
                const auto *v = dyn_cast<VarDecl>(d);
                if (!v || !byName.count(nameOf(v)) || renameLocal(f, v))
                    continue;
                if (reported_.insert(v).second) {
                    error(v->getLocation(),
                          "'%0' hides another '%0' that the save block after this call must "
                          "name, and one of them is named by a macro, which cannot be renamed; "
                          "rename one of them")
                        << v->getName();
                    note(byName[nameOf(v)]->getLocation(), "the other '%0' is declared here")
                        << v->getName();
                }
                ok = false;
            }
    // The checks above are about every local in scope (the jump enters all
    // their scopes); only the live ones need saving.
    site.visible = site.locals.size();
    if (site.pragma)
        live.keepLiveAt(cast<CompoundStmt>(q.anchor), q.point, site.locals);
    else
        live.keepLiveBefore(q.anchor, site.locals);
    return ok;
}

// ---------------------------------------------------------------------------
// Emission

void Instrumenter::emitPotentialPoint(const FunctionFacts &f, const Site &site)
{
    // The save block of a potential point, and the restore block after it where
    // the stack rebuild ends.
    std::string block = saveBlock(f, site, "potential_point") + "\n" +
                        restoreBlock(f, site, "resume_point");
    SourceLocation hash = site.pragma->hashLoc, end = site.pragma->endLoc;
    unsigned column = 0, endColumn = 0;
    lineAt(*sm_, hash, column);
    llvm::StringRef endLine = lineAt(*sm_, end, endColumn);
    unsigned lineNo = sm_->getSpellingLineNumber(hash);
    // Indent like the statement that follows the pragma.
    std::string indent = indentationOf(sm_->translateLineCol(sm_->getFileID(hash), lineNo + 1, 1));
    if (site.pragma->isOperator)
        indent = indentationOf(hash);
    std::string text = indentLines(block, indent) + "\n";
    if (isBlank(endLine.drop_front(endColumn))) {
        text += lineDirectiveAt(end, 1);
    } else { // code follows on the same line (after _Pragma): keep it where it was
        std::string pad;
        for (char c : endLine.take_front(endColumn))
            pad += (c == '\t') ? '\t' : ' ';
        text += lineDirectiveAt(end, 0) + "\n" + pad;
    }
    rewriter_.ReplaceText(CharSourceRange::getCharRange(hash, end), text);
}

void Instrumenter::emitCallSite(const FunctionFacts &f, const Site &site)
{
    const Call &c = *site.call;
    const Stmt *stmt = c.site.statement;
    SourceLocation begin = fileStart(stmt->getBeginLoc());
    std::string indent = indentationOf(begin);
    std::string label = std::to_string(site.label);
    SourceLocation after = afterStatement(stmt);
    if (after.isInvalid()) {
        error(stmt->getBeginLoc(), "cannot find the end of this statement");
        return;
    }
    bool braces = !c.site.inCompound;
    switch (c.site.form) {
    case SiteForm::CallStatement:
    case SiteForm::Declaration:
        insertBlock(begin, (braces ? "{\n" : "") + restoreBlock(f, site), indent);
        insertBlock(after, saveBlock(f, site) + (braces ? "\n}" : ""), indent);
        break;
    case SiteForm::Return:
        if (f.function->getReturnType()->isVoidType()) { // return g(); in a void function
            const Expr *value = cast<ReturnStmt>(stmt)->getRetValue();
            rewriter_.ReplaceText(CharSourceRange::getCharRange(begin, value->getBeginLoc()),
                                  indentLines("{\n" + restoreBlock(f, site), indent) + "\n" +
                                      lineDirectiveAt(begin, 0) + "\n" + indent);
            insertBlock(after, saveBlock(f, site) + "\nreturn;\n}", indent);
            break;
        }
        [[fallthrough]];
    case SiteForm::Assignment: {
        // The result is held in a variable until the frame is saved: assigning it
        // first would overwrite a local that the restored call may still read.
        QualType type = c.site.form == SiteForm::Return ? f.function->getReturnType()
                                                        : c.site.call->getType();
        std::string result = unusedName("ckpt_result_" + label, *ctx_);
        std::string held = fillTemplate(
            "held_result", {{"RESULT_DECLARATION", declare(type, result, *ctx_, f.function)}});
        std::string finish;
        if (c.site.form == SiteForm::Return) {
            finish = "return " + result + ";";
        } else {
            const BinaryOperator *a = c.site.assignment;
            finish = textWithRenames(a->getLHS()) + " " + a->getOpcodeStr().str() + " " +
                     result + ";";
        }
        std::string open = indentLines("{\n" + restoreBlock(f, site), indent) + "\n" +
                           lineDirectiveAt(begin, 0) + "\n" + indent + held;
        // Replace "x = " or "return " up to the value with the held result's declaration.
        const Expr *value = c.site.form == SiteForm::Return
                                ? cast<ReturnStmt>(stmt)->getRetValue()
                                : c.site.assignment->getRHS();
        rewriter_.ReplaceText(CharSourceRange::getCharRange(begin, value->getBeginLoc()), open);
        insertBlock(after, saveBlock(f, site) + "\n" + finish + "\n}", indent);
        break;
    }
    case SiteForm::Expression:
        break;
    }
}

// ---------------------------------------------------------------------------
// Declarations of variably modified type in scope of a restore label
//
// C forbids a jump from outside the scope of an identifier of variably
// modified type to inside it (C11 6.8.6.1), so the function's entry table
// cannot jump to a label in the scope of a variable-length array. Instead it
// jumps to a label right before the outermost such declaration in scope
// (outside its scope), the declaration runs again, and a table right after
// it (inside the scope) goes on to the next one or to the site's label.
// Each size expression `[e]` becomes `[ckpt_restoring ? ckpt_dim_K :
// (ckpt_dim_K = (e))]`: in the normal path `e` is evaluated once, as before,
// and its value recorded; the frame saves ckpt_dim_K, and while restoring
// the array is declared with the size it had. Initializers of the
// declaration are not evaluated while restoring (the locals are restored
// after it): `ckpt_restoring ? 0 : (init)`.

namespace
{
// The size expressions of the variable-length array types in `t`, through
// pointers and arrays (typedefs included: their sizes are theirs).
void variableSizes(QualType t, std::vector<const Expr *> &out)
{
    for (;;) {
        t = t.getCanonicalType();
        if (const auto *v = dyn_cast<VariableArrayType>(t.getTypePtr())) {
            out.push_back(v->getSizeExpr());
            t = v->getElementType();
        } else if (const auto *a = dyn_cast<ArrayType>(t.getTypePtr())) {
            t = a->getElementType();
        } else if (const auto *p = t->getAs<PointerType>()) {
            t = p->getPointeeType();
        } else {
            return;
        }
    }
}

TypeSourceInfo *typeWritten(const Decl *d)
{
    if (const auto *v = dyn_cast<DeclaratorDecl>(d))
        return v->getTypeSourceInfo();
    if (const auto *t = dyn_cast<TypedefNameDecl>(d))
        return t->getTypeSourceInfo();
    return nullptr;
}
} // namespace

bool Instrumenter::prepareChained(const DeclStmt *ds, Chained &c)
{
    const LangOptions &lo = ctx_->getLangOpts();
    const NamedDecl *first = cast<NamedDecl>(*ds->decl_begin());
    bool fromMacro = false;
    for (const Decl *d : ds->decls())
        fromMacro |= d->getLocation().isMacroID();
    if (fromMacro || fileStart(ds->getBeginLoc()).isInvalid() || afterStatement(ds).isInvalid() ||
        !isa_and_nonnull<CompoundStmt>(parentStmt(ds, *ctx_))) {
        error(sm_->getExpansionLoc(ds->getBeginLoc()),
              "the declaration of '%0', of variably modified type, runs again when the stack "
              "is rebuilt, and so must be a statement of its own in a block, written directly "
              "in the source (not by a macro)")
            << first->getName();
        return false;
    }
    bool ok = true;
    for (const Decl *d : ds->decls()) {
        TypeSourceInfo *tsi = typeWritten(d);
        if (!tsi)
            continue;
        for (TypeLoc tl = tsi->getTypeLoc(); tl; tl = tl.getNextTypeLoc())
            if (auto v = tl.getAs<VariableArrayTypeLoc>(); v && v.getSizeExpr())
                c.sizes.push_back(v.getSizeExpr());
        const auto *var = dyn_cast<VarDecl>(d);
        const Expr *init = var ? var->getInit() : nullptr;
        if (!init || init->isConstantInitializer(*ctx_, false))
            continue;
        if (var->getType()->isScalarType() && !isa<InitListExpr>(init->IgnoreImplicit())) {
            c.initializers.push_back(init);
        } else if (effectsWhenRepeated(init, *ctx_)) {
            error(init->getBeginLoc(),
                  "the declaration of '%0' runs again when the stack is rebuilt (it declares "
                  "an identifier of variably modified type), and this initializer has side "
                  "effects; declare '%0' in a statement of its own")
                << var->getName();
            ok = false;
        }
    }
    for (const Expr *e : c.sizes) {
        CharSourceRange r =
            Lexer::makeFileCharRange(CharSourceRange::getTokenRange(e->getSourceRange()), *sm_, lo);
        if (r.isInvalid() || sm_->isMacroArgExpansion(e->getBeginLoc()) ||
            sm_->isMacroArgExpansion(e->getEndLoc())) {
            error(sm_->getExpansionLoc(e->getBeginLoc()),
                  "this array size must be rewritten to come back as it was when the stack "
                  "is rebuilt, but only part of it is written by a macro; write it directly, "
                  "or as a whole macro call");
            ok = false;
        }
    }
    for (const Expr *e : c.initializers) {
        CharSourceRange r =
            Lexer::makeFileCharRange(CharSourceRange::getTokenRange(e->getSourceRange()), *sm_, lo);
        if (r.isInvalid() || sm_->isMacroArgExpansion(e->getBeginLoc()) ||
            sm_->isMacroArgExpansion(e->getEndLoc())) {
            error(sm_->getExpansionLoc(e->getBeginLoc()),
                  "this initializer must be rewritten not to run again when the stack is "
                  "rebuilt, but only part of it is written by a macro; write it directly, or "
                  "as a whole macro call");
            ok = false;
        }
    }
    return ok;
}

// After every chained declaration of the function is prepared: each size that
// the declaration's types need must be one it or an earlier one recomputes
// (or a parameter's, computed at the entry).
static bool sizesCovered(const DeclStmt *ds, const std::set<SourceLocation> &rewritten,
                         const FunctionDecl *fn, const SourceManager &sm, const NamedDecl *&bad)
{
    const auto *body = cast<CompoundStmt>(fn->getBody());
    for (const Decl *d : ds->decls()) {
        std::vector<const Expr *> sizes;
        if (const auto *v = dyn_cast<VarDecl>(d))
            variableSizes(v->getType(), sizes);
        else if (const auto *t = dyn_cast<TypedefNameDecl>(d))
            variableSizes(t->getUnderlyingType(), sizes);
        for (const Expr *e : sizes)
            if (!rewritten.count(e->getBeginLoc()) &&
                !sm.isBeforeInTranslationUnit(e->getBeginLoc(), body->getLBracLoc())) {
                bad = cast<NamedDecl>(d);
                return false;
            }
    }
    return true;
}

void Instrumenter::emitChained(const DeclStmt *ds, const Chained &c)
{
    const LangOptions &lo = ctx_->getLangOpts();
    SourceLocation begin = fileStart(ds->getBeginLoc());
    std::string indent = indentationOf(begin);
    // Last to first, as everywhere.
    std::string cases;
    for (const auto &[label, target] : c.next) {
        if (!cases.empty())
            cases += "\n";
        cases += fillTemplate("vla_next", {{"LABEL", std::to_string(label)}, {"TARGET", target}});
    }
    insertBlock(afterStatement(ds),
                fillTemplate("vla_resume", {{"LABEL", labelVariable_}, {"CASES", cases}}),
                indent);
    auto wrap = [&](const Expr *e, const std::string &templateName, const std::string &key,
                    TemplateValues values) {
        CharSourceRange r =
            Lexer::makeFileCharRange(CharSourceRange::getTokenRange(e->getSourceRange()), *sm_, lo);
        values[key] = "\x01";
        std::string text = fillTemplate(templateName, values);
        size_t at = text.find('\x01');
        rewriter_.InsertText(r.getEnd(), text.substr(at + 1), /*InsertAfter=*/true);
        rewriter_.InsertText(r.getBegin(), text.substr(0, at), /*InsertAfter=*/false);
    };
    std::vector<std::pair<const Expr *, int>> edits; // back to front
    for (size_t i = 0; i < c.sizes.size(); ++i)
        edits.push_back({c.sizes[i], c.firstDim + int(i)});
    for (const Expr *e : c.initializers)
        edits.push_back({e, 0});
    std::sort(edits.begin(), edits.end(), [&](const auto &a, const auto &b) {
        return sm_->isBeforeInTranslationUnit(b.first->getBeginLoc(), a.first->getBeginLoc());
    });
    for (const auto &[e, dim] : edits) {
        if (dim)
            wrap(e, "vla_size", "SIZE", {{"DIM", dimensionName(dim)}});
        else
            wrap(e, "vla_initializer", "INITIALIZER", {});
    }
    insertBlock(begin, fillTemplate("vla_label", {{"INDEX", std::to_string(c.index)}}), indent);
}

// A call inside a larger expression cannot be re-entered when the stack is
// rebuilt: one that leads to a potential checkpoint and that the normalizer
// could not move out into a statement of its own is refused, with the reason.
void Instrumenter::checkExpressionCall(const Call &c, const Normalizer &normalizer)
{
    if (!graph_->callReaches(c))
        return;
    std::string why = normalizer.whyNot(c.site.call);
    if (c.kind == CalleeKind::Indirect) {
        error(c.site.call->getBeginLoc(),
              "this call through a function pointer may reach a potential checkpoint (a "
              "function that does has its address taken) and cannot be restored where it "
              "stands: %0")
            << why;
        return;
    }
    error(c.site.call->getBeginLoc(),
          "the call to '%0' may reach a potential checkpoint and cannot be restored where it "
          "stands: %1")
        << c.callee->getName() << why;
}

void Instrumenter::instrumentFunction(FunctionFacts &f)
{
    if (!checkFunction(f))
        return;
    std::vector<Site> sites;
    for (const CkptPragma *p : f.points) {
        Site s;
        s.pragma = p;
        s.loc = p->hashLoc;
        if (p->hashLoc.isMacroID() || p->endLoc.isInvalid()) {
            error(sm_->getExpansionLoc(p->hashLoc),
                  "'#pragma ckpt potential' cannot come from a macro that holds more than "
                  "the directive; write it directly, or use a macro that is only "
                  "_Pragma(\"ckpt potential\"), like CKPT_POTENTIAL of <aalc/ckpt_pragmas.h>");
            continue;
        }
        if (const OMPExecutableDirective *d = graph_->openmpConstructAt(f, p->hashLoc)) {
            error(p->hashLoc, "a potential checkpoint cannot be inside an OpenMP construct: no "
                              "checkpoint is taken while one runs, and no jump may enter its "
                              "structured block to rebuild the stack; move it before the "
                              "'#pragma omp %0' (docs/design.md)")
                << getOpenMPDirectiveName(d->getDirectiveKind());
            note(d->getBeginLoc(), "the OpenMP construct starts here");
            continue;
        }
        sites.push_back(s);
    }
    for (const Call &c : f.calls) {
        if (c.site.form == SiteForm::Expression || !graph_->callReaches(c))
            continue;
        if (!checkCallSite(f, c))
            continue;
        Site s;
        s.call = &c;
        s.loc = c.site.call->getBeginLoc();
        sites.push_back(s);
    }
    std::sort(sites.begin(), sites.end(), [&](const Site &a, const Site &b) {
        return sm_->isBeforeInTranslationUnit(a.loc, b.loc);
    });
    FunctionLiveness live(f.function, *ctx_);
    int label = 0;
    std::vector<Site *> ready;
    for (Site &s : sites) {
        s.label = ++label;
        if (!prepareSite(f, live, s))
            continue;
        ready.push_back(&s);
    }
    // The declarations of variably modified type that restore paths run again.
    chained_.clear();
    std::vector<const DeclStmt *> chain;
    for (const Site *s : ready)
        for (const DeclStmt *ds : s->chain)
            if (chained_.insert({ds, Chained()}).second)
                chain.push_back(ds);
    std::sort(chain.begin(), chain.end(), [&](const DeclStmt *a, const DeclStmt *b) {
        return sm_->isBeforeInTranslationUnit(a->getBeginLoc(), b->getBeginLoc());
    });
    int dims = 0;
    std::set<SourceLocation> rewritten; // where the sizes rewritten begin
    std::set<const DeclStmt *> refused;
    for (size_t i = 0; i < chain.size(); ++i) {
        Chained &c = chained_[chain[i]];
        c.index = int(i) + 1;
        if (!prepareChained(chain[i], c))
            refused.insert(chain[i]);
        c.firstDim = dims + 1;
        dims += int(c.sizes.size());
        for (const Expr *e : c.sizes)
            rewritten.insert(e->getBeginLoc());
    }
    for (const DeclStmt *ds : chain) {
        const NamedDecl *bad = nullptr;
        if (!refused.count(ds) && !sizesCovered(ds, rewritten, f.function, *sm_, bad))
            error(bad->getLocation(),
                  "the type of '%0' has an array size that is not written in its "
                  "declaration (from '__typeof__'?), and that cannot be given back its value "
                  "when the declaration runs again as the stack is rebuilt; write the array "
                  "type out in the declaration, or in a typedef")
                << bad->getName();
    }
    // A call that initializes a chained declaration would be made again.
    for (const Site *s : ready)
        if (s->call && s->call->site.form == SiteForm::Declaration)
            if (const auto *ds = dyn_cast<DeclStmt>(s->call->site.statement);
                ds && chained_.count(ds)) {
                const auto *v = cast<VarDecl>(ds->getSingleDecl());
                error(s->loc,
                      "the call to '%0' may reach a potential checkpoint and initializes '%1', "
                      "of variably modified type, whose declaration runs again when the stack "
                      "is rebuilt for a later checkpoint in its scope; declare '%1' first, and "
                      "assign it the result in a statement of its own")
                    << (s->call->callee ? s->call->callee->getName().str()
                                        : std::string("a function pointer"))
                    << v->getName();
            }
    std::string cases;
    for (Site *s : ready) {
        if (!cases.empty())
            cases += "\n";
        if (s->chain.empty()) {
            cases += fillTemplate("resume_case", {{"LABEL", std::to_string(s->label)}});
            continue;
        }
        // The sizes come first in the frame (see savedSizes).
        std::vector<SavedValue> sizes = savedSizes(*s);
        std::string restores;
        for (const SavedValue &d : sizes)
            restores += "\n        " + fillTemplate("restore_local",
                                                    {{"FROM", cursorFrom_}, {"NAME", d.name}});
        if (!sizes.empty())
            restores = fillTemplate("resume_dimensions",
                                    {{"FROM", cursorFrom_},
                                     {"SIZE", sizeSum(sizes, "                ", 50)},
                                     {"RESTORES", restores.substr(1)}}) +
                       "\n";
        cases += fillTemplate("resume_case_vla",
                              {{"LABEL", std::to_string(s->label)},
                               {"RESTORE_DIMENSIONS", restores},
                               {"FIRST", std::to_string(chained_[s->chain.front()].index)}});
        for (size_t i = 0; i < s->chain.size(); ++i)
            chained_[s->chain[i]].next.push_back(
                {s->label, i + 1 < s->chain.size()
                               ? "ckpt_vla_" + std::to_string(chained_[s->chain[i + 1]].index)
                               : "ckpt_resume_" + std::to_string(s->label)});
    }
    dropConstOfRestored(f, ready);
    applyRenames();
    // Last to first: an edit never lands where an earlier one already wrote.
    struct Edit {
        SourceLocation loc;
        Site *site;
        const DeclStmt *chained;
    };
    std::vector<Edit> edits;
    for (Site *s : ready)
        edits.push_back({s->loc, s, nullptr});
    for (const DeclStmt *ds : chain)
        edits.push_back({ds->getBeginLoc(), nullptr, ds});
    std::stable_sort(edits.begin(), edits.end(), [&](const Edit &a, const Edit &b) {
        return sm_->isBeforeInTranslationUnit(a.loc, b.loc);
    });
    for (auto it = edits.rbegin(); it != edits.rend(); ++it) {
        if (it->chained)
            emitChained(it->chained, chained_[it->chained]);
        else if (it->site->pragma)
            emitPotentialPoint(f, *it->site);
        else
            emitCallSite(f, *it->site);
    }
    if (cases.empty())
        return;
    // The restore jump table goes right after the opening brace.
    const auto *body = cast<CompoundStmt>(f.function->getBody());
    std::string indent = body->body_empty() ? indentationOf(body->getLBracLoc()) + "    "
                                            : indentationOf(sm_->getExpansionLoc(
                                                  body->body_front()->getBeginLoc()));
    std::string storeLabel = chain.empty() ? "" : labelVariable_ + " = ";
    std::string entry =
        fillTemplate("function_entry", {{"FUNCTION_ID", functionIdLiteral(f.function, unitId_)},
                                        {"STORE_LABEL", storeLabel},
                                        {"CASES", cases}});
    if (!chain.empty()) {
        std::string dimensions;
        for (int k = 1; k <= dims; ++k)
            dimensions += "\n" + fillTemplate("vla_dimension", {{"DIM", dimensionName(k)}});
        entry = fillTemplate("vla_locals",
                             {{"LABEL", labelVariable_}, {"DIMENSIONS", dimensions}}) +
                "\n" + entry;
    }
    insertBlock(body->getLBracLoc().getLocWithOffset(1), entry, indent);
}

// A call inside an OpenMP construct is never restored into: no jump may enter
// its structured block. When it may reach a potential checkpoint, the
// construct is bracketed so that the runtime takes none until it ends (inside
// a parallel region the runtime takes none anyway; this covers constructs run
// outside one: an orphaned 'for', 'single', 'task', 'simd').
void Instrumenter::guardOpenMPConstructs(const FunctionFacts &f)
{
    for (const OMPExecutableDirective *d : f.openmp) {
        const Call *reaching = nullptr;
        for (const Call &c : f.calls)
            if (c.openmp == d && graph_->calleeMayReach(c)) {
                reaching = &c;
                break;
            }
        if (!reaching)
            continue;
        std::string callee = reaching->callee ? "'" + reaching->callee->getName().str() + "'"
                                              : "a function pointer";
        // The bracket goes into this file's output: a construct in a header
        // would keep none (only functions that reach are copied out of one).
        if (!sm_->isInMainFile(sm_->getExpansionLoc(d->getBeginLoc()))) {
            error(sm_->getExpansionLoc(reaching->site.call->getBeginLoc()),
                  "the call to %0 may reach a potential checkpoint, and it is inside an OpenMP "
                  "'%1' construct in a header; move the construct into the source file, or "
                  "the potential checkpoint out of what it calls")
                << callee << getOpenMPDirectiveName(d->getDirectiveKind());
            continue;
        }
        SourceLocation begin = fileStart(d->getBeginLoc());
        SourceLocation after = afterStatement(lastStatementOf(openmpStructuredBlock(d)));
        if (begin.isInvalid() || after.isInvalid() || !after.isFileID()) {
            error(d->getBeginLoc(), "cannot find where this OpenMP construct begins and ends, "
                                    "to take no checkpoint inside it");
            continue;
        }
        warning(sm_->getExpansionLoc(reaching->site.call->getBeginLoc()),
                "the call to %0 may reach a potential checkpoint, and it is inside an OpenMP "
                "'%1' construct: no checkpoint is taken until the construct ends")
            << callee << getOpenMPDirectiveName(d->getDirectiveKind());
        bool braces = !isa_and_nonnull<CompoundStmt>(parentStmt(d, *ctx_));
        // '#pragma omp' often starts its line: indent the bracket as the code
        // the directive applies to, adding to the pragma line's own indent.
        std::string indent =
            indentationOf(sm_->getExpansionLoc(openmpStructuredBlock(d)->getBeginLoc()));
        std::string own = indentationOf(begin);
        std::string first = indent.compare(0, own.size(), own) == 0 ? indent.substr(own.size()) : "";
        insertBlock(after, fillTemplate("openmp_construct_end", {}) + (braces ? "\n}" : ""),
                    indent);
        insertBlock(begin,
                    first + (braces ? "{\n" : "") + fillTemplate("openmp_construct_begin", {}),
                    indent);
    }
}

// What this unit knows and assumes about reaching potential checkpoints, and
// how to instrument it again (see unit_summary.c.in and ckpt-link).
std::string Instrumenter::unitSummary() const
{
    std::string lines = "    \"U " + escapeForString(unitId_) + "\\n\"";
    auto line = [&](const char *tag, const std::string &text) {
        lines += "\n    \"" + std::string(tag) + " " + escapeForString(text) + "\\n\"";
    };
    auto add = [&](const char *tag, const std::vector<std::string> &items) {
        std::vector<std::string> sorted(items);
        std::sort(sorted.begin(), sorted.end());
        sorted.erase(std::unique(sorted.begin(), sorted.end()), sorted.end());
        for (const std::string &s : sorted)
            line(tag, s);
    };
    add("R", summaryReaches_);
    add("C", summaryEdges_);
    add("P", summaryAddressTaken_);
    add("A", summaryAssumes_);
    if (!options_.record)
        return fillTemplate("unit_summary", {{"LINES", lines}});
    line("H", sourcesHash_);
    line("W", options_.workingDirectory);
    line("S", fileName_);
    for (const std::string &flag : options_.parseFlags)
        line("I", flag);
    for (const std::string &word : options_.compileCommand)
        line("X", word);
    return fillTemplate("unit_summary", {{"LINES", lines}});
}

// A hash of every file the parse read (the source and its headers, by name and
// contents): instrumenting the unit again is only right from the same sources.
std::string Instrumenter::hashOfSources() const
{
    std::vector<std::pair<std::string, uint64_t>> files;
    for (auto it = sm_->fileinfo_begin(); it != sm_->fileinfo_end(); ++it) {
        auto buffer = sm_->getMemoryBufferForFileOrNone(it->first);
        if (buffer)
            files.push_back({it->first->getName().str(), llvm::xxHash64(buffer->getBuffer())});
    }
    std::sort(files.begin(), files.end());
    std::string all;
    for (const auto &[name, hash] : files)
        all += name + '\0' + std::to_string(hash) + '\n';
    char buf[32];
    std::snprintf(buf, sizeof buf, "%016llx", (unsigned long long)llvm::xxHash64(all));
    return buf;
}

// Calls and address uses as facts about the whole program: which functions
// reach here, which calls lead elsewhere, and what this output assumes.
void Instrumenter::summarise(const FunctionFacts &f)
{
    std::string name = CallGraph::qualifiedName(f.function, unitId_);
    if (f.reaches)
        summaryReaches_.push_back(name);
    for (const Call &c : f.calls) {
        if (c.kind == CalleeKind::Library) {
            if (c.callee && graph_->hintedNoReach(c.callee))
                summaryAssumes_.push_back(c.callee->getName().str());
            continue;
        }
        std::string callee =
            c.kind == CalleeKind::Indirect ? "*" : CallGraph::qualifiedName(c.callee, unitId_);
        // A call inside an OpenMP construct never makes its caller reach (it is
        // guarded instead), but whether it must be guarded is an assumption too.
        if (!f.reaches && !c.openmp)
            summaryEdges_.push_back(name + "\t" + callee);
        if (!graph_->calleeMayReach(c) && c.kind != CalleeKind::Local)
            summaryAssumes_.push_back(callee);
    }
}

// '#pragma ckpt noreach' stays as a comment so the C compiler does not warn.
void Instrumenter::neutralisePragmaLines()
{
    for (const CkptPragma &p : pragmas_.pragmas()) {
        if (p.kind != CkptPragma::NoReach || !p.hashLoc.isFileID() || p.endLoc.isInvalid() ||
            !sm_->isWrittenInMainFile(p.hashLoc))
            continue;
        if (p.isOperator) // code may follow on the same line: comment out the operator only
            rewriter_.ReplaceText(CharSourceRange::getCharRange(p.hashLoc, p.endLoc),
                                  "/* " + sourceText(SourceRange(p.hashLoc, p.endLoc)) + " */");
        else
            rewriter_.InsertText(p.hashLoc, "// ", false);
    }
}

// ---------------------------------------------------------------------------
// Static functions defined in headers. The header is not rewritten: each one
// that may reach a potential checkpoint and that code which runs uses gets a
// copy in the file, ckpt_header_NAME, right after the file's #include that
// brought its definition in, and the file's code (and the other copies) use
// the copy. The next pass instruments the copies like the file's own
// functions; the header's definitions are then never called.

static std::string headerCopyName(const FunctionDecl *fn)
{
    return "ckpt_header_" + fn->getName().str();
}

namespace {
// Every reference to a function, with the function definition it is in.
class FunctionUses : public CVisitor<FunctionUses> {
public:
    struct Use {
        const DeclRefExpr *ref;
        const FunctionDecl *target; // its definition when the unit has one
        const FunctionDecl *in;     // null outside function bodies
    };
    bool TraverseFunctionDecl(FunctionDecl *fn)
    {
        const FunctionDecl *outer = in_;
        if (fn->doesThisDeclarationHaveABody())
            in_ = fn;
        bool ok = CVisitor<FunctionUses>::TraverseFunctionDecl(fn);
        in_ = outer;
        return ok;
    }
    // ckpt_header_NAME_original, which names a header's definition that the
    // copy replaces only to keep it from being reported unused, calls nothing.
    bool TraverseVarDecl(VarDecl *v)
    {
        if (v->getName().startswith("ckpt_header_") && v->getName().endswith("_original"))
            return true;
        return CVisitor<FunctionUses>::TraverseVarDecl(v);
    }
    bool VisitDeclRefExpr(DeclRefExpr *e)
    {
        if (const auto *fn = dyn_cast<FunctionDecl>(e->getDecl()))
            uses.push_back({e, fn->getDefinition() ? fn->getDefinition() : fn, in_});
        return true;
    }
    std::vector<Use> uses;

private:
    const FunctionDecl *in_ = nullptr;
};
} // namespace

// A static function defined in a header (not a system one) whose definition
// and name are written there, not made by a macro.
bool Instrumenter::copyable(const FunctionDecl *fn) const
{
    if (!fn || !fn->doesThisDeclarationHaveABody() || fn->getStorageClass() != SC_Static)
        return false;
    SourceLocation name = fn->getLocation(), body = fn->getBody()->getBeginLoc();
    if (name.isMacroID() || body.isMacroID() || sm_->isInMainFile(name) ||
        sm_->isInSystemHeader(name) || sm_->getFileID(name) != sm_->getFileID(body))
        return false;
    CharSourceRange range = Lexer::makeFileCharRange(
        CharSourceRange::getTokenRange(fn->getSourceRange()), *sm_, ctx_->getLangOpts());
    return range.isValid() && sm_->getFileID(range.getBegin()) == sm_->getFileID(name);
}

// The main file's #include line that brings in loc, directly or through other
// headers; the start of the main file for a header of '-include FILE'.
SourceLocation Instrumenter::includeInMainFile(SourceLocation loc) const
{
    FileID file = sm_->getFileID(sm_->getExpansionLoc(loc));
    while (file.isValid() && file != sm_->getMainFileID()) {
        if (pp_ && file == pp_->getPredefinesFileID())
            return sm_->getLocForStartOfFile(sm_->getMainFileID());
        loc = sm_->getIncludeLoc(file);
        if (loc.isInvalid())
            return SourceLocation();
        file = sm_->getFileID(loc);
    }
    return file.isValid() ? loc : SourceLocation();
}

// Writes the copies and the renamed uses; true when there were any (the text
// is then parsed again). Header functions that no code which runs uses are
// marked as not reaching: they are never called.
bool Instrumenter::copyHeaderFunctions(CallGraph &graph)
{
    FunctionUses all;
    all.TraverseDecl(ctx_->getTranslationUnitDecl());
    auto fromMainFile = [&](const DeclRefExpr *ref) {
        return sm_->isInMainFile(sm_->getExpansionLoc(ref->getLocation()));
    };
    auto headerStatic = [&](const FunctionDecl *fn) {
        return fn && fn->doesThisDeclarationHaveABody() && fn->getStorageClass() == SC_Static &&
               !sm_->isInMainFile(sm_->getExpansionLoc(fn->getLocation()));
    };
    // Used: named outside the header's static functions, or in the body of one used.
    std::set<const FunctionDecl *> used;
    std::vector<const FunctionDecl *> work;
    auto use = [&](const FunctionDecl *fn) {
        if (headerStatic(fn) && used.insert(fn).second)
            work.push_back(fn);
    };
    for (const auto &u : all.uses)
        if (!headerStatic(u.in))
            use(u.target);
    while (!work.empty()) {
        const FunctionDecl *fn = work.back();
        work.pop_back();
        for (const auto &u : all.uses)
            if (u.in == fn)
                use(u.target);
    }
    std::set<const FunctionDecl *> copies;
    for (FunctionFacts *f : graph.functions()) {
        if (!headerStatic(f->function) || !f->reaches)
            continue;
        if (!used.count(f->function)) {
            f->reaches = false; // never called
            neverCalled_.insert(f->function);
        }
        else if (copyable(f->function))
            copies.insert(f->function);
    }
    // A use in a header outside the copies would still call the header's
    // definition: that one stays refused (checkFunction).
    for (bool changed = true; changed;) {
        changed = false;
        for (const auto &u : all.uses)
            if (copies.count(u.target) && !fromMainFile(u.ref) && !copies.count(u.in) &&
                (!headerStatic(u.in) || used.count(u.in))) {
                copies.erase(u.target);
                notCopied_.emplace(u.target, sm_->getExpansionLoc(u.ref->getLocation()));
                changed = true;
            }
    }
    if (copies.empty())
        return false;

    // Renamed uses: in the file, by the rewriter; in the copies, in their text.
    std::map<const FunctionDecl *, std::map<unsigned, const FunctionDecl *>> renames;
    std::set<SourceLocation> renamedInFile;
    for (const auto &u : all.uses) {
        if (!copies.count(u.target))
            continue;
        SourceLocation at = sm_->getSpellingLoc(u.ref->getLocation());
        if (fromMainFile(u.ref)) {
            if (!sm_->isWrittenInMainFile(at)) {
                error(sm_->getExpansionLoc(u.ref->getLocation()),
                      "'%0' is defined in a header and may reach a potential checkpoint, and "
                      "this use of it comes from a macro of a header, which ckpt-instrument "
                      "cannot rewrite; write the name '%0' directly in the source")
                    << u.target->getName();
                continue;
            }
            if (renamedInFile.insert(at).second)
                rewriter_.ReplaceText(at, u.target->getName().size(), headerCopyName(u.target));
            continue;
        }
        CharSourceRange range = Lexer::makeFileCharRange(
            CharSourceRange::getTokenRange(u.in->getSourceRange()), *sm_, ctx_->getLangOpts());
        if (sm_->getFileID(at) != sm_->getFileID(range.getBegin()) ||
            sm_->getFileOffset(at) < sm_->getFileOffset(range.getBegin()) ||
            sm_->getFileOffset(at) >= sm_->getFileOffset(range.getEnd())) {
            error(sm_->getExpansionLoc(u.ref->getLocation()),
                  "'%0' may reach a potential checkpoint and is used in '%1', both defined in "
                  "a header, through a macro defined outside '%1', which ckpt-instrument "
                  "cannot rewrite; write the name '%0' directly in '%1'")
                << u.target->getName() << u.in->getName();
            continue;
        }
        renames[u.in][sm_->getFileOffset(at)] = u.target;
    }
    if (failed_)
        return false;

    // Declarations of a copied function in the file itself name the copy too:
    // the file's uses after them do.
    for (const FunctionDecl *fn : copies)
        for (const FunctionDecl *d : fn->redecls()) {
            SourceLocation at = d->getLocation();
            if (d == fn || !sm_->isInMainFile(sm_->getExpansionLoc(at)))
                continue;
            if (!sm_->isWrittenInMainFile(sm_->getSpellingLoc(at)) || at.isMacroID()) {
                error(sm_->getExpansionLoc(at),
                      "'%0' is defined in a header and may reach a potential checkpoint, and "
                      "this declaration of it is written by a macro, which ckpt-instrument "
                      "cannot rewrite; write the declaration without the macro")
                    << fn->getName();
                continue;
            }
            rewriter_.ReplaceText(at, fn->getName().size(), headerCopyName(fn));
        }
    if (failed_)
        return false;

    // The copies in the order of the unit, each group after its #include line.
    std::vector<const FunctionDecl *> order(copies.begin(), copies.end());
    std::sort(order.begin(), order.end(), [&](const FunctionDecl *a, const FunctionDecl *b) {
        return sm_->isBeforeInTranslationUnit(a->getLocation(), b->getLocation());
    });
    // The text of a declaration (a prototype: the definition up to its body)
    // with the names of the copies, under a #line directive naming the header.
    auto textOf = [&](const FunctionDecl *decl, bool prototype) {
        CharSourceRange range = Lexer::makeFileCharRange(
            CharSourceRange::getTokenRange(decl->getSourceRange()), *sm_, ctx_->getLangOpts());
        unsigned begin = sm_->getFileOffset(range.getBegin());
        unsigned end = prototype && decl->doesThisDeclarationHaveABody()
                           ? sm_->getFileOffset(decl->getBody()->getBeginLoc())
                           : sm_->getFileOffset(range.getEnd());
        std::string text =
            sm_->getBufferData(sm_->getFileID(range.getBegin())).slice(begin, end).str();
        std::map<unsigned, const FunctionDecl *> names;
        if (decl->doesThisDeclarationHaveABody())
            names = renames[decl];
        names[sm_->getFileOffset(decl->getLocation())] = decl;
        for (auto it = names.rbegin(); it != names.rend(); ++it)
            if (it->first < end)
                text.replace(it->first - begin, it->second->getName().size(),
                             headerCopyName(it->second));
        if (prototype) {
            while (!text.empty() && isspace(static_cast<unsigned char>(text.back())))
                text.pop_back();
            text += ";";
        }
        PresumedLoc p = sm_->getPresumedLoc(range.getBegin());
        return "#line " + std::to_string(p.getLine()) + " \"" + escapeForString(p.getFilename()) +
               "\"\n" + text + "\n";
    };
    // A declaration alone, written in the header, not by a macro: the text of
    // the first one of a function can declare its copy.
    auto ownDeclaration = [&](const FunctionDecl *decl) {
        SourceLocation name = decl->getLocation();
        CharSourceRange range = Lexer::makeFileCharRange(
            CharSourceRange::getTokenRange(decl->getSourceRange()), *sm_, ctx_->getLangOpts());
        if (name.isMacroID() || range.isInvalid() ||
            sm_->getFileID(range.getBegin()) != sm_->getFileID(name))
            return false;
        // 'static int f(int), g(int);': g's text would declare f too.
        llvm::StringRef before =
            sm_->getBufferData(sm_->getFileID(name))
                .slice(sm_->getFileOffset(range.getBegin()), sm_->getFileOffset(name));
        int depth = 0;
        for (char c : before) {
            depth += (c == '(' || c == '[') - (c == ')' || c == ']');
            if (c == ',' && depth == 0)
                return false;
        }
        return true;
    };
    // Where the text for an #include line goes: at the start of the next line.
    FileID main = sm_->getMainFileID();
    llvm::StringRef buffer = sm_->getBufferData(main);
    // The directive ends at the first newline after the header's name that is
    // neither escaped nor inside a comment ('#include "a.h" /* ...\n... */').
    auto afterInclude = [&](SourceLocation include) {
        size_t i = sm_->getFileOffset(include), n = buffer.size();
        if (include == sm_->getLocForStartOfFile(main)) // '-include FILE': after a byte-order mark
            return include.getLocWithOffset(buffer.startswith("\xEF\xBB\xBF") ? 3 : 0);
        if (i < n && (buffer[i] == '"' || buffer[i] == '<')) {
            size_t close = buffer.find(buffer[i] == '"' ? '"' : '>', i + 1);
            i = close == llvm::StringRef::npos ? n : close + 1;
        }
        while (i < n && buffer[i] != '\n') {
            if (buffer.substr(i).startswith("/*")) {
                size_t close = buffer.find("*/", i + 2);
                i = close == llvm::StringRef::npos ? n : close + 2;
            } else if (buffer.substr(i).startswith("//")) {
                while (i < n && buffer[i] != '\n')
                    i += buffer[i] == '\\' && i + 1 < n ? 2 : 1;
            } else
                i += buffer[i] == '\\' && i + 1 < n ? 2 : 1;
        }
        return i >= n ? sm_->getLocForEndOfFile(main)
                      : sm_->getLocForStartOfFile(main).getLocWithOffset(static_cast<int>(i + 1));
    };
    // The copied text is read again after the #include: a macro it uses must
    // still mean the same there (a header may #undef its helpers at its end).
    auto sameMacros = [&](const FunctionDecl *decl, SourceLocation include) {
        if (!pp_)
            return true;
        CharSourceRange range = Lexer::makeFileCharRange(
            CharSourceRange::getTokenRange(decl->getSourceRange()), *sm_, ctx_->getLangOpts());
        FileID file = sm_->getFileID(range.getBegin());
        llvm::StringRef data = sm_->getBufferData(file);
        unsigned begin = sm_->getFileOffset(range.getBegin());
        unsigned end = sm_->getFileOffset(range.getEnd());
        Lexer lexer(sm_->getLocForStartOfFile(file), ctx_->getLangOpts(), data.begin(),
                    data.begin() + begin, data.end());
        SourceLocation at = afterInclude(include);
        auto inside = [&](SourceLocation loc) {
            return loc.isValid() && sm_->getFileID(loc) == file &&
                   sm_->getFileOffset(loc) >= begin && sm_->getFileOffset(loc) < end;
        };
        Token token;
        bool directive = false, definition = false;
        while (!lexer.LexFromRawLexer(token) && sm_->getFileOffset(token.getLocation()) < end) {
            // '#define' and '#undef' lines are copied too: their names are
            // not read there; the other directives' are ('#ifdef NAME').
            if (token.isAtStartOfLine())
                directive = token.is(tok::hash);
            else if (directive && token.is(tok::raw_identifier) && !definition)
                definition =
                    token.getRawIdentifier() == "define" || token.getRawIdentifier() == "undef";
            if (token.isAtStartOfLine())
                definition = false;
            if (!token.is(tok::raw_identifier) || (directive && definition))
                continue;
            IdentifierInfo *id = pp_->getIdentifierInfo(token.getRawIdentifier());
            if (!id->hadMacroDefinition())
                continue;
            const MacroInfo *there =
                pp_->getMacroDefinitionAtLoc(id, token.getLocation()).getMacroInfo();
            const MacroInfo *here = pp_->getMacroDefinitionAtLoc(id, at).getMacroInfo();
            if (there == here || (there && here && there->isIdenticalTo(*here, *pp_, false)) ||
                (there && inside(there->getDefinitionLoc())))
                continue;
            error(token.getLocation(),
                  "'%0' is defined in a header and may reach a potential checkpoint; "
                  "ckpt-instrument copies it into the source file after the #include that "
                  "brings it in, but the macro '%1' it uses is %select{undefined|defined "
                  "otherwise}2 there; keep '%1' defined after the header, or move '%0' into "
                  "a .c file")
                << decl->getName() << id->getName() << (here ? 1 : 0);
            if (include == sm_->getLocForStartOfFile(main))
                note(include, "the copy goes at the start of the file, after the headers of "
                              "'-include'");
            else
                note(include, "the copy goes after this #include");
            return false;
        }
        return true;
    };
    std::map<SourceLocation, std::string> prototypes, blocks;
    std::vector<SourceLocation> points;
    auto block = [&](SourceLocation include) -> std::string & {
        if (!prototypes.count(include) && !blocks.count(include))
            points.push_back(include);
        prototypes[include];
        return blocks[include];
    };
    // A copy whose function a header declares before the #include that defines
    // it is declared as there, after the #include of that declaration (where
    // every type its prototype names is declared): the file's code and the
    // copies between the two may use it. A declaration in the file itself
    // names the copy already.
    std::set<const FunctionDecl *> declared;
    for (const FunctionDecl *fn : order) {
        SourceLocation include = includeInMainFile(fn->getLocation());
        const FunctionDecl *first = fn->getFirstDecl();
        if (first == fn || include.isInvalid())
            continue;
        if (sm_->isInMainFile(sm_->getExpansionLoc(first->getLocation()))) {
            declared.insert(fn);
            continue;
        }
        SourceLocation firstInclude = includeInMainFile(first->getLocation());
        if (firstInclude.isInvalid() || firstInclude == include)
            continue;
        if (!ownDeclaration(first)) {
            error(first->getLocation(),
                  "'%0' is defined in a header and may reach a potential checkpoint, and this "
                  "first declaration of it, in a header included before the one that defines "
                  "it, %select{is written by a macro|declares other names too}1; "
                  "ckpt-instrument copies it to declare its copy; declare '%0' in a "
                  "declaration of its own, written without a macro")
                << fn->getName() << (first->getLocation().isMacroID() ? 0 : 1);
            continue;
        }
        if (!sameMacros(first, firstInclude))
            continue;
        block(firstInclude);
        prototypes[firstInclude] += textOf(first, true);
        declared.insert(fn);
    }
    if (failed_)
        return false;
    // A copy used before its own definition (in the copies' order) is declared first.
    for (const FunctionDecl *fn : order) {
        SourceLocation include = includeInMainFile(fn->getLocation());
        if (include.isInvalid()) {
            error(fn->getLocation(), "function '%0' may reach a potential checkpoint but is "
                                     "defined in a header that the source file does not "
                                     "include; move its definition into a .c file")
                << fn->getName();
            return false;
        }
        if (!sameMacros(fn, include))
            continue;
        std::string &text = block(include);
        for (const auto &[offset, target] : renames[fn])
            if (target != fn && !declared.count(target) &&
                !sm_->isBeforeInTranslationUnit(target->getLocation(), fn->getLocation())) {
                text += textOf(target, true);
                declared.insert(target);
            }
        text += textOf(fn, false);
        // A plain static definition that nothing calls any more would warn
        // (-Wunused-function): a constant that is itself marked unused names it.
        if (!fn->isInlineSpecified())
            text += "static __typeof__(" + fn->getName().str() + ") *const " + headerCopyName(fn) +
                    "_original __attribute__((__unused__)) = " + fn->getName().str() + ";\n";
        declared.insert(fn);
    }
    if (failed_)
        return false;
    for (SourceLocation include : points) {
        SourceLocation at = afterInclude(include);
        bool end = at == sm_->getLocForEndOfFile(main);
        std::string text = prototypes[include] + blocks[include] +
                           (end ? lineDirectiveAt(include, 1) : lineDirectiveAt(at, 0)) + "\n";
        rewriter_.InsertTextAfter(at, end ? "\n" + text : text);
    }
    return true;
}

// The parents of statements (getParents) are mapped for the whole unit when
// first asked for: with <mpi.h>'s thousand prototypes, a third of the time
// ckpt-instrument spent on an MPI sample. Only code is asked about: the
// function definitions and file-scope initialisers, and everything of the
// main file. (Visitors that start at the unit see the same scope.)
static void limitParentMap(ASTContext &ctx)
{
    const SourceManager &sm = ctx.getSourceManager();
    std::vector<Decl *> scope;
    for (Decl *d : ctx.getTranslationUnitDecl()->decls()) {
        auto *fn = dyn_cast<FunctionDecl>(d);
        auto *var = dyn_cast<VarDecl>(d);
        if ((fn && fn->doesThisDeclarationHaveABody()) || (var && var->hasInit()) ||
            sm.isInMainFile(sm.getExpansionLoc(d->getLocation())))
            scope.push_back(d);
    }
    ctx.setTraversalScope(scope);
}

void Instrumenter::HandleTranslationUnit(ASTContext &ctx)
{
    ctx_ = &ctx;
    sm_ = &ctx.getSourceManager();
    if (ctx.getDiagnostics().hasErrorOccurred())
        return;
    FileID main = sm_->getMainFileID();
    llvm::SmallString<256> absolute(fileName_);
    llvm::sys::fs::make_absolute(absolute);
    llvm::sys::path::remove_dots(absolute, true);
    unitId_ = absolute.str().str();

    if (options_.pass > 1)
        sourcesHash_ = options_.knownHash; // the sources as written, not the normalized text
    else if (options_.record || !options_.expectedHash.empty())
        sourcesHash_ = hashOfSources();
    result_.sourcesHash = sourcesHash_;
    if (!options_.expectedHash.empty() && options_.expectedHash != sourcesHash_) {
        llvm::errs() << fileName_
                     << ": error: this file or a header it includes changed since the object "
                        "was compiled from it; rebuild the object\n";
        failed_ = true;
        return;
    }
    limitParentMap(ctx);
    // The cursors of the save and restore blocks and the VLA jump label: names
    // the unit does not use, so that they never hide a local they save.
    cursorTo_ = unusedName("ckpt_to", *ctx_);
    cursorFrom_ = unusedName("ckpt_from", *ctx_);
    labelVariable_ = unusedName("ckpt_label", *ctx_);
    CallGraph graph(ctx, pragmas_.pragmas(), options_.facts);
    graph_ = &graph;
    for (const CkptPragma *p : graph.strayPragmas())
        error(sm_->getExpansionLoc(p->hashLoc),
              "'#pragma ckpt potential' must be inside a function body, between statements");
    for (const auto &cb : graph.libraryCallbacks()) {
        error(cb.use->getBeginLoc(),
              "'%0' may reach a potential checkpoint, but it is passed to the library function "
              "'%1', whose frames cannot be saved; do not let code called from a library reach "
              "a '#pragma ckpt potential'")
            << cb.function->getName() << cb.libraryCall->getDirectCallee()->getName();
    }
    // Static functions of headers get copies in the file first (parsed again).
    bool failedBefore = failed_;
    if (copyHeaderFunctions(graph)) {
        if (const clang::RewriteBuffer *buffer = rewriter_.getRewriteBufferFor(main))
            output_.assign(buffer->begin(), buffer->end());
        result_.anotherPass = true;
        return;
    }
    if (failed_ && !failedBefore)
        return;
    // Calls that reach a checkpoint inside expressions are moved out first,
    // and the result parsed again (main.cpp).
    Normalizer normalizer(ctx, graph, rewriter_, options_.pass);
    if (options_.normalize && normalizer.run()) {
        if (const clang::RewriteBuffer *buffer = rewriter_.getRewriteBufferFor(main))
            output_.assign(buffer->begin(), buffer->end());
        result_.anotherPass = true;
        return;
    }
    for (const clang::FunctionDecl *fn : graph.addressTaken())
        summaryAddressTaken_.push_back(CallGraph::qualifiedName(fn, unitId_));
    const auto &functions = graph.functions();
    checkSummaryNames();
    if (std::any_of(functions.begin(), functions.end(), [&](const FunctionFacts *f) {
            return f->reaches && !neverCalled_.count(f->function);
        }))
        checkRuntimeMacros();
    for (FunctionFacts *f : functions) {
        if (neverCalled_.count(f->function))
            continue;
        summarise(*f);
        for (const Call &c : f->calls)
            if (c.site.form == SiteForm::Expression)
                checkExpressionCall(c, normalizer);
        // '#pragma ckpt noreach(f)' about a function this very file shows to reach one.
        for (const CkptPragma &p : pragmas_.pragmas())
            if (p.kind == CkptPragma::NoReach && f->reaches)
                for (const std::string &name : p.names)
                    if (name == f->function->getName())
                        error(sm_->getExpansionLoc(p.hashLoc),
                              "'#pragma ckpt noreach(%0)' is wrong: '%0' reaches a potential "
                              "checkpoint in this file; remove it from the list")
                            << name;
        if (f->reaches)
            instrumentFunction(*f);
        guardOpenMPConstructs(*f);
    }
    for (const CkptPragma &p : pragmas_.pragmas())
        if (p.kind == CkptPragma::NoReach)
            for (const std::string &name : p.names)
                if (options_.facts.reachingExternals.count(name))
                    error(sm_->getExpansionLoc(p.hashLoc),
                          "'#pragma ckpt noreach(%0)' is wrong: '%0' reaches a potential "
                          "checkpoint in another unit of the program; remove it from the list")
                        << name;
    neutralisePragmaLines();
    if (failed_)
        return;

    std::string body;
    if (const clang::RewriteBuffer *buffer = rewriter_.getRewriteBufferFor(main))
        body.assign(buffer->begin(), buffer->end());
    else
        body = sm_->getBufferData(main).str();
    // A UTF-8 byte-order mark stays first: before it, the inserted lines would
    // make it a stray character in the middle of the file (gcc rejects it).
    static const std::string bom = "\xEF\xBB\xBF";
    std::string lead;
    if (body.compare(0, bom.size(), bom) == 0) {
        lead = bom;
        body.erase(0, bom.size());
    }
    output_ = lead + fillTemplate("file_prologue", {}) + "\n" + lineDirective(1) + "\n" + body;
    if (!output_.empty() && output_.back() != '\n')
        output_ += "\n";
    output_ += unitSummary() + "\n";
}

}  // namespace aalc
