// The code shapes from templates/*.c.in, embedded at build time, and their filling.
#pragma once

#include <map>
#include <string>

namespace aalc {

using TemplateValues = std::map<std::string, std::string>;

// Text of templates/<name>.c.in with every @KEY@ replaced by values[KEY] and
// the final newline removed. Unknown templates or keys are programming errors.
std::string fillTemplate(const std::string &name, const TemplateValues &values);

}  // namespace aalc
