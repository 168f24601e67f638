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

namespace lane_words {
// The two 64-bit words that hold the lanes, and the bits of the first `lanes` lanes in each.
static_assert(kMaxLanes == 8, "two 64-bit words hold the lanes");
inline void load(const std::array<uint16_t, kMaxLanes>& x, uint64_t& low, uint64_t& high) {
  std::memcpy(&low, x.data(), 8);
  std::memcpy(&high, x.data() + 4, 8);
}
inline uint64_t low_range(int lanes) {
  return lanes >= 4 ? ~uint64_t{0} : (uint64_t{1} << (16 * lanes)) - 1;
}
inline uint64_t high_range(int lanes) {
  return lanes <= 4 ? 0 : lanes >= 8 ? ~uint64_t{0} : (uint64_t{1} << (16 * (lanes - 4))) - 1;
}
// Four lane bits spread to the 16 bits of their lanes.
inline uint64_t spread(uint32_t four_lanes) {
  uint64_t word = 0;
  for (int lane = 0; lane < 4; ++lane)
    word |= uint64_t{(four_lanes >> lane) & 1u} * (uint64_t{0xFFFF} << (16 * lane));
  return word;
}
}  // namespace lane_words

// Whether the first `lanes` lanes of two results are equal: two 64-bit words under a mask, where
// std::equal over a length known only at run time is a call to memcmp on every transaction.
inline bool same_lanes(const std::array<uint16_t, kMaxLanes>& x,
                       const std::array<uint16_t, kMaxLanes>& y, int lanes) {
  uint64_t x0, x1, y0, y1;
  lane_words::load(x, x0, x1);
  lane_words::load(y, y0, y1);
  return ((x0 ^ y0) & lane_words::low_range(lanes)) == 0 &&
         ((x1 ^ y1) & lane_words::high_range(lanes)) == 0;
}

// Whether `got` shows `want` in the lanes of `mask` and zero in the other lanes of the first
// `lanes`: a scoreboard's comparison of a result, lanes outside the mask reading zero.
inline bool same_lanes_masked(const std::array<uint16_t, kMaxLanes>& want,
                              const std::array<uint16_t, kMaxLanes>& got, uint32_t mask,
                              int lanes) {
  uint64_t w0, w1, g0, g1;
  lane_words::load(want, w0, w1);
  lane_words::load(got, g0, g1);
  w0 &= lane_words::spread(mask & 0xF);
  w1 &= lane_words::spread((mask >> 4) & 0xF);
  return ((w0 ^ g0) & lane_words::low_range(lanes)) == 0 &&
         ((w1 ^ g1) & lane_words::high_range(lanes)) == 0;
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
