// The datapaths of tanh.approx and ex2.approx (S19), written once for the table generator (which
// fits tanh's coefficients through it), the reference (which evaluates through it) and the tests,
// so that none of them can disagree. Integer only: every line maps to RTL (rtl/hp_approx.sv,
// rtl/hp_quadratic.sv, rtl/hp_ex2_interpolate.sv).
//
// Both end in a value that the reference truncates into the format (round_pack toward zero, as
// the chip does: doc/semantics.md, S19).
#pragma once

#include <algorithm>
#include <cstdint>

namespace halfpipe::ref::approx {

// ---- tanh: a piecewise-quadratic table of tanh(a)/a ---------------------------------------------
//
// A function is split into equal segments. An input position p (an unsigned fixed-point number
// of index_bits + offset_bits bits) selects segment i = p >> D and offset d = p mod 2^D, with
// D = offset_bits; with t = d / 2^D in [0, 1) the datapath computes, in units of 2^-Y
// (Y = y_frac_bits):
//
//   y = c0 + floor(c1 * d / 2^D) + floor(c2 * s^2 / 2^(2Q)),   s = d >> (D - Q)
//
// i.e. y ~ c0 + c1 t + c2 t^2, where the square is taken of the top Q = square_bits bits of d
// only (a Q x Q squarer instead of D x D). The floors are plain truncations of two's-complement
// products (arithmetic right shifts).
//
// Table entry layout (one $readmemh word per segment, index i on line i), LSB first:
//   [c0_bits-1 : 0]                      c0, unsigned
//   [c0_bits+c1_bits-1 : c0_bits]        c1, two's complement
//   [entry_bits-1 : c0_bits+c1_bits]     c2, two's complement

struct Layout {
  int entries;      // segments stored (line count of the .mem file)
  int index_bits;   // width of the segment index i
  int offset_bits;  // D
  int square_bits;  // Q
  int y_frac_bits;  // Y
  int c0_bits;
  int c1_bits;
  int c2_bits;
  constexpr int entry_bits() const { return c0_bits + c1_bits + c2_bits; }
  constexpr int position_bits() const { return index_bits + offset_bits; }
};

struct Coefficients {
  int64_t c0;
  int64_t c1;
  int64_t c2;
};

namespace detail {
constexpr uint64_t field_mask(int bits) { return (uint64_t{1} << bits) - 1; }
constexpr int64_t sign_extend(uint64_t v, int bits) {
  const uint64_t sign = uint64_t{1} << (bits - 1);
  return static_cast<int64_t>((v ^ sign) - sign);
}
}  // namespace detail

constexpr Coefficients unpack_entry(const Layout& l, uint64_t entry) {
  using namespace detail;
  return {static_cast<int64_t>(entry & field_mask(l.c0_bits)),
          sign_extend((entry >> l.c0_bits) & field_mask(l.c1_bits), l.c1_bits),
          sign_extend((entry >> (l.c0_bits + l.c1_bits)) & field_mask(l.c2_bits), l.c2_bits)};
}

constexpr uint64_t pack_entry(const Layout& l, const Coefficients& c) {
  using namespace detail;
  return (static_cast<uint64_t>(c.c0) & field_mask(l.c0_bits)) |
         ((static_cast<uint64_t>(c.c1) & field_mask(l.c1_bits)) << l.c0_bits) |
         ((static_cast<uint64_t>(c.c2) & field_mask(l.c2_bits)) << (l.c0_bits + l.c1_bits));
}

constexpr bool fits(const Layout& l, const Coefficients& c) {
  auto fits_signed = [](int64_t v, int bits) {
    return v >= -(int64_t{1} << (bits - 1)) && v < (int64_t{1} << (bits - 1));
  };
  return c.c0 >= 0 && c.c0 < (int64_t{1} << l.c0_bits) && fits_signed(c.c1, l.c1_bits) &&
         fits_signed(c.c2, l.c2_bits);
}

// y in units of 2^-Y. Right shifts of negative int64 are arithmetic (floor) on every compiler
// this project supports (GCC, Clang), as they are in two's-complement hardware.
constexpr int64_t evaluate(const Layout& l, const Coefficients& c, uint32_t d) {
  const int64_t s = d >> (l.offset_bits - l.square_bits);
  const int64_t linear = (c.c1 * static_cast<int64_t>(d)) >> l.offset_bits;
  const int64_t quadratic = (c.c2 * (s * s)) >> (2 * l.square_bits);
  return c.c0 + linear + quadratic;
}

// y ~ tanh(a) / a for a = |input| in [0, 8), truncated to kTanhFractionBits fraction bits;
// y in (0.12, 1] with Y fraction bits. The segments are 2^-kTanhFineStepBits wide on [0, 2),
// where tanh(a)/a bends most, and 2^kTanhCoarseShift times wider on [2, 8). The generator fits
// the coefficients to the chip's results (tablegen.cpp); these are the smallest segments for which
// every segment has coefficients that reproduce them: at 1/16 on [0, 2), no quadratic fits
// [1/16, 1/8) (README.md, "Fitting").
inline constexpr int kTanhFineStepBits = 5;  // fine segments 1/32 wide
inline constexpr int kTanhCoarseShift = 2;   // coarse segments 2^2 times wider: 1/8
inline constexpr int kTanhFineSegments = 2 << kTanhFineStepBits;
inline constexpr int kTanhCoarseSegments = 6 << (kTanhFineStepBits - kTanhCoarseShift);
inline constexpr Layout kTanhLayout{
    /*entries=*/kTanhFineSegments + kTanhCoarseSegments, /*index_bits=*/7, /*offset_bits=*/14,
    /*square_bits=*/12, /*y_frac_bits=*/22, /*c0_bits=*/23, /*c1_bits=*/18, /*c2_bits=*/15};
inline constexpr int kTanhFractionBits = kTanhFineStepBits + kTanhLayout.offset_bits;
// S19, measured: |a| >= 8 gives +-1.0, and |a| < 2^-8 (1 + 2^-7) gives a itself (in position
// units: 2^11 + 2^4; every 16-bit input below it has a position below it, every other one not).
inline constexpr uint64_t kTanhSaturation = uint64_t{8} << kTanhFractionBits;
inline constexpr uint64_t kTanhIdentityBelow =
    (uint64_t{1} << (kTanhFractionBits - 8)) + (uint64_t{1} << (kTanhFractionBits - 15));

static_assert(kTanhLayout.entry_bits() <= 64, "entries are held in uint64_t");
static_assert((1 << kTanhLayout.index_bits) >= kTanhLayout.entries, "tanh index too narrow");

struct Segment {
  uint32_t index;
  uint32_t offset;
};

// Where |a| (truncated to kTanhFractionBits, below kTanhSaturation) falls in the tanh table:
// in the fine region the position bits split directly; in the coarse one the lowest
// kTanhCoarseShift bits are dropped first, so offsets keep the same width D.
constexpr Segment tanh_segment(uint64_t a_fixed) {
  const int d = kTanhLayout.offset_bits;
  const uint64_t fine_end = uint64_t{kTanhFineSegments} << d;
  if (a_fixed < fine_end)
    return {static_cast<uint32_t>(a_fixed >> d), static_cast<uint32_t>(a_fixed & ((1u << d) - 1))};
  const uint64_t q = (a_fixed - fine_end) >> kTanhCoarseShift;
  return {static_cast<uint32_t>(kTanhFineSegments + (q >> d)),
          static_cast<uint32_t>(q & ((1u << d) - 1))};
}

// |a| = sig * 2^exp (sig < 2^11) truncated to kTanhFractionBits fraction bits, saturating at
// kTanhSaturation (|a| at or above 2^21 would not fit the 64-bit shift and saturates anyway).
constexpr uint64_t tanh_position(int32_t exp, uint64_t sig) {
  const int32_t shift = exp + kTanhFractionBits;
  if (shift > 40) return kTanhSaturation;
  if (shift >= 0) return std::min(sig << shift, kTanhSaturation);
  return shift > -64 ? sig >> -shift : 0;
}

// ---- ex2: the chip's MUFU.EX2 ------------------------------------------------------------------
//
// x = n + f, n an integer and f in [0, 1) with 23 fraction bits; the top 6 bits of f select one of
// 64 segments, the 17 below are the offset d, and
//
//   sum = c0 * 2^32 + c1 * d * 2^19 + c2 * sq(d) + bias,     y = floor(sum / 2^34)
//
// with c0, c1, c2 unsigned (26, 16 and 10 bits) and sq(d) a squarer that leaves out every
// partial-product bit of weight below 2^19. y in [2^23, 2^24) is 2^f with 23 fraction bits, and
// the result is y * 2^(n - 23). This is the datapath bcarlet/ptx-math (MIT licence) published for
// MUFU.EX2 (ptxm_ex2_sm5x, checked there on every f32 input of sm_5x to sm_75); its coefficient
// table and bias are data measured from the hardware, used here with that citation
// (model/ref/approx/ex2.mem). On sm_90 it reproduces every input of ex2.approx.f16 and
// ex2.approx.ftz.bf16 (silicon/results/sm_90/run1/tables/; doc/semantics.md, S19).
inline constexpr int kEx2FractionBits = 23;
inline constexpr int kEx2IndexBits = 6;
inline constexpr int kEx2OffsetBits = kEx2FractionBits - kEx2IndexBits;  // 17
inline constexpr int kEx2Entries = 1 << kEx2IndexBits;
inline constexpr int kEx2C0Bits = 26;
inline constexpr int kEx2C1Bits = 16;
inline constexpr int kEx2C2Bits = 10;
inline constexpr int kEx2EntryBits = kEx2C0Bits + kEx2C1Bits + kEx2C2Bits;
inline constexpr int kEx2C0Shift = 32;
inline constexpr int kEx2C1Shift = 19;
inline constexpr int kEx2SquareFirstColumn = 19;
inline constexpr uint64_t kEx2Bias = uint64_t{0x6FC4} << 18;
inline constexpr int kEx2SumShift = 34;

// d^2 less every bit of the squarer's partial-product array that lies below column
// `first_column`: the array of a squarer holds d_i at column 2i and, for i < j, d_i d_j at column
// i + j + 1 (the pair's two products folded into one bit a column higher).
constexpr uint64_t truncated_square(uint32_t d, int first_column) {
  uint64_t dropped = 0;
  for (int i = 0; i < 32 && 2 * i < first_column; ++i) {
    if (((d >> i) & 1) == 0) continue;
    dropped += uint64_t{1} << (2 * i);
    for (int j = i + 1; j < 32 && i + j + 1 < first_column; ++j)
      if ((d >> j) & 1) dropped += uint64_t{1} << (i + j + 1);
  }
  return uint64_t{d} * d - dropped;
}

// Entries as ex2.mem stores them: {c2, c1, c0}, MSB first, all unsigned.
constexpr Coefficients unpack_ex2_entry(uint64_t entry) {
  using detail::field_mask;
  return {static_cast<int64_t>(entry & field_mask(kEx2C0Bits)),
          static_cast<int64_t>((entry >> kEx2C0Bits) & field_mask(kEx2C1Bits)),
          static_cast<int64_t>((entry >> (kEx2C0Bits + kEx2C1Bits)) & field_mask(kEx2C2Bits))};
}

// 2^f in units of 2^-23, f = (index * 2^17 + d) / 2^23.
constexpr uint64_t ex2_interpolate(const Coefficients& c, uint32_t d) {
  const uint64_t sum = (static_cast<uint64_t>(c.c0) << kEx2C0Shift) +
                       ((static_cast<uint64_t>(c.c1) * d) << kEx2C1Shift) +
                       static_cast<uint64_t>(c.c2) * truncated_square(d, kEx2SquareFirstColumn) +
                       kEx2Bias;
  return sum >> kEx2SumShift;
}

// x = (-1)^negative * sig * 2^exp with |x| < 2^8. The unit takes |x| in fixed point truncated to
// 23 fraction bits, M; a positive x is n = M >> 23, f = M mod 2^23; a negative one takes the
// one's complement of the fraction and borrows from the integer part, X = -M - 1, unless the
// fraction is zero (X = -M): so -0.25 becomes n = -1, f = 0.75 - 2^-23, not 0.75.
struct Ex2Reduced {
  int32_t n;
  Segment segment;
};
constexpr Ex2Reduced ex2_reduce(bool negative, int32_t exp, uint64_t sig) {
  const int32_t shift = exp + kEx2FractionBits;
  uint64_t magnitude = 0;
  if (shift >= 0) {
    magnitude = sig << shift;
  } else if (shift > -64) {
    magnitude = sig >> -shift;
  }
  const uint64_t fraction_mask = (uint64_t{1} << kEx2FractionBits) - 1;
  const int64_t m = static_cast<int64_t>(magnitude);
  const int64_t fixed = negative ? -m - ((magnitude & fraction_mask) != 0 ? 1 : 0) : m;
  const uint32_t fraction = static_cast<uint32_t>(fixed & static_cast<int64_t>(fraction_mask));
  return {static_cast<int32_t>(fixed >> kEx2FractionBits),  // arithmetic shift: floor
          {fraction >> kEx2OffsetBits, fraction & ((1u << kEx2OffsetBits) - 1)}};
}

}  // namespace halfpipe::ref::approx
