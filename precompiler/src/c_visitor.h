// A RecursiveASTVisitor for C sources, which declare no C++ classes.
#pragma once

#include "clang/AST/RecursiveASTVisitor.h"

namespace aalc
{

// Skips C++ class declarations (there are none in C). Leaving Clang's
// traversal of their base classes uninstantiated also keeps GCC 12 from a
// false -Wnonnull inside Clang's headers (LazyOffsetPtr::get, inlined into
// each visitor of ours).
template <typename Derived> class CVisitor : public clang::RecursiveASTVisitor<Derived>
{
  public:
    bool TraverseCXXRecordDecl(clang::CXXRecordDecl *) { return true; }
    bool TraverseClassTemplateSpecializationDecl(clang::ClassTemplateSpecializationDecl *)
    {
        return true;
    }
    bool
    TraverseClassTemplatePartialSpecializationDecl(clang::ClassTemplatePartialSpecializationDecl *)
    {
        return true;
    }
};

} // namespace aalc
