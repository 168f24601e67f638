// The piecewise-quadratic datapath shared by tanh.approx and ex2.approx (S19), written once for
// the table generator (which fits coefficients through it) and the reference (which evaluates
// through it), so the two can never disagree. Integer only: every line maps to RTL.
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
// products (arithmetic right shifts); the generator centres c0 on their bias.
//
// Table entry layout (one $readmemh word per segment, index i on line i), LSB first:
//   [c0_bits-1 : 0]                      c0, unsigned
//   [c0_bits+c1_bits-1 : c0_bits]        c1, two's complement
//   [entry_bits-1 : c0_bits+c1_bits]     c2, two's complement
#pragma once

#include <algorithm>
#include <cstdint>

namespace halfpipe::ref::approx {

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

// The two tables. Widths are those the generator (tablegen.cpp) needs for the coefficients it
// fits; it refuses to write a table whose coefficients do not fit. The sizes are the cheapest
// found that keep every result of both formats within 1 ulp of the correctly rounded one with
// all but 13 of the 2 x 63,488 finite f16 results correctly rounded (bf16: all); halving the
// segments breaks the 1-ulp target, doubling them leaves one miss (README.md, "Cost").
//
// ex2: y ~ 2^f for f = (i * 2^D + d) / 2^22 in [0, 1), x rounded to 22 fraction bits;
// y in [1, 2] with Y fraction bits.
inline constexpr Layout kEx2Layout{
    /*entries=*/16, /*index_bits=*/4, /*offset_bits=*/18, /*square_bits=*/12,
    /*y_frac_bits=*/22, /*c0_bits=*/23, /*c1_bits=*/20, /*c2_bits=*/14};
inline constexpr int kEx2FractionBits = 22;  // index_bits + offset_bits

// tanh: y ~ tanh(a) / a for a = |input| in [0, 5), truncated to kTanhFractionBits fraction
// bits; y in (0.19, 1] with Y fraction bits. Inputs at or above 5 saturate to 1. The segments
// are 2^-kTanhFineStepBits wide on [0, 2), where tanh(a)/a bends most, and twice as wide on
// [2, 5).
inline constexpr int kTanhFineStepBits = 4;  // fine segments 1/16 wide
inline constexpr int kTanhCoarseShift = 1;   // coarse segments 2^1 times wider: 1/8
inline constexpr int kTanhFineSegments = 2 << kTanhFineStepBits;
inline constexpr int kTanhCoarseSegments = 3 << (kTanhFineStepBits - kTanhCoarseShift);
inline constexpr Layout kTanhLayout{
    /*entries=*/kTanhFineSegments + kTanhCoarseSegments, /*index_bits=*/6, /*offset_bits=*/15,
    /*square_bits=*/12, /*y_frac_bits=*/22, /*c0_bits=*/23, /*c1_bits=*/18, /*c2_bits=*/14};
inline constexpr int kTanhFractionBits = kTanhFineStepBits + kTanhLayout.offset_bits;
inline constexpr uint64_t kTanhSaturation = uint64_t{5} << kTanhFractionBits;  // a >= 5

static_assert(kEx2Layout.entry_bits() <= 64 && kTanhLayout.entry_bits() <= 64,
              "entries are held in uint64_t");
static_assert(kEx2FractionBits == kEx2Layout.position_bits() &&
                  (1 << kEx2Layout.index_bits) == kEx2Layout.entries,
              "ex2's index and offset split the fraction f exactly");
static_assert((1 << kTanhLayout.index_bits) >= kTanhLayout.entries, "tanh index too narrow");

struct Segment {
  uint32_t index;
  uint32_t offset;
};

// Where |a| (truncated to kTanhFractionBits, below kTanhSaturation) falls in the tanh table:
// in the fine region the position bits split directly; in the coarse one the lowest bit
// is dropped first, so offsets keep the same width D.
constexpr Segment tanh_segment(uint64_t a_fixed) {
  const int d = kTanhLayout.offset_bits;
  const uint64_t fine_end = uint64_t{kTanhFineSegments} << d;
  if (a_fixed < fine_end)
    return {static_cast<uint32_t>(a_fixed >> d), static_cast<uint32_t>(a_fixed & ((1u << d) - 1))};
  const uint64_t q = (a_fixed - fine_end) >> kTanhCoarseShift;
  return {static_cast<uint32_t>(kTanhFineSegments + (q >> d)),
          static_cast<uint32_t>(q & ((1u << d) - 1))};
}

// The front ends that turn an input (sign, sig, exp: value = sig * 2^exp, sig < 2^11) into a
// table position, shared by the reference and the generator (which fits the tables to the
// inputs that reach each segment).

// tanh: |a| truncated to kTanhFractionBits fraction bits, saturating at kTanhSaturation (|a| at
// or above 2^21 would not fit the 64-bit shift and saturates anyway).
constexpr uint64_t tanh_position(int32_t exp, uint64_t sig) {
  const int32_t shift = exp + kTanhFractionBits;
  if (shift > 40) return kTanhSaturation;
  if (shift >= 0) return std::min(sig << shift, kTanhSaturation);
  return shift > -64 ? sig >> -shift : 0;
}

// ex2: x = n + f. |x| (below 2^8 here: larger inputs are handled before the table) is rounded to
// nearest at kEx2FractionBits fraction bits (ties away), then the sign is applied: a signed
// fixed-point X of 1 + 8 + 22 bits, monotonic in x. n = floor(X / 2^22); f = X mod 2^22 splits
// into segment index and offset.
struct Ex2Reduced {
  int32_t n;
  Segment segment;
};
constexpr Ex2Reduced ex2_reduce(bool negative, int32_t exp, uint64_t sig) {
  const int32_t shift = exp + kEx2FractionBits;
  uint64_t magnitude = 0;
  if (shift >= 0) {
    magnitude = sig << shift;
  } else if (shift > -63) {
    magnitude = (sig + (uint64_t{1} << (-shift - 1))) >> -shift;
  }
  const int64_t fixed = negative ? -static_cast<int64_t>(magnitude) : static_cast<int64_t>(magnitude);
  const uint32_t fraction = static_cast<uint32_t>(fixed & ((int64_t{1} << kEx2FractionBits) - 1));
  const int d = kEx2Layout.offset_bits;
  return {static_cast<int32_t>(fixed >> kEx2FractionBits),  // arithmetic shift: floor
          {fraction >> d, fraction & ((1u << d) - 1)}};
}

}  // namespace halfpipe::ref::approx
