// The one drive loop of the plain C++ harness: the beats of a BeatSource into the Verilated unit
// (tb/dut.h), cycle by cycle under a Traffic (model/sc/traffic.h), honouring valid/ready, every output
// checked by the scoreboard (tb/scoreboard.h). `halfpipe sweep`, the RTL tests and the
// co-simulation's bare baseline (`halfpipe cosim --bare`) all run it.
#pragma once

#include <csignal>
#include <cstdint>
#include <functional>

#include "tb/beats.h"
#include "tb/dut.h"
#include "tb/scoreboard.h"
#include "model/sc/traffic.h"

namespace halfpipe::tb {

// Where a run has got to, for a progress line.
struct DriveProgress {
  uint64_t cycles = 0;
  uint64_t drawn = 0;  // instructions drawn from the source (BeatSource::drawn())
  int plan = -1;       // the form of the beat last put on the inputs; -1 before the first
};

struct DriveSettings {
  // A hang: this many consecutive cycles with a transaction in flight and no output taken.
  // A unit that accepts a transaction at cycle 0 and never answers is stopped after cycle N,
  // N + 1 cycles in all. At least 1.
  uint64_t hang_cycles = 100000;
  // Reset the unit once, right after it accepts transaction number `reset_at` (from 1); what it
  // held in flight is offered again (Scoreboard::replay_in_flight). 0: no reset.
  uint64_t reset_at = 0;
  // Stop once the scoreboard has counted this many failures (Scoreboard::failed()).
  uint64_t max_failures = UINT64_MAX;
  // Draw the beats (the vector streams and the reference's results) on a second thread, a batch
  // ahead of the model, instead of between its cycles. The same beats in the same order.
  bool draw_ahead = false;
  // hp_alu's own rule (rtl/TIMING.md): in_ready_o is !out_valid_o || out_ready_i, else the run
  // ends as End::Protocol. Not part of the unit contract (doc/your-unit.md): off for a user's
  // unit.
  bool ready_is_advance = true;
  // Results may leave in any order, each matched to its transaction by tag (a user's unit that
  // declares InOrder=0). A transaction is then not offered while an earlier one that carried its
  // tag is still in flight, so that tags stay unique in flight.
  bool out_of_order = false;
  // Called every 4096 cycles, when set.
  std::function<void(const DriveProgress&)> progress;
  // When set, checked every 4096 cycles: once *stop is non-zero (a signal handler sets it on
  // Ctrl-C), the run ends there (End::Interrupted) with what was checked so far.
  const volatile std::sig_atomic_t* stop = nullptr;
};

struct DriveResult {
  enum class End {
    Done,      // every beat offered, accepted and handed back
    Failures,  // stopped at max_failures
    Protocol,  // in_ready_o differed from !out_valid_o || out_ready_i (rtl/TIMING.md)
    Hang,      // hang_cycles without progress: transactions in flight and no output taken, or
               // a transaction on the inputs and never accepted
    Interrupted,  // DriveSettings::stop was set
  };
  End end = End::Done;
  uint64_t cycles = 0;
  bool reset = false;       // the reset happened (the source may end before reset_at)
  uint64_t reset_cycle = 0;  // the reset came right after this cycle's edge
  uint64_t replayed = 0;    // transactions in flight at the reset, offered again
  // At a hang, what was outstanding: transactions accepted and not handed back, and whether one
  // was waiting on the inputs (with its tag).
  uint64_t in_flight = 0;
  bool waiting = false;
  uint32_t waiting_tag = 0;
};

// Runs every beat of `source` (built for dut.lanes() lanes) through `dut`, which starts empty.
// Each cycle, first `traffic` decides: unless there is a gap, the next transaction (transaction
// n carries tag n mod 2^tag_width) goes on the inputs and stays there until accepted; input
// lanes outside its lane mask carry Traffic::idle_lane_value; out_ready_i is Traffic::out_ready.
// The scoreboard hears of every acceptance (append, accept) and every output (check, with the
// cycle's index from 0), and reports mismatches through its own reporter.
DriveResult drive(Dut& dut, BeatSource& source, sc::Traffic& traffic, Scoreboard& scoreboard,
                  const DriveSettings& settings);

}  // namespace halfpipe::tb
