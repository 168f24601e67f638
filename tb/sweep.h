// The sweep: the beats of a BeatSource (PTX and vISA forms' vector streams) through the Verilated
// unit under random back-pressure and random input gaps (tb/drive.h, model/sc/traffic.h), every lane
// checked by the scoreboard against the reference; mismatches reported with a command that
// reproduces them.
#pragma once

#include <csignal>
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model/uop/uop.h"
#include "tb/beats.h"
#include "tb/dut.h"
#include "tb/scoreboard.h"
#include "tb/wave_view.h"

namespace halfpipe::tb {

struct SweepSettings {
  uint64_t seed = 1;               // of the traffic: back-pressure and gaps
  double stall_probability = 1.0 / 32;  // per cycle: out_ready_i low (back-pressure)
  double gap_probability = 1.0 / 32;    // per cycle, apart: no beat offered (an input gap)
  int max_mismatches = 20;         // stop after this many
  uint64_t hang_cycles = 100000;   // no output for this long with work in flight: a hang
  bool progress = false;           // a progress bar (rate, ETA) on stderr, for a terminal
  // Without a terminal: a heartbeat line on stderr (done, total, rate, ETA) every this many
  // seconds; 0: every 4096 cycles; negative: none.
  double heartbeat_seconds = -1;
  const volatile std::sig_atomic_t* stop = nullptr;  // DriveSettings::stop: Ctrl-C
  // Draw the beats (the vector streams and the reference's results) on a second thread, a batch
  // ahead of the model, instead of between its cycles. The same beats in the same order.
  bool draw_ahead = false;
  // Appended to reproduce commands, e.g. " --lanes 4"; then comes --wave mismatch-K.fst (K counts
  // the reports), so that the replay writes the waveform of that transaction.
  std::string reproduce_options;
  // A user's unit (doc/your-unit.md): DriveSettings::ready_is_advance and out_of_order, and
  // Scoreboard::accept_any_nan (`--nan any`).
  bool ready_is_advance = true;
  bool out_of_order = false;
  bool any_nan = false;
};

struct SweepTotals {
  uint64_t passed = 0;  // lane results equal to the reference
  uint64_t failed = 0;  // lane results that differ, plus tag/mask/protocol failures
  uint64_t cycles = 0;
  double seconds = 0;
  double cpu_seconds = 0;  // of this process: the fair measure on a shared machine
  bool stopped_early = false;  // at max_mismatches
  bool interrupted = false;    // SweepSettings::stop was set
  uint64_t nan_differences = 0;  // with any_nan: lanes whose NaN differs from the reference's
  std::vector<Scoreboard::PlanCounts> forms;  // by form, as BeatSource::forms() lists them
  std::optional<WaveMarker> first_mismatch;  // the cycle of the first mismatch, for --wave
};

// Runs every beat of `source` (built for dut.lanes() lanes) and prints each mismatch (form,
// operands, expected, got, a command that reproduces it) to `report`.
SweepTotals run_sweep(Dut& dut, BeatSource& source, const SweepSettings& settings,
                      std::ostream& report);

// One row per form of `source` (form, lane results passed and failed, and with `any_nan` the NaNs
// accepted), then the total: what a sweep of several forms prints before its last line.
// `spelling` gives the name shown for a form (a unit's adapter may spell it its own way).
std::string form_table(const BeatSource& source, const SweepTotals& totals, bool any_nan,
                       const std::function<std::string(const std::string&)>& spelling);

// The form and `--vector` arguments that replay lane `lane` of `beat` alone: for a PTX form the
// instruction's registers, for a vISA form a batch line whose every channel holds that lane's
// elements under every execution-mask bit. `halfpipe sweep` and `halfpipe cosim` take them.
std::string replay_arguments(const BeatSource& source, const Expected& beat, int lane);

// "halfpipe sweep" and `arguments` (each word quoted where it must be, each after a blank): the
// head of every reproduce line a sweep prints.
std::string sweep_command_line(std::string_view arguments);

// The `halfpipe sweep` command line that reproduces lane `lane` of `beat` alone.
std::string reproduce_command(const BeatSource& source, const Expected& beat, int lane);

struct Throughput {
  double per_second = 0;      // lane operations per wall-clock second
  double per_cpu_second = 0;  // per second of this process's CPU time
};

// The benchmark baseline: the bare model clocked `cycles` times with no back-pressure, nothing
// checked. Constant: one input beat on every lane, every cycle. Random: each cycle the next of
// 4096 beats of random operands drawn before the clock starts, so that the model meets changing
// data as in a sweep, without the vectors, the reference or the scoreboard.
enum class BareOperands { Constant, Random };
Throughput bare_throughput(Dut& dut, const Uop& u, uint64_t cycles,
                           BareOperands operands = BareOperands::Constant);

// "0x3c00"
std::string hex16(uint32_t v);

// A progress line's time: "12s", "3m05s", "1h02m" (the sweep's ETA, and gen's).
std::string progress_duration(double seconds);

}  // namespace halfpipe::tb
