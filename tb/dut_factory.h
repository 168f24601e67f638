// The units behind the cycle interface (tb/dut.h): every Verilated configuration of hp_alu,
// plain or coverage-instrumented, and the gate-level netlist. Apart from dut.h, so that the
// interface does not depend on its implementations (tb/verilated_dut.h includes dut.h).
#pragma once

#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

#include "tb/dut.h"

namespace halfpipe::tb {

// The configurations Verilated into halfpipe_rtl (rtl/CMakeLists.txt): {lanes, depth}.
const std::vector<std::pair<int, int>>& available_configs();

// Whether the run writes a waveform (Dut::trace_to). A configuration of
// HALFPIPE_RTL_TRACE_FREE_CONFIGS is Verilated twice (rtl/CMakeLists.txt): a trace-free model for
// speed, and a traced twin that Waves::Yes gives; the others once, traced. A trace-free model's
// trace_to throws std::logic_error instead of writing an empty waveform.
enum class Waves : bool { No, Yes };

// A freshly reset model. `x_seed` seeds Verilator's randomisation of uninitialised state
// (--x-initial unique); 0 keeps it all zero. Throws std::invalid_argument for a configuration
// that was not Verilated, naming the ones that were.
std::unique_ptr<Dut> make_dut(int lanes, int depth = 4, uint64_t x_seed = 0,
                              Waves waves = Waves::No);

// The gate-level netlist of hp_alu (rtl/netlist.sh: Yosys synth -flatten into generic cells),
// Verilated behind the same cycle interface: what synthesises, simulated. One configuration is
// synthesised, kNetlistLanes x kNetlistDepth.
inline constexpr int kNetlistLanes = 2;
inline constexpr int kNetlistDepth = 4;

// Whether this build has the netlist model (it needs Yosys at build time).
bool netlist_available();

// A freshly reset netlist model; `x_seed` as make_dut's. Throws std::invalid_argument for any
// other configuration than kNetlistLanes x kNetlistDepth, and when the build had no Yosys (no
// netlist was made).
std::unique_ptr<Dut> make_netlist_dut(int lanes = kNetlistLanes, int depth = kNetlistDepth,
                                      uint64_t x_seed = 0);

// make_netlist_dut when `netlist` (always traced), make_dut otherwise.
std::unique_ptr<Dut> make_dut(bool netlist, int lanes, int depth, uint64_t x_seed = 0,
                              Waves waves = Waves::No);

}  // namespace halfpipe::tb
