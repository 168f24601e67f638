// `halfpipe dut build ADAPTER.sv [RTL...] [--top NAME] [-I DIR] [-G NAME=VALUE] [-o DIR]`: a
// user's unit, wrapped in an adapter that speaks the unit contract (doc/your-unit.md), built
// into DIR/libhp_dut.so for `--dut DIR`. `halfpipe dut show DIR`: what a built unit declares.
//
// The build's passes live in tb/unit_build.h, the contract's checks in tb/unit_contract.h; this
// file parses and prints.
#include <fmt/format.h>

#include <exception>
#include <iostream>
#include <stdexcept>
#include <string>
#include <vector>

#include "sim/commands.h"
#include "sim/exit_status.h"
#include "tb/loaded_dut.h"
#include "tb/unit_build.h"

namespace halfpipe::cli {
namespace {

constexpr const char* kDutDescription =
    "build a user's unit behind halfpipe's harness (dut build), or show what a built unit "
    "declares (dut show DIR)";

int build(const DutOptions& o) {
  const std::string library = tb::build_unit(o, std::cerr);
  std::cout << fmt::format("{}: run it with --dut {}\n", library, o.output);
  return kPassed;
}

int show(const DutOptions& o) {
  if (o.files.size() != 1) throw std::invalid_argument("dut show: give one DIR");
  const auto unit = tb::LoadedUnit::load(o.files.front());
  const tb::UnitDescription& d = unit->description();
  std::string forms;
  for (const auto& form : d.forms) forms += (forms.empty() ? "" : " ") + d.shown(form);
  std::cout << fmt::format(
      "unit: {}\nlanes: {}\ntag width: {}\norder: {}\nforms: {}\nlatencies: {}\nwaves: {}\n"
      "coverage: {}\nbuilt by: halfpipe {}, Verilator {}\nverilator flags: {}\n",
      d.top, d.lanes, d.tag_width, d.in_order ? "in order" : "out of order, matched by tag",
      forms.empty() ? "every form" : forms, d.latencies.empty() ? "not declared" : d.latencies,
      d.traced ? "yes" : "no (built with --no-trace)",
      d.coverage ? "yes (--rtl-coverage FILE)" : "no (dut build --coverage adds it)",
      d.halfpipe_version, d.verilator_version, d.verilator_flags);
  return kPassed;
}

int dut_main(const std::vector<std::string>& args) {
  const auto parsed = parse_dut_options(args);
  if (!parsed.ok()) return report_stop("dut", parsed.text, parsed.status);
  const DutOptions& o = *parsed.options;
  try {
    if (o.action == "build") return build(o);
    if (o.action == "show") return show(o);
    throw std::invalid_argument(fmt::format("'{}': the actions are build and show", o.action));
  } catch (const std::exception& e) {
    std::cerr << "halfpipe dut: " << e.what() << '\n';
    return kUsageOrInputError;
  }
}

}  // namespace

Parsed<DutOptions> parse_dut_options(const std::vector<std::string>& args) {
  return parse_command<DutOptions>("dut", kDutDescription, args, [](Vocabulary& v, DutOptions& o) {
    v.action(o.action, "build | show").required();
    v.files(o.files, "build: the adapter (ADAPTER.sv), then the unit's sources; show: DIR");
    v.top(o.top);
    v.include_dirs(o.include_dirs);
    v.parameters(o.parameters);
    v.output(o.output)
        .description("build: the unit's folder (its libhp_dut.so, build.sh and logs)")
        .type_name("DIR")
        .default_str("hp_dut");
    v.no_trace(o.no_trace);
    v.coverage_build(o.coverage);
    v.verilator_args(o.verilator_args);
    v.x_assign(o.x_assign);
    v.x_initial(o.x_initial);
  });
}

}  // namespace halfpipe::cli

HALFPIPE_COMMAND(dut, "dut", halfpipe::cli::kDutDescription, halfpipe::cli::dut_main);
