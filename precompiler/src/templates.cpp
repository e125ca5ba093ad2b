#include "templates.h"

#include <cstdio>
#include <cstdlib>

namespace aalc {

namespace {
struct EmbeddedTemplate {
    const char *name;
    const char *text;
};
const EmbeddedTemplate kTemplates[] = {
#include "embedded_templates.inc"
};
}  // namespace

std::string fillTemplate(const std::string &name, const TemplateValues &values)
{
    const char *text = nullptr;
    for (const EmbeddedTemplate &t : kTemplates)
        if (name == t.name)
            text = t.text;
    if (!text) {
        std::fprintf(stderr, "ckpt-instrument: internal error: no template '%s'\n", name.c_str());
        std::abort();
    }
    std::string in(text), out;
    for (size_t i = 0; i < in.size();) {
        size_t at = in.find('@', i);
        size_t end = at == std::string::npos ? std::string::npos : in.find('@', at + 1);
        if (end == std::string::npos) {
            out += in.substr(i);
            break;
        }
        std::string key = in.substr(at + 1, end - at - 1);
        auto v = values.find(key);
        if (v == values.end()) {
            std::fprintf(stderr, "ckpt-instrument: internal error: template '%s' needs '%s'\n",
                         name.c_str(), key.c_str());
            std::abort();
        }
        out += in.substr(i, at - i) + v->second;
        i = end + 1;
    }
    if (!out.empty() && out.back() == '\n')
        out.pop_back();
    return out;
}

}  // namespace aalc
