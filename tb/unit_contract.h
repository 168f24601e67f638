// The unit contract's check of a user's adapter (doc/your-unit.md, "The adapter"), read from
// Verilator's elaboration of it (`verilator --xml-only`, read with libxml2): its ports and
// parameters, and whether they are the contract's. `halfpipe dut build` runs it before any C++ is compiled; the loader
// (loaded_dut.h) then reads what the unit declared from the built unit itself.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace halfpipe::tb {

// The adapter's ports and parameters, each with the FILE:LINE it was declared at.
struct AdapterPort {
  std::string dir;  // input, output
  int width = 0;    // 0: not a plain vector (a struct other than hp_uop_pkg::uop_t)
  std::string type;
  std::string where;  // FILE:LINE
};
struct AdapterParameter {
  std::optional<int64_t> number;
  std::string text;  // a string's contents
  std::string where;
};
struct Adapter {
  std::string where;  // the module's FILE:LINE
  std::map<std::string, AdapterPort> ports;
  std::map<std::string, AdapterParameter> parameters;
};

// The modules no other module instantiates: the top-level cells of the elaboration's hierarchy.
// Without --top-module Verilator elaborates every such module, so this is the unit's top when
// there is one.
std::vector<std::string> top_modules(const std::string& xml_path);

// The module `top` of the elaboration in `xml_path`: its ports (direction, width, type) and
// parameters (their values). Throws std::invalid_argument when the elaboration has no such module.
Adapter read_adapter(const std::string& xml_path, const std::string& top);

// What the adapter declares of itself.
struct DeclaredUnit {
  int lanes = 0, tag_width = 0;
  bool in_order = true;
  std::string forms, latencies;
};

// The contract's checks of the adapter's interface: the parameters it must declare (Lanes,
// TagWidth; InOrder, Forms and Latencies optional) and their ranges, and exactly the contract's
// ports with their directions and widths. Throws std::invalid_argument naming the FILE:LINE and
// the rule of the first that is not; returns what the adapter declared.
DeclaredUnit check_contract(const Adapter& adapter, const std::string& top);

}  // namespace halfpipe::tb
