// The Verilated hp_alu behind one small cycle interface, so the harness, the tests and the
// `halfpipe` command drive every configuration (lane count, depth) through the same code. The
// models that implement it are made by tb/dut_factory.h.
#pragma once

#include <array>
#include <cstdint>
#include <cstring>
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

// Whether the first `lanes` lanes of two results are equal: two 64-bit words under a mask, where
// std::equal over a length known only at run time is a call to memcmp on every transaction.
inline bool same_lanes(const std::array<uint16_t, kMaxLanes>& x,
                       const std::array<uint16_t, kMaxLanes>& y, int lanes) {
  static_assert(kMaxLanes == 8, "two 64-bit words hold the lanes");
  uint64_t x0, x1, y0, y1;
  std::memcpy(&x0, x.data(), 8);
  std::memcpy(&x1, x.data() + 4, 8);
  std::memcpy(&y0, y.data(), 8);
  std::memcpy(&y1, y.data() + 4, 8);
  const uint64_t low = lanes >= 4 ? ~uint64_t{0} : (uint64_t{1} << (16 * lanes)) - 1;
  const uint64_t high = lanes <= 4   ? 0
                        : lanes >= 8 ? ~uint64_t{0}
                                     : (uint64_t{1} << (16 * (lanes - 4))) - 1;
  return ((x0 ^ y0) & low) == 0 && ((x1 ^ y1) & high) == 0;
}

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
  // signals (the traced twins are Verilated with TRACE_FST and --trace-depth 2; rtl/CMakeLists.txt
  // says why). Cycle n (the n-th cycle() call from here) drives its inputs at 10n ns and has its
  // rising edge at 10n + 5 ns; a reset between two cycles shows 2 ns after the last edge. Throws
  // std::runtime_error when the file cannot be opened, and std::logic_error from a model built
  // without tracing (tb/dut_factory.h, Waves).
  virtual void trace_to(const std::string& path);
  // Flushes and closes the waveform (also done on destruction).
  virtual void close_trace() {}

  // Writes the unit's RTL code coverage so far to `path` (a Verilator coverage file): a user's
  // unit built with `dut build --coverage`. hp_alu's instrumented models report through
  // tb/rtl_coverage.h instead. Throws std::logic_error for a model without coverage and
  // std::runtime_error when the file cannot be written.
  virtual void write_coverage(const std::string& path);
};

}  // namespace halfpipe::tb
