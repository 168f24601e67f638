// What goes into the unit and what comes out of it, independent of how it is timed.
#pragma once

#include <array>
#include <cstdint>

#include "model/sc/config.h"
#include "model/uop/uop.h"

namespace halfpipe::sc {

using LaneValues = std::array<uint16_t, kMaxLanes>;

// One issue: a Uop (its lane_mask says which lanes compute), one 16-bit operand per lane for
// each of a, b, c, and a tag that comes back with the result.
struct Transaction {
  Uop uop;
  LaneValues a{}, b{}, c{};
  uint64_t tag = 0;
};

struct Result {
  uint64_t tag = 0;
  Uop uop;
  LaneValues lanes{};  // ref::execute_lanes: lane i enabled or 0 (vISA wide elements span lanes)
  bool evaluated = true;  // false when the reference cannot evaluate this Uop (yet)
  uint64_t accept_edge = 0;  // the rising edge at which the unit accepted the transaction
  uint64_t leave_edge = 0;   // the rising edge at which the consumer took the result
};

}  // namespace halfpipe::sc
