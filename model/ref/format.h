// Format traits: f16 and bf16 are one parameterised implementation (S1). Everything in the
// reference that needs a field width or a bias asks a FloatFormat for it.
#pragma once

#include <cstdint>

#include "model/uop/uop.h"

namespace halfpipe::ref {

struct FloatFormat {
  int exp_bits;
  int frac_bits;

  constexpr int bias() const { return (1 << (exp_bits - 1)) - 1; }
  // Exponent of the smallest normal, 1 - bias (2^-14 for f16, 2^-126 for bf16).
  constexpr int emin() const { return 1 - bias(); }
  constexpr uint16_t sign_mask() const { return 0x8000; }
  constexpr uint16_t exp_field_max() const { return static_cast<uint16_t>((1u << exp_bits) - 1); }
  constexpr uint16_t frac_mask() const { return static_cast<uint16_t>((1u << frac_bits) - 1); }
  constexpr uint16_t inf() const { return static_cast<uint16_t>(exp_field_max() << frac_bits); }
  constexpr uint16_t one() const { return static_cast<uint16_t>(bias() << frac_bits); }

  constexpr bool sign(uint16_t x) const { return (x & sign_mask()) != 0; }
  constexpr uint16_t magnitude(uint16_t x) const { return x & 0x7FFF; }
  constexpr uint16_t exp_field(uint16_t x) const {
    return static_cast<uint16_t>(magnitude(x) >> frac_bits);
  }
  constexpr uint16_t frac_field(uint16_t x) const { return x & frac_mask(); }

  // S3: every all-ones exponent with a non-zero fraction is a NaN; there is no quiet/signalling.
  constexpr bool is_nan(uint16_t x) const { return magnitude(x) > inf(); }
  constexpr bool is_inf(uint16_t x) const { return magnitude(x) == inf(); }
  constexpr bool is_zero(uint16_t x) const { return magnitude(x) == 0; }
  constexpr bool is_subnormal(uint16_t x) const {
    return exp_field(x) == 0 && frac_field(x) != 0;
  }
  constexpr uint16_t zero(bool negative) const { return negative ? sign_mask() : 0; }
  constexpr uint16_t infinity(bool negative) const { return inf() | zero(negative); }
};

inline constexpr FloatFormat kF16{5, 10};
inline constexpr FloatFormat kBF16{8, 7};

constexpr const FloatFormat& float_format(Format f) { return f == Format::BF16 ? kBF16 : kF16; }

// A finite value as an exact integer significand and a power-of-two scale:
// value = (-1)^sign * sig * 2^exp. Normals carry their hidden bit; subnormals do not.
struct Unpacked {
  bool sign;
  int32_t exp;
  uint64_t sig;
};

constexpr Unpacked unpack(const FloatFormat& f, uint16_t x) {
  const uint16_t e = f.exp_field(x);
  const uint64_t frac = f.frac_field(x);
  if (e == 0) return {f.sign(x), f.emin() - f.frac_bits, frac};
  return {f.sign(x), e - f.bias() - f.frac_bits, frac | (uint64_t{1} << f.frac_bits)};
}

}  // namespace halfpipe::ref
