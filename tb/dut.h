// The Verilated hp_alu behind one small cycle interface, so the harness, the tests and the
// `halfpipe` command drive every configuration (lane count, depth) through the same code.
#pragma once

#include <array>
#include <cstdint>
#include <exception>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace halfpipe::tb {

inline constexpr int kMaxLanes = 8;

// What the harness puts on the input ports in one cycle.
struct InBeat {
  uint32_t uop_word = 0;  // model/uop/uop.h encode()
  uint32_t lane_mask = 0;
  uint32_t tag = 0;
  std::array<uint16_t, kMaxLanes> a{}, b{}, c{};
};

// What the output ports show.
struct OutBeat {
  uint32_t lane_mask = 0;
  uint32_t tag = 0;
  std::array<uint16_t, kMaxLanes> result{};
};

// What happened in one cycle (sampled just before the rising edge).
struct CycleResult {
  bool in_ready = false;   // in_ready_o
  bool out_valid = false;  // out_valid_o
  bool accepted = false;   // in_valid_i && in_ready_o: the input beat entered the line
  bool consumed = false;   // out_valid_o && out_ready_i: `out` holds a transaction
};

// An assertion bound to the RTL (rtl/sva/hp_alu_assertions.sv) failed: the unit broke the
// handshake contract of rtl/TIMING.md. A verification failure, so it is not a runtime_error
// (which the commands report as an input error); `halfpipe` exits 1 (sim/run_command.cpp).
class RtlAssertionFailure : public std::exception {
 public:
  explicit RtlAssertionFailure(std::string what) : what_(std::move(what)) {}
  const char* what() const noexcept override { return what_.c_str(); }

 private:
  std::string what_;
};

class Dut {
 public:
  virtual ~Dut() = default;
  virtual int lanes() const = 0;
  virtual int depth() const = 0;
  virtual int tag_width() const = 0;

  // Drives the inputs (in_valid_i, the beat when valid, out_ready_i), lets the combinational
  // logic settle, samples the handshakes and outputs, then applies one rising clock edge.
  virtual CycleResult cycle(bool in_valid, const InBeat& in, bool out_ready, OutBeat& out) = 0;

  // Asserts rst_ni (asynchronous) for `cycles` clock cycles with no input, then releases it.
  virtual void reset(int cycles = 2) = 0;

  // What the output ports show now, between two cycle() calls: out_valid_o, and when it is set
  // the transaction in `out`. (A transaction-level wrapper shows its consumer the result before
  // the consumer decides whether to take it.)
  virtual bool peek(OutBeat& out) const;

  // From now on, writes an FST waveform at `path`: the ports, hp_alu's and each hp_lane's own
  // signals (the models are Verilated with TRACE_FST and --trace-depth 2; rtl/CMakeLists.txt
  // says why). Cycle n (the n-th cycle() call from here) drives its inputs at 10n ns and has its
  // rising edge at 10n + 5 ns; a reset between two cycles shows 2 ns after the last edge. Throws
  // std::runtime_error when the file cannot be opened.
  virtual void trace_to(const std::string& path);
  // Flushes and closes the waveform (also done on destruction).
  virtual void close_trace() {}
};

// The configurations Verilated into halfpipe_rtl (rtl/CMakeLists.txt): {lanes, depth}.
const std::vector<std::pair<int, int>>& available_configs();

// A freshly reset model. `x_seed` seeds Verilator's randomisation of uninitialised state
// (--x-initial unique); 0 keeps it all zero. Throws std::invalid_argument for a configuration
// that was not Verilated, naming the ones that were.
std::unique_ptr<Dut> make_dut(int lanes, int depth = 4, uint64_t x_seed = 0);

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

// make_netlist_dut when `netlist`, make_dut otherwise.
std::unique_ptr<Dut> make_dut(bool netlist, int lanes, int depth, uint64_t x_seed = 0);

}  // namespace halfpipe::tb
