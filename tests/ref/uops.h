// Uops for the reference tests, built field by field (the tests do not depend on the PTX
// decoder), and the formats' constants written out from S1.
#pragma once

#include <cstdint>

#include "model/ref/execute.h"
#include "model/uop/uop.h"

namespace halfpipe::ref_test {

inline Uop make_uop(Op op, Format format, bool packed = false) {
  Uop u;
  u.op = op;
  u.format = format;
  u.packed = packed;
  u.lane_mask = packed ? 0b11 : 0b1;  // S2: PTX scalar forms use lane 0, packed forms both
  return u;
}

// The four PTX types of one op.
inline Uop f16(Op op) { return make_uop(op, Format::F16); }
inline Uop bf16(Op op) { return make_uop(op, Format::BF16); }
inline Uop f16x2(Op op) { return make_uop(op, Format::F16, true); }
inline Uop bf16x2(Op op) { return make_uop(op, Format::BF16, true); }

// Modifier setters, so a test reads like the instruction it exercises: with_ftz(make_uop(...)).
inline Uop with_ftz(Uop u) { u.ftz = true; return u; }
inline Uop with_sat(Uop u) { u.sat = true; return u; }
inline Uop with_relu(Uop u) { u.relu = true; return u; }
inline Uop with_oob(Uop u) { u.oob = true; return u; }
inline Uop with_nan(Uop u) { u.nan = true; return u; }
inline Uop with_xorsign_abs(Uop u) { u.xorsign_abs = true; return u; }

// One scalar lane through the public entry point.
inline uint16_t run(const Uop& u, uint16_t a, uint16_t b = 0, uint16_t c = 0) {
  return static_cast<uint16_t>(ref::execute(u, a, b, c));
}

// Two 16-bit lanes as one packed register: lane 0 in [15:0], lane 1 in [31:16] (S2).
constexpr uint32_t pack(uint16_t lane1, uint16_t lane0) {
  return (static_cast<uint32_t>(lane1) << 16) | lane0;
}

}  // namespace halfpipe::ref_test
