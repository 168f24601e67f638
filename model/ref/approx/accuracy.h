// Measuring tanh.approx and ex2.approx against the exact functions (S20): host double
// precision, used by the tests and by `halfpipe approx-report`, never by the evaluated path.
// Independent of the reference's rounding: the correctly rounded result is found by searching
// the encodings, not by round_pack.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <vector>

#include "model/ref/execute.h"
#include "model/ref/format.h"
#include "model/uop/uop.h"

namespace halfpipe::ref::approx {

// Every f16 and bf16 value is exactly a double.
inline double to_double(const FloatFormat& f, uint16_t bits) {
  const double sign = f.sign(bits) ? -1.0 : 1.0;
  if (f.is_nan(bits)) return NAN;
  if (f.is_inf(bits)) return sign * INFINITY;
  const int e = f.exp_field(bits);
  const double frac = f.frac_field(bits);
  if (e == 0) return sign * std::ldexp(frac, f.emin() - f.frac_bits);
  return sign * std::ldexp(frac + std::ldexp(1.0, f.frac_bits), e - f.bias() - f.frac_bits);
}

// The exact function in double (its error, under 2^-52 relative, is far below any 16-bit ulp).
inline double exact(Op op, double x) { return op == Op::Tanh ? std::tanh(x) : std::exp2(x); }

// Encodings ordered by value: -max..-0 map to negative integers, +0..+max to non-negative ones,
// so the distance between two results in ulps is the difference of their ranks.
inline int32_t rank(const FloatFormat& f, uint16_t bits) {
  return f.sign(bits) ? -static_cast<int32_t>(f.magnitude(bits)) : f.magnitude(bits);
}
inline int32_t ulps_apart(const FloatFormat& f, uint16_t x, uint16_t y) {
  return std::abs(rank(f, x) - rank(f, y));
}

// v rounded to nearest, ties to even, with subnormals and overflow to infinity (IEEE 754), by
// binary search over the positive encodings. Infinity stands for the value one ulp above the
// largest finite number, so that overflow happens at the midpoint as round-to-nearest requires.
inline uint16_t correctly_rounded(const FloatFormat& f, double v) {
  const double magnitude = std::fabs(v);
  auto value = [&](uint16_t bits) {
    if (bits == f.inf()) {
      return std::ldexp(1.0, f.bias() + 1);
    }
    return to_double(f, bits);
  };
  uint16_t lo = 0, hi = f.inf();  // value(lo) <= magnitude < value(hi), unless beyond hi
  if (magnitude >= value(hi)) return f.infinity(std::signbit(v));
  while (hi - lo > 1) {
    const uint16_t mid = static_cast<uint16_t>((lo + hi) / 2);
    (value(mid) <= magnitude ? lo : hi) = mid;
  }
  const double below = magnitude - value(lo), above = value(hi) - magnitude;
  const uint16_t nearest = below < above ? lo : above < below ? hi : (lo % 2 == 0 ? lo : hi);
  return nearest | f.zero(std::signbit(v));
}

// The last place of the format at the binade of v (the subnormal spacing below 2^emin).
inline double ulp_at(const FloatFormat& f, double v) {
  const int binade = v == 0 ? f.emin() : std::max(std::ilogb(v), f.emin());
  return std::ldexp(1.0, binade - f.frac_bits);
}

// The scalar PTX form of a (function, format) pair: ex2 on bf16 exists only as .ftz (S22).
inline Uop approx_uop(Op op, Format format) {
  Uop u;
  u.op = op;
  u.format = format;
  u.ftz = op == Op::Ex2 && format == Format::BF16;
  return u;
}

// The correctly rounded result of the instruction, ftz included (S9: input flush, then flush of
// a result that rounds into the subnormal range; both to zero of the same sign).
inline uint16_t correctly_rounded_result(const Uop& u, uint16_t x) {
  const FloatFormat& f = float_format(u.format);
  if (u.ftz && f.is_subnormal(x)) x = f.zero(f.sign(x));
  const uint16_t r = correctly_rounded(f, exact(u.op, to_double(f, x)));
  return u.ftz && f.is_subnormal(r) ? f.zero(f.sign(r)) : r;
}

struct InputError {
  uint16_t input;
  double x;
  double ulps;  // (result - exact) / ulp_at(exact), signed
  bool correctly_rounded;
};

// Accuracy of one (function, format) pair over every finite input.
struct Accuracy {
  double max_abs_error = 0;  // |result - exact| over finite results
  double max_rel_error = 0;  // |result - exact| / |exact| over normal results
  double max_ulp_error = 0;  // |result - exact| / ulp_at(exact) over finite, unflushed results
  int32_t max_ulps_from_correct = 0;
  int64_t correctly_rounded = 0;
  int64_t inputs = 0;
  std::vector<InputError> errors;  // per finite input with a finite result, by encoding
};

inline Accuracy measure(Op op, Format format) {
  const Uop u = approx_uop(op, format);
  const FloatFormat& f = float_format(format);
  Accuracy a;
  for (uint32_t bits = 0; bits <= 0xFFFF; ++bits) {
    const uint16_t x = static_cast<uint16_t>(bits);
    if (f.is_nan(x) || f.is_inf(x)) continue;
    const uint16_t result = static_cast<uint16_t>(execute(u, x));
    const uint16_t correct = correctly_rounded_result(u, x);
    ++a.inputs;
    a.correctly_rounded += result == correct;
    a.max_ulps_from_correct = std::max(a.max_ulps_from_correct, ulps_apart(f, result, correct));
    const double input = to_double(f, u.ftz && f.is_subnormal(x) ? f.zero(f.sign(x)) : x);
    const double want = exact(op, input), got = to_double(f, result);
    if (std::isinf(got) || std::isinf(want)) continue;
    // A result that .ftz flushes (S9) is pinned by the ulps from the correct result alone.
    if (u.ftz && f.is_subnormal(correctly_rounded(f, want))) continue;
    const double error = got - want;
    a.max_abs_error = std::max(a.max_abs_error, std::fabs(error));
    if (std::fabs(to_double(f, correct)) >= std::ldexp(1.0, f.emin()))
      a.max_rel_error = std::max(a.max_rel_error, std::fabs(error / want));
    const double ulps = error / ulp_at(f, std::fabs(want));
    a.max_ulp_error = std::max(a.max_ulp_error, std::fabs(ulps));
    a.errors.push_back({x, to_double(f, x), ulps, result == correct});
  }
  return a;
}

}  // namespace halfpipe::ref::approx
