// A sweep of the Verilated RTL (or a user's unit, or the netlist) against the reference, as
// `halfpipe sweep` and a plan's jobs describe it, built without a command line: which forms, which
// unit, which streams, and what to keep (a results record, coverage, a waveform). run_sweep does
// everything between the command's parsing and its exit status; the command only parses.
#pragma once

#include <csignal>
#include <cstdint>
#include <ostream>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "vectors/stream.h"

namespace halfpipe::regress {

struct SweepRequest {
  std::vector<std::string> forms;
  bool all_ptx = false;
  bool all_visa = false;
  bool scalar_only = false;
  int arity = 0;  // with all_ptx: only forms of this many operands (0: all)
  bool corner = false;
  uint64_t random = 0;
  uint64_t seed = 1;
  bool exhaustive = false;
  vectors::Shard shard;
  int lanes = 2;
  int depth = 4;
  std::vector<std::string> vectors;
  std::vector<uint16_t> c_values;  // empty: 0x0000
  double gaps = 1.0 / 32;
  double backpressure = 1.0 / 32;
  int threads = std::thread::hardware_concurrency() > 1 ? 2 : 1;
  bool bare = false;
  uint64_t bare_cycles = 2'000'000;
  std::string bare_operands = "constant";
  bool netlist = false;  // the gate-level netlist instead of the RTL (Lanes=2 Depth=4)
  // A cluster job's results record (regress/record.h): the file, the job ("PLAN:N"), its SPEC line.
  std::string record;
  std::string job;
  std::string spec;
  std::string rtl_coverage;  // the coverage file of the instrumented models; empty: none
  std::string wave;          // the FST waveform of the run (tb/wave_view.h); empty: none
  std::string dut;           // a unit built by `halfpipe dut build`; empty: hp_alu
  std::string nan = "exact";  // any: a NaN passes for an expected NaN whatever its encoding
  std::string plusargs;       // for the --dut unit's $value$plusargs
  bool no_x_check = false;    // --dut: one instance, not two seeds of X in lockstep
  std::vector<std::string> command_line;  // as given, for the run's reproduce line
  double progress_every = 60;  // seconds between heartbeat lines without a terminal
  bool quiet = false;          // no progress bar or heartbeat
  bool terminal = false;       // stderr is a terminal: a progress bar unless quiet
  const volatile std::sig_atomic_t* stop = nullptr;  // raised: stop cleanly (Ctrl-C)
};

// A request that cannot run as given: exit 2, the message naming the option.
struct RequestError : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

// The exit statuses a sweep ends with: the command's (sim/exit_status.h says the same).
enum class SweepStatus { Passed = 0, Failed = 1, Interrupted = 130 };

// Runs the request: the report (mismatches, per-form table, coverage, "N passed, N failed") on
// `report`, notes before the run (skipped forms) too; the speed line on `log`. Throws
// RequestError for a request that cannot run, before anything runs where it can be known then.
SweepStatus run_sweep(const SweepRequest& request, std::ostream& report, std::ostream& log);

// The options a reproduce command needs to run on the same unit as the request: " --lanes 4",
// " --dut DIR --no-x-check", " --depth 6 --netlist", with " --nan any" when it was given.
std::string unit_options(const SweepRequest& request);

}  // namespace halfpipe::regress
