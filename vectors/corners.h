// The corner classes of each format and the operand tuples built from them, per form. Every
// tuple is derived by construction from the format traits (e.g. a tie is 1.0 plus half an ulp),
// never found by searching with the reference, so the vectors test the reference too.
#pragma once

#include <cstdint>
#include <vector>

#include "model/uop/uop.h"

namespace halfpipe::vectors {

// The operands of one 16-bit lane; unused ones are zero.
struct LaneOperands {
  uint16_t a = 0, b = 0, c = 0;
  friend bool operator==(const LaneOperands& x, const LaneOperands& y) {
    return x.a == y.a && x.b == y.b && x.c == y.c;
  }
};

struct CornerValue {
  uint16_t bits;
  const char* name;  // e.g. "-max-subnormal"
};

// The corner classes, signed where the sign matters: +-0, +-min/max subnormal,
// +-min/max normal, +-1, +-infinity, the canonical NaN and the OOB-NaN. Crossed in full.
std::vector<CornerValue> primary_corner_values(Format f);
// The rest of the corner classes, crossed with a few partners only (to keep the sets small):
// values around 1.0 (what .sat clamps), other NaNs (sign set, the smallest payload) and the
// OOB-NaN with its sign set.
std::vector<CornerValue> secondary_corner_values(Format f);
// Both lists, primary first.
std::vector<CornerValue> all_corner_values(Format f);

// The corner tuples of one lane of a form: its corner classes crossed (pairwise for binary
// ops, pairwise in every pair of positions plus a triple-wise cross of zeros, ones and
// infinities for fma) and the constructed tuples of its op: exact results half-way between two
// neighbours (ties both ways), results just below, at and just above the smallest normal, and
// overflow boundaries. Fixed order; the lanes of a packed form are filled by the stream.
std::vector<LaneOperands> corner_lane_tuples(const Uop& u);

}  // namespace halfpipe::vectors
