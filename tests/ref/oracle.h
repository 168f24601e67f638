// An independent model of the arithmetic rules, for checking model/ref against something that
// shares none of its code: the formats are restated from S1, values are decoded through the
// host's binary64 (exact for every f16 and bf16 value), add/sub/mul use the host's own IEEE
// arithmetic (exact for f16 sums and for f16 and bf16 products; for bf16 sums, binary64's 53
// bits are more than 2*8+2, so rounding first to binary64 and then to bf16 equals rounding once),
// fma uses an exact 640-bit integer, and the rounding to the format is written here afresh,
// round/guard/sticky style, in one place for both paths.
#pragma once

#include <array>
#include <cmath>
#include <cstdint>
#include <cstring>

namespace halfpipe::oracle {

// S1, restated rather than taken from model/ref/format.h.
struct Spec {
  int exp_bits;
  int frac_bits;
  const char* name;

  constexpr int bias() const { return (1 << (exp_bits - 1)) - 1; }
  constexpr int exp_all_ones() const { return (1 << exp_bits) - 1; }
  // Exponent of the last place of the subnormals: 2^-24 for f16, 2^-133 for bf16.
  constexpr int tiniest_exp() const { return 1 - bias() - frac_bits; }
  constexpr uint16_t inf_bits() const { return static_cast<uint16_t>(exp_all_ones() << frac_bits); }
  // Smallest normal magnitude, 2^(1 - bias).
  double min_normal() const { return std::ldexp(1.0, 1 - bias()); }
};
inline constexpr Spec kHalf{5, 10, "f16"};
inline constexpr Spec kBfloat{8, 7, "bf16"};

inline constexpr uint16_t kCanonicalNan = 0x7FFF;  // S10

inline bool is_nan(const Spec& s, uint16_t x) { return (x & 0x7FFF) > s.inf_bits(); }

inline double to_double(const Spec& s, uint16_t x) {
  const int exp_field = (x >> s.frac_bits) & s.exp_all_ones();
  const int frac = x & ((1 << s.frac_bits) - 1);
  const double sign = (x & 0x8000) ? -1.0 : 1.0;
  if (exp_field == s.exp_all_ones()) return frac ? std::nan("") : sign * HUGE_VAL;
  if (exp_field == 0) return sign * std::ldexp(frac, s.tiniest_exp());
  return sign * std::ldexp(frac + (1 << s.frac_bits), exp_field - s.bias() - s.frac_bits);
}

// An unsigned integer wide enough for every exact fma of both formats: bf16 operands have their
// last place at 2^-133 or above, so products at 2^-266 or above, and the largest |a*b + c| is
// below 2^257; 523 bits from 2^-266 up. Ten 64-bit limbs, least significant first.
class Wide {
 public:
  static constexpr int kLimbs = 10;

  void add_shifted(uint64_t v, int shift) {
    unsigned __int128 carry = 0;
    const int limb = shift / 64, bit = shift % 64;
    const unsigned __int128 wide = static_cast<unsigned __int128>(v) << bit;
    for (int i = limb; i < kLimbs; ++i) {
      unsigned __int128 t = carry + limbs_[i];
      if (i == limb) t += static_cast<uint64_t>(wide);
      if (i == limb + 1) t += static_cast<uint64_t>(wide >> 64);
      limbs_[i] = static_cast<uint64_t>(t);
      carry = t >> 64;
    }
  }
  // *this - other, for *this >= other.
  Wide minus(const Wide& other) const {
    Wide d;
    uint64_t borrow = 0;
    for (int i = 0; i < kLimbs; ++i) {
      const uint64_t x = limbs_[i], y = other.limbs_[i];
      d.limbs_[i] = x - y - borrow;
      borrow = (x < y) || (x - y < borrow) ? 1 : 0;
    }
    return d;
  }
  int compare(const Wide& other) const {
    for (int i = kLimbs - 1; i >= 0; --i)
      if (limbs_[i] != other.limbs_[i]) return limbs_[i] < other.limbs_[i] ? -1 : 1;
    return 0;
  }
  // The index of the highest set bit, -1 for zero.
  int msb() const {
    for (int i = kLimbs - 1; i >= 0; --i)
      if (limbs_[i]) return i * 64 + 63 - __builtin_clzll(limbs_[i]);
    return -1;
  }
  bool bit(int i) const { return i >= 0 && i < kLimbs * 64 && ((limbs_[i / 64] >> (i % 64)) & 1); }
  // The bits from index `from` up, as an integer (at most 64 of them are set).
  uint64_t bits_from(int from) const {
    uint64_t v = 0;
    for (int i = msb(); i >= from && i >= 0; --i) v = (v << 1) | (bit(i) ? 1 : 0);
    return from < 0 ? v << -from : v;
  }
  bool any_below(int i) const {
    for (int k = 0; k < i && k < kLimbs * 64; ++k)
      if (bit(k)) return true;
    return false;
  }

 private:
  std::array<uint64_t, kLimbs> limbs_{};
};

// A 64-bit magnitude with the same interface, for the binary64 path.
struct Narrow {
  uint64_t v;
  int msb() const { return v ? 63 - __builtin_clzll(v) : -1; }
  bool bit(int i) const { return i >= 0 && i < 64 && ((v >> i) & 1); }
  uint64_t bits_from(int from) const { return from >= 64 ? 0 : from >= 0 ? v >> from : v << -from; }
  bool any_below(int i) const {
    if (i <= 0) return false;
    return i >= 64 ? v != 0 : (v & ((uint64_t{1} << i) - 1)) != 0;
  }
};

// Rounds the non-zero (-1)^negative * m * 2^scale to nearest, ties to even, into the format
// with its subnormals and overflow to infinity: pick the weight of the last kept place, keep
// the bits at and above it, then look at the first dropped bit (round) and the rest (sticky).
template <class Magnitude>
uint16_t round_to_format(const Spec& s, bool negative, const Magnitude& m, int scale) {
  const int top = m.msb() + scale;  // the value lies in [2^top, 2^(top+1))
  int last_place = top - s.frac_bits;
  if (last_place < s.tiniest_exp()) last_place = s.tiniest_exp();
  const int cut = last_place - scale;  // bit index of m that has the weight of the last place

  uint64_t kept = m.bits_from(cut);
  const bool round = m.bit(cut - 1);
  const bool sticky = m.any_below(cut - 1);
  if (round && (sticky || (kept & 1))) ++kept;

  const uint64_t hidden = uint64_t{1} << s.frac_bits;
  if (kept == 2 * hidden) {  // carried into the next binade
    kept = hidden;
    ++last_place;
  }
  const uint16_t sign = negative ? 0x8000 : 0;
  if (kept < hidden) return sign | static_cast<uint16_t>(kept);  // subnormal or zero
  const int exp_field = last_place + s.frac_bits + s.bias();
  if (exp_field >= s.exp_all_ones()) return sign | s.inf_bits();
  return sign | static_cast<uint16_t>((exp_field << s.frac_bits) | (kept - hidden));
}

// A binary64 value rounded into the format; a host NaN becomes the canonical NaN (S10).
inline uint16_t from_double(const Spec& s, double r) {
  if (std::isnan(r)) return kCanonicalNan;
  const uint16_t sign = std::signbit(r) ? 0x8000 : 0;
  if (std::isinf(r)) return sign | s.inf_bits();
  if (r == 0) return sign;  // a host zero carries IEEE 754's sign rules (S5)
  uint64_t bits;
  std::memcpy(&bits, &r, sizeof bits);
  const int exp_field = static_cast<int>((bits >> 52) & 0x7FF);
  const uint64_t frac = bits & ((uint64_t{1} << 52) - 1);
  if (exp_field == 0) return round_to_format(s, sign != 0, Narrow{frac}, -1074);
  return round_to_format(s, sign != 0, Narrow{frac | (uint64_t{1} << 52)}, exp_field - 1075);
}

// S7, restated: .ftz flushes a subnormal input to a zero of the same sign.
inline uint16_t flush(const Spec& s, uint16_t x) {
  const double v = to_double(s, x);
  if (v != 0 && std::fabs(v) < s.min_normal()) return x & 0x8000;
  return x;
}

// S8, restated from IEEE 754's tininess after rounding (what an H100 does): a result is tiny when
// its exact value, rounded to the format's precision with an unbounded exponent, lies below the
// smallest normal, that is when its magnitude is below the smallest normal less half a last
// place of the binade under it (that bound itself ties up to the even smallest normal). .ftz
// makes a tiny result a zero of the same sign. `exact` must compare with the bound as the exact
// value does (each caller says why).
inline uint16_t flush_result(const Spec& s, double exact, uint16_t rounded) {
  const double bound = s.min_normal() * (1 - std::ldexp(1.0, -(s.frac_bits + 2)));
  if (exact != 0 && std::fabs(exact) < bound) return rounded & 0x8000;
  return rounded;
}

enum class Arith { Add, Sub, Mul };

inline uint16_t arith(const Spec& s, Arith op, uint16_t a, uint16_t b, bool ftz = false) {
  if (ftz) {
    a = flush(s, a);
    b = flush(s, b);
  }
  const double x = to_double(s, a), y = to_double(s, b);
  const double r = op == Arith::Add ? x + y : op == Arith::Sub ? x - y : x * y;
  const uint16_t d = from_double(s, r);
  return ftz ? flush_result(s, r, d) : d;  // r is exact: at most 2p bits, far from binary64's ends
}

// A finite value as an integer significand and a power-of-two weight, read from the fields.
struct Finite {
  bool negative;
  uint64_t sig;
  int exp;  // value = (-1)^negative * sig * 2^exp
};
inline Finite decompose(const Spec& s, uint16_t x) {
  const int exp_field = (x >> s.frac_bits) & s.exp_all_ones();
  const uint64_t frac = x & ((1u << s.frac_bits) - 1);
  const bool negative = (x & 0x8000) != 0;
  if (exp_field == 0) return {negative, frac, s.tiniest_exp()};
  return {negative, frac | (uint64_t{1} << s.frac_bits), exp_field - s.bias() - s.frac_bits};
}

// fma with the sum computed exactly (S5: one rounding). Specials and exact zeros are decided by
// the host's IEEE arithmetic: a*b is exact in binary64, so x*y + z is NaN, infinite or zero
// exactly when the exact result is, with IEEE's signs. Every other result comes from the exact
// integer a*b + c in units of 2^(2 * tiniest_exp), the weight of the smallest product.
inline uint16_t fma(const Spec& s, uint16_t a, uint16_t b, uint16_t c, bool ftz = false) {
  if (ftz) {
    a = flush(s, a);
    b = flush(s, b);
    c = flush(s, c);
  }
  const double host = to_double(s, a) * to_double(s, b) + to_double(s, c);
  if (std::isnan(host) || std::isinf(host) || host == 0) {
    return from_double(s, host);  // a NaN, infinity or zero is never tiny
  }

  const int lowest = 2 * s.tiniest_exp();
  const Finite x = decompose(s, a), y = decompose(s, b), z = decompose(s, c);
  Wide product, addend;
  product.add_shifted(x.sig * y.sig, x.exp + y.exp - lowest);
  addend.add_shifted(z.sig, z.exp - lowest);
  const bool product_negative = x.negative != y.negative;

  uint16_t d;
  if (product_negative == z.negative) {
    product.add_shifted(z.sig, z.exp - lowest);
    d = round_to_format(s, product_negative, product, lowest);
  } else if (product.compare(addend) > 0) {
    d = round_to_format(s, product_negative, product.minus(addend), lowest);
  } else {  // equality is an exact zero, which the host decided above
    d = round_to_format(s, z.negative, addend.minus(product), lowest);
  }
  // host is the exact value rounded once to binary64: an exact value other than the bound lies a
  // multiple of 2^(2 * tiniest_exp) away from it, far above binary64's last place there, so
  // host compares with the bound as the exact value does.
  return ftz ? flush_result(s, host, d) : d;
}

}  // namespace halfpipe::oracle
