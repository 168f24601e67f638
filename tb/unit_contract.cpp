#include "tb/unit_contract.h"

#include <fmt/format.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <fstream>
#include <regex>
#include <sstream>
#include <stdexcept>
#include <utility>

#include "model/isa/ptx.h"
#include "tb/dut.h"

namespace halfpipe::tb {
namespace {

// Verilator's elaboration as libxml2 reads it: entities decoded, elements walked as a tree.
class XmlDocument {
 public:
  explicit XmlDocument(const std::string& path) {
    if (!std::ifstream(path)) throw std::invalid_argument(fmt::format("{}: cannot be read", path));
    // The first error is the one to name: later ones follow from it. (libxml2's handler is the
    // calling thread's own.)
    struct FirstError {
      int line = 0;
      std::string message;
    } first;
    xmlSetStructuredErrorFunc(&first, [](void* context, xmlErrorPtr error) {
      auto* f = static_cast<FirstError*>(context);
      if (f->message.empty() && error && error->message) {
        f->line = error->line;
        f->message = error->message;
      }
    });
    // XML_PARSE_NONET: an elaboration never needs the network.
    doc_ = xmlReadFile(path.c_str(), nullptr, XML_PARSE_NONET | XML_PARSE_HUGE);
    xmlSetStructuredErrorFunc(nullptr, nullptr);
    if (!doc_) {
      std::string& message = first.message;
      while (!message.empty() && std::isspace(static_cast<unsigned char>(message.back())))
        message.pop_back();
      throw std::invalid_argument(
          fmt::format("{}:{}: not the XML verilator --xml-only writes: {}", path, first.line,
                      first.message.empty() ? "no document" : first.message));
    }
  }
  ~XmlDocument() { xmlFreeDoc(doc_); }
  XmlDocument(const XmlDocument&) = delete;
  XmlDocument& operator=(const XmlDocument&) = delete;

  xmlNode* root() const { return xmlDocGetRootElement(doc_); }

 private:
  xmlDoc* doc_ = nullptr;
};

bool is(const xmlNode* node, const char* name) {
  return node->type == XML_ELEMENT_NODE && xmlStrEqual(node->name, BAD_CAST name);
}

std::string attribute(const xmlNode* node, const char* name) {
  xmlChar* value = xmlGetProp(node, BAD_CAST name);
  if (!value) return {};
  std::string text(reinterpret_cast<const char*>(value));
  xmlFree(value);
  return text;
}

// Calls visit(node) for `node` and every element below it, in document order.
template <typename Visit>
void each_element(xmlNode* node, const Visit& visit) {
  for (; node; node = node->next) {
    if (node->type != XML_ELEMENT_NODE) continue;
    visit(node);
    each_element(node->children, visit);
  }
}

xmlNode* first_child_element(const xmlNode* node) {
  for (xmlNode* child = node->children; child; child = child->next)
    if (child->type == XML_ELEMENT_NODE) return child;
  return nullptr;
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
  const XmlDocument xml(xml_path);
  // The cells directly inside a <cells> (one per top; several with MULTITOP).
  std::vector<std::string> tops;
  each_element(xml.root(), [&](const xmlNode* node) {
    if (!is(node, "cells")) return;
    for (const xmlNode* cell = node->children; cell; cell = cell->next)
      if (is(cell, "cell")) tops.push_back(attribute(cell, "submodname"));
  });
  return tops;
}

Adapter read_adapter(const std::string& xml_path, const std::string& top) {
  const XmlDocument xml(xml_path);
  std::map<std::string, std::string> files;
  // Widths of the data types: basicdtype left/right, packed arrays and structs by name.
  std::map<std::string, std::pair<int, std::string>> dtypes;
  xmlNode* module = nullptr;
  each_element(xml.root(), [&](xmlNode* node) {
    if (is(node, "file")) {
      files[attribute(node, "id")] = attribute(node, "filename");
    } else if (is(node, "basicdtype") || is(node, "structdtype") || is(node, "refdtype") ||
               is(node, "packarraydtype") || is(node, "enumdtype")) {
      const std::string left = attribute(node, "left"), right = attribute(node, "right");
      int width = is(node, "basicdtype") ? 1 : 0;
      if (!left.empty() && !right.empty()) width = std::abs(std::stoi(left) - std::stoi(right)) + 1;
      dtypes[attribute(node, "id")] = {width, attribute(node, "name")};
    } else if (!module && is(node, "module") && attribute(node, "name") == top) {
      module = node;
    }
  });
  if (!module)
    throw std::invalid_argument(fmt::format("{}: the elaboration has no module {}", xml_path, top));
  auto where = [&](const xmlNode* node) {
    const std::string loc = attribute(node, "loc");  // "v,44,31,44,36"
    const size_t comma = loc.find(',');
    if (comma == std::string::npos) return std::string("?");
    return files[loc.substr(0, comma)] + ":" +
           loc.substr(comma + 1, loc.find(',', comma + 1) - comma - 1);
  };
  Adapter adapter;
  adapter.where = where(module);
  each_element(module->children, [&](const xmlNode* node) {
    if (!is(node, "var")) return;
    const std::string name = attribute(node, "name");
    if (!attribute(node, "dir").empty()) {
      const auto& [width, type] = dtypes[attribute(node, "dtype_id")];
      adapter.ports[name] = {attribute(node, "dir"), width, type, where(node)};
    } else if (attribute(node, "param") == "true") {
      AdapterParameter parameter;
      if (const xmlNode* value = first_child_element(node); value && is(value, "const"))
        parameter = constant_value(attribute(value, "name"));
      parameter.where = where(node);
      adapter.parameters[name] = parameter;
    }
  });
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
