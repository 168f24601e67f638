// The one scoreboard: every transaction the unit accepts is expected back exactly once, in
// order, with its tag, its lane mask and, per lane, the reference's result (lanes outside the
// mask read zero). Used by `halfpipe sweep` and every RTL test.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <vector>

#include "tb/dut.h"
#include "tb/streams.h"

namespace halfpipe::tb {

struct Expected {
  uint32_t tag = 0;
  uint32_t lane_mask = 0;
  int plan = 0;  // which form (an index the caller gives meaning to)
  std::array<uint16_t, kMaxLanes> result{};
  std::array<Operands, kMaxLanes> operands{};
};

struct Mismatch {
  enum class Kind { Result, Tag, LaneMask, Unexpected };
  Kind kind = Kind::Result;
  int plan = 0;
  int lane = 0;
  Operands operands{};
  uint32_t expected = 0;
  uint32_t got = 0;
};

class Scoreboard {
 public:
  using Reporter = std::function<void(const Mismatch&)>;

  Scoreboard(int lanes, Reporter reporter) : lanes_(lanes), reporter_(std::move(reporter)) {}

  // Called when the unit accepts a transaction.
  void expect(const Expected& e);
  // Called when the unit hands one out; compares it with the oldest expectation.
  void check(const OutBeat& got);
  // Forgets every transaction in flight (after a reset, which empties the unit).
  void drop_in_flight() { head_ = tail_ = 0; }

  size_t in_flight() const { return tail_ - head_; }
  // Lane results that matched / did not; a wrong tag, mask or an output nobody expected counts
  // as one failure each.
  uint64_t passed() const { return passed_; }
  uint64_t failed() const { return failed_; }

 private:
  static constexpr size_t kCapacity = 64;  // far above any Depth: at most Depth in flight
  int lanes_;
  Reporter reporter_;
  std::array<Expected, kCapacity> queue_{};
  size_t head_ = 0, tail_ = 0;
  uint64_t passed_ = 0, failed_ = 0;
};

}  // namespace halfpipe::tb
