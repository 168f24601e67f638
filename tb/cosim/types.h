// The co-simulation's types: what goes in (the Stimulus, the Settings) and what comes out (the
// Report), apart from the run itself (cosim.h), so that the run and its report writer
// (report.h) both depend on them and not on each other.
#pragma once

#include <csignal>
#include <cstdint>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "model/uop/uop.h"
#include "tb/beats.h"
#include "tb/loaded_dut.h"
#include "tb/cosim/quantum.h"
#include "tb/cosim/rtl_unit.h"
#include "tb/stimulus.h"
#include "tb/wave_view.h"
#include "vectors/coverage.h"
#include "vectors/stream.h"

namespace halfpipe::tb::cosim {

// The vectors of a run (tb/stimulus.h): one PTX instruction a beat, a vISA instruction in the
// front-end's beats (S25), once start() gives the unit's lane count.
using Stimulus = tb::Stimulus;

struct Settings {
  int lanes = 2;
  int depth = 4;
  uint64_t seed = 1;  // of the traffic, model/sc/traffic.h (the random vectors take theirs in StreamSpec)
  double backpressure = 0.1;  // per cycle: probability that out_ready is low
  double gaps = 0.1;          // per cycle: probability that no new transaction is offered
  // Reset both units once, right after the RTL accepts transaction number `reset_at` (from 1);
  // what they held in flight is offered again. 0: no reset.
  uint64_t reset_at = 0;
  // Reset both units about every `reset_every` cycles (0: never), as reset_at does: reset k
  // (from 1) follows the edge at a cycle drawn from the seed, uniformly in
  // [k*C - C/4, k*C + C/4] (C = reset_every, C/4 rounded down).
  uint64_t reset_every = 0;
  // Offer no more than this many transactions (0: the whole stimulus).
  uint64_t transactions = 0;
  // Print the soak's accounting (accepted = completed + flushed) and the resident memory.
  bool soak = false;
  std::string wave_path;  // an FST waveform of the RTL, when set
  std::string log_path;   // one line per transaction, when set
  // "FAMILY=N" settings applied to the model's configuration after rtl_configuration(lanes,
  // depth): a model that mispredicts, to prove the scoreboard notices.
  std::vector<std::string> model_latency;
  std::optional<RtlFault> rtl_fault;  // a deliberately broken RTL result
  int max_reports = 20;       // mismatches printed in full; the rest are counted
  uint64_t hang_cycles = 10000;  // no result for this long with work in flight: stop
  // Clock cycles per SystemC activation (temporal decoupling): both units still take every
  // edge in lock-step and every check is the same, so results, cycles, logs and waves do not
  // depend on it. 1: one activation per cycle through a `clk` signal. The default amortises the
  // kernel's round trip, measured at ~22% of a co-simulation's time with one per cycle.
  uint64_t quantum = kDefaultQuantum;
  std::string command;        // the command line that reproduces the run, for the summary
  // A user's unit (`--dut`, tb/loaded_dut.h) in place of hp_alu; `lanes` must be its lane count
  // and `depth` means nothing for it. Its cycles are checked against the model configured with
  // the latencies it declares (with model_latency on top) when it completes in order and every
  // op it runs has one; otherwise the check is functional and each form's latency and throughput
  // are measured instead (Report::timing). `unit_options` ("--dut DIR ...") replaces
  // "--lanes L --depth D" in reproduce commands.
  std::shared_ptr<const LoadedUnit> unit;
  std::string plusargs;   // the unit's $value$plusargs
  bool x_check = true;    // two instances from two X seeds in lockstep (make_x_checked_dut)
  bool any_nan = false;   // `--nan any`: any NaN for an expected NaN (Scoreboard::accept_any_nan)
  std::string coverage_path;  // the unit's RTL coverage file (dut build --coverage), when set
  std::string unit_options;
  // Without a terminal: a heartbeat line on stderr (done, total, rate, ETA) every this many
  // seconds, checked every 4096 cycles (0: at each check; below 0: none).
  double heartbeat_seconds = -1;
  // Ctrl-C: when this points at a set flag, the run stops at the next check with the results so
  // far (Report::interrupted); what is in flight then is neither lost nor failed.
  const volatile std::sig_atomic_t* stop = nullptr;
};

struct FormTally {
  uint64_t vectors = 0;           // transactions checked on both units
  uint64_t mismatches = 0;        // of them, a wrong result, tag or lane mask on either unit
  uint64_t cycle_deviations = 0;  // of them, the RTL's output cycle != the model's prediction
  // A unit checked without the model: its transactions' latency (output cycle - acceptance
  // cycle; each replayed one from its last acceptance) and the cycles from the form's first
  // acceptance to its last output.
  uint64_t latency_min = UINT64_MAX, latency_max = 0, latency_sum = 0;
  uint64_t first_accept = UINT64_MAX, last_output = 0;
};

// Resident memory of this process, from /proc/self/status, in KiB (0 where it cannot be read).
struct ResidentMemory {
  uint64_t now_kib = 0;   // VmRSS
  uint64_t peak_kib = 0;  // VmHWM: the high-water mark since the process started
};
ResidentMemory resident_memory();

// What a unit's transactions became: each one it accepted either left it once, in order, or
// was flushed by a reset and offered again (the scoreboard checks order and results; this,
// that the unit's own count of acceptances and departures balances, on each unit).
struct Accounting {
  uint64_t accepted = 0;   // acceptances, a transaction offered again after a reset counted again
  uint64_t completed = 0;  // results handed out
  uint64_t flushed = 0;    // in flight at a reset: dropped by the unit, offered again
  uint64_t resets = 0;
  bool balanced(uint64_t lost) const { return accepted == completed + flushed + lost; }
};

struct Report {
  std::vector<FormTally> forms;  // indexed like Stimulus::forms()
  uint64_t passed = 0;           // transactions with everything right
  uint64_t failed = 0;  // transactions with something wrong, plus lost and unexpected outputs
  uint64_t lost = 0;        // accepted by a unit and never handed back
  uint64_t unexpected = 0;  // outputs no accepted transaction explains
  uint64_t protocol_errors = 0;
  uint64_t out_of_order = 0;  // outputs with another tag than the one due: lost, duplicated, reordered
  Accounting accounting;      // the RTL's
  std::string accounting_error;  // a unit's accounting does not balance
  ResidentMemory memory_start;   // once set up, before the first cycle
  ResidentMemory memory_end;     // after the last
  bool reset = false;      // the reset_at reset happened (the stimulus may end before it)
  uint64_t replayed = 0;  // transactions in flight at that reset, offered again
  uint64_t reset_cycle = 0;
  uint64_t cycles = 0;
  double seconds = 0;
  double cpu_seconds = 0;
  std::string error;  // the run could not complete (a bad configuration, a hang, ...)
  bool interrupted = false;  // Settings::stop ended it early
  // A unit (Settings::unit): why its cycles were not checked against the model (empty: they
  // were), and the `halfpipe explore` options of the model that ran beside it.
  std::string untimed_reason;
  std::string explore_options;
  uint64_t nan_differences = 0;  // `--nan any`: NaN lanes accepted with another encoding
  // A unit: the latency declared for each form's op (indexed like Stimulus::forms()), 0: none.
  std::vector<int> declared_latency;
  std::optional<WaveMarker> first_mismatch;  // where the --wave marker goes
  std::string wave_note;                     // how to open the --wave file
  bool ok() const { return failed == 0 && error.empty() && accounting_error.empty(); }
};

}  // namespace halfpipe::tb::cosim
