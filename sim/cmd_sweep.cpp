// `halfpipe sweep`: the RTL (Verilated hp_alu) swept against the reference, with the vectors
// library's streams (the vectors `halfpipe gen` writes). PTX forms fill every lane of a beat
// with instructions of the form, so a Lanes=8 unit checks eight lane operations a cycle; vISA
// forms run as the front-end's beats (S25). All under random back-pressure and input gaps. Each
// mismatch is printed with a command that reproduces it; the run ends with one line
// "N passed, N failed". The options are the request regress::run_sweep runs
// (regress/sweep_request.h); this file parses them and gives the run its terminal and Ctrl-C.
//
//   halfpipe sweep add.rn.f16 fma.rn.relu.bf16x2 --corner --random 100000 --seed 7
//   halfpipe sweep add.rn.f16 --exhaustive --shard 3/8 --lanes 8
//   halfpipe sweep --all-ptx --corner --random 1000
//   halfpipe sweep 'MAX.sat (16, M5) hf' --corner --random 1000 --lanes 4
//   halfpipe sweep --all-visa --corner --random 100
//   halfpipe sweep --all-ptx --corner --netlist      # the Yosys netlist instead of the RTL
#include <unistd.h>

#include <iostream>
#include <string>
#include <vector>

#include "regress/sweep_request.h"
#include "sim/commands.h"
#include "sim/exit_status.h"
#include "sim/interrupt.h"

namespace halfpipe::cli {
namespace {

constexpr const char* kSweepDescription = "sweep the Verilated RTL against the reference";

int sweep_main(const std::vector<std::string>& args) {
  auto parsed = parse_sweep_options(args);
  if (!parsed.ok()) return report_stop("sweep", parsed.text, parsed.status);
  SweepOptions& request = *parsed.options;
  request.command_line = args;
  request.terminal = isatty(STDERR_FILENO) != 0;
  request.stop = &g_interrupted;
  try {
    const InterruptScope interrupt;
    return static_cast<int>(regress::run_sweep(request, std::cout, std::cerr));
  } catch (const std::invalid_argument& e) {  // RequestError; make_dut: a configuration not Verilated
    std::cerr << "halfpipe sweep: " << e.what() << "\n";
    return kUsageOrInputError;
  } catch (const std::runtime_error& e) {  // the --rtl-coverage file cannot be written
    std::cerr << "halfpipe sweep: " << e.what() << "\n";
    return kUsageOrInputError;
  }
}

}  // namespace

Parsed<SweepOptions> parse_sweep_options(const std::vector<std::string>& args) {
  return parse_command<SweepOptions>("sweep", kSweepDescription, args, [](Vocabulary& v, SweepOptions& o) {
    v.forms(o.forms, option_spec("FORM").help);
    v.all_ptx(o.all_ptx);
    v.all_visa(o.all_visa);
    v.scalar_only(o.scalar_only);
    v.operand_count(o.arity);
    v.corner(o.corner);
    v.random(o.random);
    v.seed(o.seed);
    v.exhaustive(o.exhaustive).description(option_spec("--exhaustive").help +
                                            " (no coverage summary then: it would double the cost)");
    v.c_values(o.c_values).default_str("0x0000");
    v.shard(o.shard);
    v.lanes(o.lanes);
    v.depth(o.depth);
    v.vector(o.vectors);
    v.gaps(o.gaps).default_str("1/32");
    v.backpressure(o.backpressure).default_str("1/32");
    v.threads(o.threads).default_str("2 with more than one core, else 1");
    v.bare(o.bare);
    v.bare_cycles(o.bare_cycles);
    v.bare_operands(o.bare_operands);
    v.netlist(o.netlist);
    v.dut(o.dut);
    v.nan(o.nan);
    v.plusargs(o.plusargs);
    v.no_x_check(o.no_x_check);
    v.record(o.record);
    v.job(o.job);
    v.spec_line(o.spec);
    v.rtl_coverage(o.rtl_coverage);
    v.wave(o.wave);
    v.progress_every(o.progress_every);
    v.quiet(o.quiet);
  });
}

HALFPIPE_COMMAND(sweep, "sweep", kSweepDescription, sweep_main);

}  // namespace halfpipe::cli
