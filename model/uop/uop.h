// The Uop: the one contract between the instruction front-ends (model/isa), the reference
// (model/ref), the SystemC model (model/sc) and the RTL (rtl/). Nothing downstream of a decoder
// parses text; everything downstream sees only this.
//
// The bit encoding below is mirrored by rtl/hp_uop_pkg.sv; a test proves the two agree.
#pragma once

#include <cstdint>
#include <optional>

namespace halfpipe {

// How an op's result comes about (ops.def says more).
enum class OpClass : uint8_t { Rounding, Selection, Approximate };

// The ops of the op table (ops.def), by their codes in the Uop word.
enum class Op : uint8_t {
#define HALFPIPE_OP(Name, code, ptx, operands, op_class, family, kernel, ref) Name = code,
#include "model/uop/ops.def"
#undef HALFPIPE_OP
};
inline constexpr int kOpCount = 0
#define HALFPIPE_OP(Name, code, ptx, operands, op_class, family, kernel, ref) +1
#include "model/uop/ops.def"
#undef HALFPIPE_OP
    ;
// Every op, in the table's order.
inline constexpr Op kAllOps[kOpCount] = {
#define HALFPIPE_OP(Name, code, ptx, operands, op_class, family, kernel, ref) Op::Name,
#include "model/uop/ops.def"
#undef HALFPIPE_OP
};
// Each op's names, by its code: its enumerator (the RTL's op_e names it Op<identifier>), its
// PTX opcode and its class's enumerator.
struct OpNames {
  const char* identifier;
  const char* ptx;
  const char* op_class;
};
inline constexpr OpNames kOpNames[kOpCount] = {
#define HALFPIPE_OP(Name, code, ptx, operands, op_class, family, kernel, ref) {#Name, ptx, #op_class},
#include "model/uop/ops.def"
#undef HALFPIPE_OP
};
// Tables indexed by an op's code (names, counters) rely on the codes being 0, 1, 2, ...
constexpr bool op_codes_are_table_positions() {
  for (int i = 0; i < kOpCount; ++i)
    if (static_cast<int>(kAllOps[i]) != i) return false;
  return true;
}
static_assert(op_codes_are_table_positions(), "ops.def: the codes must be 0, 1, 2, ... in order");

// Element format of every lane. The 16-bit floating formats are PTX's; the others exist for the
// vISA MIN_MAX front-end (S26), whose every type the RTL's min/max unit executes. A 32-bit
// element spans two neighbouring 16-bit lanes and a 64-bit one four (lanes_per_element), its
// least significant 16 bits in the lowest lane of the group (rtl/README.md, "Wide elements").
enum class Format : uint8_t {
  F16 = 0,   // IEEE binary16 (S1); vISA HF
  BF16 = 1,  // bfloat16 (S1)
  S16 = 2,   // vISA W
  U16 = 3,   // vISA UW
  S8 = 4,    // vISA B, in the low byte of a lane
  U8 = 5,    // vISA UB, in the low byte of a lane
  S32 = 6,   // vISA D, on a pair of lanes
  U32 = 7,   // vISA UD, on a pair of lanes
  F32 = 8,   // vISA F (IEEE binary32), on a pair of lanes
  S64 = 9,   // vISA Q, on four lanes
  U64 = 10,  // vISA UQ, on four lanes
  F64 = 11,  // vISA DF (IEEE binary64), on four lanes
};
inline constexpr int kFormatCount = 12;

// How many 16-bit lanes one element of a format occupies: 1, 2 or 4.
constexpr int lanes_per_element(Format f) {
  switch (f) {
    case Format::S32:
    case Format::U32:
    case Format::F32: return 2;
    case Format::S64:
    case Format::U64:
    case Format::F64: return 4;
    default: return 1;
  }
}

// Who decides what a NaN operand of min/max produces.
enum class NanPolicy : uint8_t {
  Ptx = 0,       // S10, S15: canonical NaN results, one NaN input returns the other operand
  VisaSrc1 = 1,  // S28: one NaN returns the other operand, two NaNs return src1, no canonicalisation
};

// vISA source modifier on one source (S27); PTX never sets one.
struct SourceModifier {
  bool neg = false;
  bool abs = false;  // applied before neg: -(abs) is neg && abs
  friend constexpr bool operator==(SourceModifier x, SourceModifier y) {
    return x.neg == y.neg && x.abs == y.abs;
  }
};

struct Uop {
  Op op = Op::Add;
  Format format = Format::F16;
  bool packed = false;  // .f16x2 / .bf16x2: two lanes per 32-bit register (S2)
  bool ftz = false;
  bool sat = false;
  bool relu = false;
  bool oob = false;
  bool nan = false;          // min/max .NaN
  bool xorsign_abs = false;  // min/max .xorsign.abs (always together, S16)
  NanPolicy nan_policy = NanPolicy::Ptx;
  SourceModifier src0_mod{};
  SourceModifier src1_mod{};
  // Lanes that compute. PTX: 0b1 for scalar, 0b11 for packed forms; vISA beats set it from the
  // execution mask (S25). Carried beside the encoded word, as its own port in the RTL.
  uint32_t lane_mask = 1;

  friend constexpr bool operator==(const Uop& x, const Uop& y) {
    return x.op == y.op && x.format == y.format && x.packed == y.packed && x.ftz == y.ftz &&
           x.sat == y.sat && x.relu == y.relu && x.oob == y.oob && x.nan == y.nan &&
           x.xorsign_abs == y.xorsign_abs && x.nan_policy == y.nan_policy &&
           x.src0_mod == y.src0_mod && x.src1_mod == y.src1_mod && x.lane_mask == y.lane_mask;
  }
  friend constexpr bool operator!=(const Uop& x, const Uop& y) { return !(x == y); }
};

// How many source operands an op reads: a, b, c in that order.
constexpr int operand_count(Op op) {
  switch (op) {
#define HALFPIPE_OP(Name, code, ptx, operands, op_class, family, kernel, ref) \
  case Op::Name:                                                          \
    return operands;
#include "model/uop/ops.def"
#undef HALFPIPE_OP
  }
  return 0;  // unreachable for a valid Op
}

constexpr OpClass op_class(Op op) {
  switch (op) {
#define HALFPIPE_OP(Name, code, ptx, operands, op_class, family, kernel, ref) \
  case Op::Name:                                                          \
    return OpClass::op_class;
#include "model/uop/ops.def"
#undef HALFPIPE_OP
  }
  return OpClass::Rounding;  // unreachable for a valid Op
}

// PTX's 16-bit floating formats, which every PTX op takes; F32 and F64 are vISA MIN_MAX's alone.
constexpr bool is_float(Format f) { return f == Format::F16 || f == Format::BF16; }

// ---- Bit encoding of everything but the lane mask ---------------------------------------------
//   [3:0]   op            [6:4]  format[2:0]   [7]  packed
//   [8]     ftz           [9]    sat           [10] relu          [11] oob
//   [12]    nan           [13]   xorsign_abs   [14] nan_policy
//   [15]    src0 neg      [16]   src0 abs      [17] src1 neg      [18] src1 abs
//   [19]    format[3]
// The format grew from 3 to 4 bits for the 32- and 64-bit vISA types; its new top bit went above
// every existing field rather than beside [6:4], so that every word an earlier version encoded
// (memory images, vector files, DPI callers) keeps its meaning: formats 0..7 leave bit 19 clear.
namespace uop_bits {
inline constexpr int kWidth = 20;
inline constexpr int kOpLsb = 0, kOpWidth = 4;
inline constexpr int kFormatLsb = 4, kFormatLowWidth = 3, kFormatHigh = 19;
inline constexpr int kPacked = 7, kFtz = 8, kSat = 9, kRelu = 10, kOob = 11, kNan = 12,
                     kXorsignAbs = 13, kNanPolicy = 14, kSrc0Neg = 15, kSrc0Abs = 16,
                     kSrc1Neg = 17, kSrc1Abs = 18;
}  // namespace uop_bits

constexpr uint32_t encode(const Uop& u) {
  using namespace uop_bits;
  auto bit = [](bool v, int pos) { return static_cast<uint32_t>(v) << pos; };
  const auto format = static_cast<uint32_t>(u.format);
  return (static_cast<uint32_t>(u.op) << kOpLsb) |
         ((format & ((1u << kFormatLowWidth) - 1)) << kFormatLsb) |
         ((format >> kFormatLowWidth) << kFormatHigh) |
         bit(u.packed, kPacked) | bit(u.ftz, kFtz) | bit(u.sat, kSat) | bit(u.relu, kRelu) |
         bit(u.oob, kOob) | bit(u.nan, kNan) | bit(u.xorsign_abs, kXorsignAbs) |
         bit(u.nan_policy == NanPolicy::VisaSrc1, kNanPolicy) | bit(u.src0_mod.neg, kSrc0Neg) |
         bit(u.src0_mod.abs, kSrc0Abs) | bit(u.src1_mod.neg, kSrc1Neg) |
         bit(u.src1_mod.abs, kSrc1Abs);
}

// The inverse of encode(); nullopt for words no encode() produces (bits above kWidth, an
// op or format number out of range).
constexpr std::optional<Uop> decode(uint32_t word, uint32_t lane_mask) {
  using namespace uop_bits;
  if (word >> kWidth) return std::nullopt;
  uint32_t op = (word >> kOpLsb) & ((1u << kOpWidth) - 1);
  uint32_t format = ((word >> kFormatLsb) & ((1u << kFormatLowWidth) - 1)) |
                    (((word >> kFormatHigh) & 1u) << kFormatLowWidth);
  if (op >= kOpCount || format >= kFormatCount) return std::nullopt;
  auto bit = [word](int pos) { return ((word >> pos) & 1u) != 0; };
  Uop u;
  u.op = static_cast<Op>(op);
  u.format = static_cast<Format>(format);
  u.packed = bit(kPacked);
  u.ftz = bit(kFtz);
  u.sat = bit(kSat);
  u.relu = bit(kRelu);
  u.oob = bit(kOob);
  u.nan = bit(kNan);
  u.xorsign_abs = bit(kXorsignAbs);
  u.nan_policy = bit(kNanPolicy) ? NanPolicy::VisaSrc1 : NanPolicy::Ptx;
  u.src0_mod = {bit(kSrc0Neg), bit(kSrc0Abs)};
  u.src1_mod = {bit(kSrc1Neg), bit(kSrc1Abs)};
  u.lane_mask = lane_mask;
  return u;
}

}  // namespace halfpipe
