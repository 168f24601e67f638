// `halfpipe dut build`: a user's unit, wrapped in an adapter that speaks the unit contract
// (doc/your-unit.md), Verilated into DIR/libhp_dut.so for `--dut DIR` (loaded_dut.h).
//
// The build runs in two passes. An elaboration pass (verilator --xml-only) reads the adapter's
// ports and parameters and holds them to the contract (unit_contract.h), so that a missing port,
// a wrong width or a parameter out of range is named with its file and line before any C++ is
// compiled. Then DIR/build.sh, written here and kept for the user to read or rerun, Verilates the
// adapter with tb/dut_abi/hp_dut_shim.cpp into the shared object, which is loaded once to check
// that it speaks this halfpipe's ABI.
#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace halfpipe::tb {

struct UnitBuildRequest {
  std::vector<std::string> files;  // the adapter, then the unit's sources
  std::string top;                 // empty: the one module no other instantiates
  std::vector<std::string> include_dirs;
  std::vector<std::string> parameters;      // NAME=VALUE, Verilator's -G
  std::vector<std::string> verilator_args;  // passed to both of Verilator's passes
  std::string output = "hp_dut";
  bool no_trace = false;
  bool coverage = false;             // Verilate with --coverage (--rtl-coverage on the unit)
  std::string x_assign = "unique";   // Verilator's --x-assign
  std::string x_initial = "unique";  // Verilator's --x-initial
};

// Builds the unit into request.output and returns the shared object's path. The build's progress
// line, and Verilator's messages when a pass fails, go to `log`. Throws std::invalid_argument
// naming the problem: a missing file or folder, a malformed -G, a Verilator that is missing or not
// the harness's, an adapter that does not elaborate or breaks the contract, a failed build.
std::string build_unit(const UnitBuildRequest& request, std::ostream& log);

}  // namespace halfpipe::tb
