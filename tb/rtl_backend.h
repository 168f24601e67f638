// The Verilated hp_alu as a vectors::Backend, so `halfpipe check FILE --rtl` replays a vector
// file through the RTL with the same comparison and reports as the reference backend. It lives
// in tb/ so that halfpipe_vectors does not depend on the RTL.
#pragma once

#include <memory>
#include <string>

#include "vectors/check.h"

namespace halfpipe::tb {

// A Backend driving a fresh Verilated unit of `lanes` lanes (one of available_configs()). Each
// vector is one transaction, mapped to lanes as rtl/TIMING.md says a PTX Uop is: a scalar form
// on lane 0 (mask 0b1), a packed form's low half on lane 0 and high half on lane 1 (mask 0b11).
// Throws std::invalid_argument for a configuration that was not Verilated. `netlist`: the
// gate-level netlist instead (make_netlist_dut: Lanes=2 Depth=4 only). `wave`: an FST waveform
// of the whole replay, its GTKWave view (tb/wave_view.h) written by finish() with the marker on
// the first mismatch; finish() returns the line that says how to open it. `dut_dir`: a unit
// built by `halfpipe dut build` instead (tb/loaded_dut.h; `lanes` and `depth` are then its own,
// and a packed form on a one-lane unit runs lane by lane); throws std::invalid_argument when it
// cannot be loaded.
std::unique_ptr<vectors::Backend> make_rtl_backend(int lanes = 2, int depth = 4,
                                                   bool netlist = false,
                                                   const std::string& wave = {},
                                                   const std::string& dut_dir = {},
                                                   const std::string& plusargs = {});

}  // namespace halfpipe::tb
