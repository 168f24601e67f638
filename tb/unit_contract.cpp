#include "tb/unit_contract.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <regex>
#include <sstream>
#include <stdexcept>
#include <utility>

#include "model/isa/ptx.h"
#include "tb/dut.h"

namespace halfpipe::tb {
namespace {

std::string attribute(const std::string& element, const std::string& name) {
  std::smatch m;
  if (std::regex_search(element, m, std::regex("\\s" + name + "=\"([^\"]*)\""))) return m[1];
  return {};
}

std::string unescape(std::string text) {
  for (auto [from, to] :
       {std::pair{"&quot;", "\""}, {"&apos;", "'"}, {"&lt;", "<"}, {"&gt;", ">"}, {"&amp;", "&"}}) {
    for (size_t at; (at = text.find(from)) != std::string::npos;)
      text.replace(at, std::string(from).size(), to);
  }
  return text;
}

// A Verilator constant as a parameter's value: a number ("32'sh2") in decimal; a string, which
// Verilator writes quoted or, for an untyped parameter set by -G, as its bytes in hex
// ("288'h2f77..."), as its text.
AdapterParameter constant_value(const std::string& name) {
  AdapterParameter p;
  if (!name.empty() && name.front() == '"') {
    p.text = name.substr(1, name.size() - 2);
    return p;
  }
  std::smatch m;
  if (!std::regex_match(name, m, std::regex(R"(\d+'s?h([0-9a-fA-F]+))"))) {
    p.text = name;
    return p;
  }
  std::string hex = m[1];
  hex.erase(0, std::min(hex.find_first_not_of('0'), hex.size() - 1));
  if (hex.size() <= 15) p.number = std::stoll(hex, nullptr, 16);
  if (hex.size() % 2) hex.insert(0, "0");
  for (size_t i = 0; i < hex.size(); i += 2)
    p.text += static_cast<char>(std::stoi(hex.substr(i, 2), nullptr, 16));
  return p;
}

}  // namespace

std::vector<std::string> top_modules(const std::string& xml_path) {
  std::ifstream in(xml_path);
  const std::string xml((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::vector<std::string> tops;
  const std::regex cell(R"(<cell\s[^>]*>|</cell>|</?cells>)");
  int depth = 0;  // of <cell> elements inside the <cells> of one top (several with MULTITOP)
  for (auto it = std::sregex_iterator(xml.begin(), xml.end(), cell); it != std::sregex_iterator();
       ++it) {
    const std::string element = it->str();
    if (element == "<cells>" || element == "</cells>") {
      depth = 0;
    } else if (element == "</cell>") {
      --depth;
    } else {
      if (depth == 0) tops.push_back(attribute(element, "submodname"));
      if (element.compare(element.size() - 2, 2, "/>") != 0) ++depth;
    }
  }
  return tops;
}

Adapter read_adapter(const std::string& xml_path, const std::string& top) {
  std::ifstream in(xml_path);
  const std::string xml((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::map<std::string, std::string> files;
  const std::regex file_element(R"re(<file id="([^"]+)" filename="([^"]*)")re");
  for (auto it = std::sregex_iterator(xml.begin(), xml.end(), file_element);
       it != std::sregex_iterator(); ++it)
    files[(*it)[1]] = unescape((*it)[2]);
  auto where = [&](const std::string& element) {
    const std::string loc = attribute(element, "loc");  // "v,44,31,44,36"
    const size_t comma = loc.find(',');
    if (comma == std::string::npos) return std::string("?");
    return files[loc.substr(0, comma)] + ":" +
           loc.substr(comma + 1, loc.find(',', comma + 1) - comma - 1);
  };
  // Widths of the data types: basicdtype left/right, packed arrays and structs by name.
  std::map<std::string, std::pair<int, std::string>> dtypes;
  const std::regex dtype_element(
      R"(<(basicdtype|structdtype|refdtype|packarraydtype|enumdtype)\s[^>]*>)");
  for (auto it = std::sregex_iterator(xml.begin(), xml.end(), dtype_element);
       it != std::sregex_iterator(); ++it) {
    const std::string element = it->str();
    const std::string left = attribute(element, "left"), right = attribute(element, "right");
    int width = (*it)[1] == "basicdtype" ? 1 : 0;
    if (!left.empty() && !right.empty()) width = std::abs(std::stoi(left) - std::stoi(right)) + 1;
    dtypes[attribute(element, "id")] = {width, unescape(attribute(element, "name"))};
  }
  const std::regex module_element("<module [^>]*name=\"" + top + "\"[^>]*>");
  std::smatch m;
  if (!std::regex_search(xml, m, module_element))
    throw std::invalid_argument(fmt::format("{}: the elaboration has no module {}", xml_path, top));
  Adapter adapter;
  adapter.where = where(m.str());
  const size_t begin = m.position(0) + m.length(0);
  const std::string body = xml.substr(begin, xml.find("</module>", begin) - begin);
  const std::regex var_element(R"(<var\s[^>]*>)");
  for (auto it = std::sregex_iterator(body.begin(), body.end(), var_element);
       it != std::sregex_iterator(); ++it) {
    const std::string element = it->str();
    const std::string name = attribute(element, "name");
    if (!attribute(element, "dir").empty()) {
      const auto& [width, type] = dtypes[attribute(element, "dtype_id")];
      adapter.ports[name] = {attribute(element, "dir"), width, type, where(element)};
    } else if (attribute(element, "param") == "true") {
      std::smatch value;
      const std::string rest = body.substr(it->position() + it->length(), 400);
      AdapterParameter parameter;
      if (std::regex_search(rest, value, std::regex(R"re(^\s*<const [^>]*name="([^"]*)")re")))
        parameter = constant_value(unescape(value[1]));
      parameter.where = where(element);
      adapter.parameters[name] = parameter;
    }
  }
  return adapter;
}

DeclaredUnit check_contract(const Adapter& adapter, const std::string& top) {
  auto number = [&](const std::string& name, std::optional<int> otherwise, int low, int high) {
    const auto it = adapter.parameters.find(name);
    if (it == adapter.parameters.end()) {
      if (otherwise) return *otherwise;
      throw std::invalid_argument(
          fmt::format("{}: the adapter {} has no parameter {}: the contract needs it ({}..{})",
                      adapter.where, top, name, low, high));
    }
    const std::optional<int64_t>& value = it->second.number;
    if (!value || *value < low || *value > high)
      throw std::invalid_argument(
          fmt::format("{}: parameter {} is {}: the contract needs {}..{}", it->second.where, name,
                      value ? std::to_string(*value) : "not a number", low, high));
    return static_cast<int>(*value);
  };
  DeclaredUnit d;
  d.lanes = number("Lanes", std::nullopt, 1, kMaxLanes);
  d.tag_width = number("TagWidth", std::nullopt, 1, 32);
  d.in_order = number("InOrder", 1, 0, 1) == 1;
  for (auto [name, field] : {std::pair{"Forms", &d.forms}, {"Latencies", &d.latencies}}) {
    const auto it = adapter.parameters.find(name);
    if (it != adapter.parameters.end()) *field = it->second.text;
  }
  std::istringstream forms(d.forms);
  for (std::string form; forms >> form;) {
    if (!isa::decode_ptx(form).uop)
      throw std::invalid_argument(fmt::format(
          "{}: parameter Forms names '{}', which is no PTX form (halfpipe forms lists them)",
          adapter.parameters.at("Forms").where, form));
  }
  std::istringstream latencies(d.latencies);
  for (std::string setting; latencies >> setting;) {
    if (!std::regex_match(setting, std::regex(R"([a-z0-9]+=[1-9][0-9]*)")))
      throw std::invalid_argument(fmt::format(
          "{}: parameter Latencies holds '{}': give FAMILY=CYCLES words, e.g. \"add=2 fma=5\"",
          adapter.parameters.at("Latencies").where, setting));
  }
  struct Expected {
    const char* name;
    const char* dir;
    int width;
  };
  const int lanes = d.lanes, tag = d.tag_width;
  const Expected expected[] = {{"clk_i", "input", 1},
                               {"rst_ni", "input", 1},
                               {"in_valid_i", "input", 1},
                               {"in_ready_o", "output", 1},
                               {"in_uop_i", "input", 20},
                               {"in_lane_mask_i", "input", lanes},
                               {"in_a_i", "input", 16 * lanes},
                               {"in_b_i", "input", 16 * lanes},
                               {"in_c_i", "input", 16 * lanes},
                               {"in_tag_i", "input", tag},
                               {"out_valid_o", "output", 1},
                               {"out_ready_i", "input", 1},
                               {"out_result_o", "output", 16 * lanes},
                               {"out_tag_o", "output", tag},
                               {"out_lane_mask_o", "output", lanes}};
  for (const Expected& e : expected) {
    const auto it = adapter.ports.find(e.name);
    if (it == adapter.ports.end())
      throw std::invalid_argument(
          fmt::format("{}: the adapter {} has no port {} ({}, {} bit{}): the contract needs it",
                      adapter.where, top, e.name, e.dir, e.width, e.width == 1 ? "" : "s"));
    const AdapterPort& p = it->second;
    if (p.dir != e.dir)
      throw std::invalid_argument(fmt::format("{}: port {} is an {}: the contract needs an {}",
                                              p.where, e.name, p.dir, e.dir));
    const bool uop_struct = std::string(e.name) == "in_uop_i" && p.type == "hp_uop_pkg::uop_t";
    if (!uop_struct && p.width != e.width)
      throw std::invalid_argument(
          fmt::format("{}: port {} is {} bit{} wide: the contract needs {} (Lanes={}, TagWidth={})",
                      p.where, e.name, p.width, p.width == 1 ? "" : "s", e.width, lanes, tag));
  }
  for (const auto& port : adapter.ports) {
    const bool known = std::any_of(std::begin(expected), std::end(expected),
                                   [&](const Expected& e) { return port.first == e.name; });
    if (!known)
      throw std::invalid_argument(fmt::format(
          "{}: port {} is not in the contract: the harness drives only the contract's ports "
          "(tie it off inside the adapter)",
          port.second.where, port.first));
  }
  return d;
}

}  // namespace halfpipe::tb
