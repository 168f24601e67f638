// The subcommands of `halfpipe`: each lives in its own sim/cmd_<name>.cpp, which defines its
// options' parse function (on the vocabulary of sim/options.h) and registers its entry point:
//
//   HALFPIPE_COMMAND(eval, "eval", "evaluate PTX instructions through the reference", eval_main);
//
// The options structs and parse functions are declared here so that tests (and fuzzers) can
// call a command's parsing on an argument array without running the command. Each struct's
// initial values are that command's defaults.
#pragma once

#include <cstdint>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "model/sc/explore.h"
#include "regress/sweep_request.h"
#include "tb/unit_build.h"
#include "tb/cosim/quantum.h"
#include "sim/options.h"
#include "vectors/stream.h"

namespace halfpipe::cli {

// An entry point: the arguments after the command's name in, the exit status out.
using CommandMain = int (*)(const std::vector<std::string>& args);

struct CommandEntry {
  std::string name;
  std::string description;
  CommandMain main;
};

inline std::vector<CommandEntry>& command_registry() {
  static std::vector<CommandEntry> registry;
  return registry;
}

// Runs one command, as `halfpipe NAME ARGS...` does. What no command catches itself ends here:
// an assertion bound to the RTL that failed (tb::RtlAssertionFailure) is reported on standard
// error and gives exit status 1, a verification failure, never an abort.
int run_command(const CommandEntry& command, const std::vector<std::string>& args);

struct CommandRegistration {
  CommandRegistration(const char* name, const char* description, CommandMain main) {
    command_registry().push_back({name, description, main});
  }
};

struct EvalOptions {
  std::vector<std::string> args;
  bool batch = false;
  bool values = false;  // every operand is a value (1.5, -0, inf), rounded to the form's format
  bool show = false;    // the result decoded, and what each modifier did
  std::string target;
  std::string ptx;
};
Parsed<EvalOptions> parse_eval_options(const std::vector<std::string>& args);

struct GenOptions {
  std::vector<std::string> forms;
  bool all_ptx = false;
  bool corner = false;
  uint64_t random_count = 0;
  bool exhaustive = false;
  uint64_t seed = vectors::kDefaultSeed;
  vectors::Shard shard;
  std::vector<uint16_t> c_values;  // empty: all 65536
  std::string format = "halfpipe";
  std::string output;
  std::string regression_dir;
  bool probe_semantics = false;
  double progress_every = 60;  // seconds between heartbeat lines without a terminal
  bool quiet = false;          // no progress bar or heartbeat
};
Parsed<GenOptions> parse_gen_options(const std::vector<std::string>& args);

struct SiliconOptions {
  std::vector<std::string> files;
  std::string output;  // the program's directory
  std::string target;  // empty: the highest minimum target of the files' forms, at least sm_75
  // --campaign: the silicon campaign instead of the files (target default sm_90).
  bool campaign = false;
  std::vector<std::string> forms;  // empty: every legal form the target runs
  uint64_t seconds = 600;          // the program's default --seconds
  bool no_build = false;
  std::string report;  // --report DIR: print a campaign's results instead
};
Parsed<SiliconOptions> parse_silicon_options(const std::vector<std::string>& args);

// `halfpipe dut build ADAPTER.sv [RTL...]` and `halfpipe dut show DIR` (doc/your-unit.md): the
// build's request (tb/unit_build.h), whose files are DIR for `show`.
struct DutOptions : tb::UnitBuildRequest {
  std::string action;  // build | show
};
Parsed<DutOptions> parse_dut_options(const std::vector<std::string>& args);

struct CheckOptions {
  std::vector<std::string> files;
  std::string testfloat_function;
  uint64_t max_reported = 20;
  bool rtl = false;
  bool netlist = false;  // the gate-level netlist instead of the RTL (implies --rtl)
  int lanes = 2;
  std::string wave;            // with --rtl: the FST waveform of the replay
  std::vector<uint64_t> lines; // --line N: only the vectors on these lines
  std::string output;          // with --line: write those vectors as a file of their own
  std::string dut;             // --rtl through a unit built by `halfpipe dut build`
  std::string plusargs;        // for its $value$plusargs
};
Parsed<CheckOptions> parse_check_options(const std::vector<std::string>& args);

struct CoverageOptions {
  std::vector<std::string> files;
  bool fail_on_empty = false;
};
Parsed<CoverageOptions> parse_coverage_options(const std::vector<std::string>& args);

// `halfpipe sweep`'s options are the request it runs (regress/sweep_request.h).
using SweepOptions = regress::SweepRequest;
Parsed<SweepOptions> parse_sweep_options(const std::vector<std::string>& args);

struct CosimOptions {
  std::vector<std::string> forms;
  bool all_ptx = false;   // also the default when no form, --all-visa or vector file is given
  bool all_visa = false;
  bool corner = false;
  uint64_t random = 0;
  uint64_t seed = vectors::kDefaultSeed;
  int lanes = 2;
  int depth = 4;
  std::string vector_file;
  std::vector<std::string> vectors;  // --vector: explicit instructions of the FORMs
  double backpressure = -1;  // -1: 0.1, or 0 for a run of --vector instructions alone
  double gaps = -1;          // likewise
  int64_t reset_at = -1;  // -1: half-way through (none with --reset-every, --soak or --vector alone)
  uint64_t reset_every = 0;  // 0: none (10^6 with --soak)
  uint64_t soak = 0;         // transactions of a soak; 0: not a soak
  std::string wave;
  std::string log;
  std::vector<std::string> model_latency;
  int64_t flip_output = -1;
  bool bare = false;
  uint64_t quantum = tb::cosim::kDefaultQuantum;
  std::string rtl_coverage;  // the coverage file of the instrumented models; empty: none
  std::string dut;            // a unit built by `halfpipe dut build`; empty: hp_alu
  std::string nan = "exact";  // any: a NaN passes for an expected NaN whatever its encoding
  std::string plusargs;       // for the --dut unit's $value$plusargs
  bool no_x_check = false;    // --dut: one instance, not two seeds of X in lockstep
  double progress_every = 60;  // seconds between heartbeat lines without a terminal
  bool quiet = false;          // no heartbeat
};
Parsed<CosimOptions> parse_cosim_options(const std::vector<std::string>& args);

struct ExploreOptions {
  sc::PipelineConfig config;
  std::vector<std::string> latencies;
  sc::Workload workload;
  std::vector<std::string> forms;
  // A real workload instead of random forms (model/workload/).
  std::vector<std::string> ptx_file;  // --ptx-file, repeatable: one file or several
  std::string kernel, trace_file;
  int warps = 0;  // 0: not given (4, or a trace's own warps)
  int trip_count = 4;
  std::string scheduler = "round-robin";
  // --sweep and its outputs (sim/cmd_explore_sweep.cpp); empty: the one configuration above.
  std::string sweep, sweep_csv, sweep_json, sweep_svg, area_table;
  std::string json;  // --json: the run's figures (with --sweep: the sweep's JSON)
  std::string calibration;  // --calibration: a measured timing file configures the unit
  bool predict = false;     // --predict: the calibration's kernels, predicted against measured
};
Parsed<ExploreOptions> parse_explore_options(const std::vector<std::string>& args);

struct ApproxReportOptions {
  std::string svg_dir;
};
Parsed<ApproxReportOptions> parse_approx_report_options(const std::vector<std::string>& args);

struct PlanOptions {
  std::string spec_file;
  bool default_spec = false;
  std::string output;  // the plan's directory
  double job_minutes = 30;
  uint64_t seed = vectors::kDefaultSeed;  // of lines without seed=S
  int lanes = 8;       // of lines without lanes=L
  int depth = 4;       // of lines without depth=D
  bool estimate = false;
  std::vector<int> cores{64, 256, 1024};
  std::string halfpipe;  // the binary the jobs run; empty: this one
  std::string write_spec;
  bool job_coverage = false;  // each job writes DIR/coverage/job-N.dat
};
Parsed<PlanOptions> parse_plan_options(const std::vector<std::string>& args);

struct MergeOptions {
  std::string dir;
  bool resume = false;
  std::string junit;  // empty: DIR/junit.xml
  bool bins = false;
};
Parsed<MergeOptions> parse_merge_options(const std::vector<std::string>& args);

struct UopOptions {
  std::vector<std::string> words;
  bool table = false;
  bool ops = false;
  bool sv = false;
};
Parsed<UopOptions> parse_uop_options(const std::vector<std::string>& args);

struct FormsOptions {
  std::string target;       // --target sm_NN: only the PTX forms it accepts
  std::string ptx_version;  // --ptx X.Y: only the PTX forms that version accepts
  bool ptx_only = false;    // --ptx alone, or --all-ptx
  bool visa_only = false;   // --all-visa (--visa)
};
Parsed<FormsOptions> parse_forms_options(const std::vector<std::string>& args);

struct DemoOptions {};
Parsed<DemoOptions> parse_demo_options(const std::vector<std::string>& args);

}  // namespace halfpipe::cli

#define HALFPIPE_COMMAND(id, name, description, main) \
  static const ::halfpipe::cli::CommandRegistration halfpipe_command_##id{name, description, main}
