// The co-simulation: one SystemC top in which a stimulus source feeds the same transactions to
// the Verilated RTL (behind RtlUnit, a transaction wrapper) and to the SystemC model
// (model/sc AluModel), both clocked by one sc_clock; one scoreboard (tb/scoreboard.h) checks
// per transaction that the RTL's result and the model's result are the reference's, that tags
// come back in order with nothing lost or duplicated, and that the RTL hands each result out
// at exactly the cycle the model predicts. Random back-pressure, input gaps and the resets (one
// in the middle of the run, or one about every so many cycles) come from one seed, so a seed
// reproduces a run. Nothing is kept per transaction (the scoreboard holds what is in flight,
// the log is written as it goes), so a soak of 10^8 transactions runs in the memory of a short
// run.
//
// SystemC elaborates once per process: a process calls run_cosim at most once.
#pragma once

#include <iosfwd>

#include "tb/cosim/types.h"

namespace halfpipe::tb::cosim {

// Runs the co-simulation, printing mismatches as they happen and the summary (table per form,
// the seed, the closing line "N passed, N failed") to `out`.
Report run_cosim(Stimulus& stimulus, const Settings& settings, std::ostream& out);

// The benchmark baseline: the same vectors and the same traffic (back-pressure, gaps, reset)
// through the plain C++ harness (tb/drive.h, the loop `halfpipe sweep` runs), without SystemC
// and without the model. Prints one line and "N passed, N failed".
Report run_bare(Stimulus& stimulus, const Settings& settings, std::ostream& out);

}  // namespace halfpipe::tb::cosim
