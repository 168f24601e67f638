#include "vectors/exact.h"

#include <cmath>

#include "model/ref/postprocess.h"

namespace halfpipe::vectors {
namespace {

using ref::FloatFormat;

// Knuth's TwoSum: s + e == x + y exactly, with s = fl(x + y), barring overflow.
ExactValue two_sum(double x, double y) {
  const double s = x + y;
  const double y_virtual = s - x;
  const double x_virtual = s - y_virtual;
  return {s, (x - x_virtual) + (y - y_virtual)};
}

bool is_finite(const FloatFormat& f, uint16_t x) { return !f.is_nan(x) && !f.is_inf(x); }

// Compares |hi + lo| with a positive double t: -1, 0 or +1. Since hi = fl(hi + lo) and rounding
// is monotonic, hi alone decides unless |hi| == t.
int compare_magnitude(const ExactValue& v, double t) {
  const double m = std::fabs(v.hi);
  if (m != t) return m < t ? -1 : 1;
  if (v.lo == 0) return 0;
  return (v.lo > 0) == (v.hi > 0) ? 1 : -1;
}

}  // namespace

double to_double(const FloatFormat& f, uint16_t x) {
  const ref::Unpacked u = ref::unpack(f, x);
  const double magnitude = std::ldexp(static_cast<double>(u.sig), u.exp);
  return u.sign ? -magnitude : magnitude;
}

std::optional<ExactValue> exact_lane_result(const Uop& u, uint16_t a, uint16_t b, uint16_t c) {
  if (!is_float(u.format)) return std::nullopt;
  const FloatFormat& f = ref::float_format(u.format);
  if (u.ftz) {  // S7
    a = ref::flush_subnormal_input(f, a);
    b = ref::flush_subnormal_input(f, b);
    c = ref::flush_subnormal_input(f, c);
  }
  switch (u.op) {
    case Op::Add:
    case Op::Sub:
      if (!is_finite(f, a) || !is_finite(f, b)) return std::nullopt;
      {
        const double y = u.op == Op::Sub ? -to_double(f, b) : to_double(f, b);
        return two_sum(to_double(f, a), y);
      }
    case Op::Mul:
      if (!is_finite(f, a) || !is_finite(f, b)) return std::nullopt;
      return ExactValue{to_double(f, a) * to_double(f, b), 0.0};  // <= 22 significant bits
    case Op::Fma:
      if (!is_finite(f, a) || !is_finite(f, b) || !is_finite(f, c)) return std::nullopt;
      return two_sum(to_double(f, a) * to_double(f, b), to_double(f, c));
    case Op::Neg:  // an operand or the canonical NaN: nothing is rounded
    case Op::Abs:
    case Op::Min:
    case Op::Max:
    case Op::Tanh:  // S19: an approximation has no exact value here
    case Op::Ex2:
      return std::nullopt;
  }
  return std::nullopt;  // unreachable for a valid Op
}

std::optional<uint16_t> truncate_to_format(const FloatFormat& f, double x) {
  if (!std::isfinite(x)) return std::nullopt;
  const double m = std::fabs(x);
  const uint16_t sign = std::signbit(x) ? f.sign_mask() : 0;
  if (m == 0) return sign;
  int e;
  std::frexp(m, &e);
  const int binade = std::max(e - 1, f.emin());
  if (binade > f.bias()) return std::nullopt;
  const double k = std::floor(m / std::ldexp(1.0, binade - f.frac_bits));
  // k carries the hidden bit for normals, so (binade - emin) << frac_bits + k is the encoding
  // in both ranges (in the subnormal one binade == emin and k < 2^frac_bits).
  return static_cast<uint16_t>(sign | (((binade - f.emin()) << f.frac_bits) + static_cast<int>(k)));
}

Tie classify_tie(const FloatFormat& f, const ExactValue& v) {
  // A midpoint of the format has at most frac_bits + 2 significant bits, so it is a double; if
  // hi + lo equals one, then hi = fl(midpoint) = midpoint and lo == 0.
  if (v.lo != 0 || v.hi == 0) return Tie::None;
  const double m = std::fabs(v.hi);
  int e;
  std::frexp(m, &e);  // m = fraction * 2^e, fraction in [0.5, 1): m lies in [2^(e-1), 2^e)
  const int binade = std::max(e - 1, f.emin());
  if (binade > f.bias()) return Tie::None;  // at or beyond 2^(emax+1): no finite neighbours
  const double ulp = std::ldexp(1.0, binade - f.frac_bits);
  const double k = std::floor(m / ulp);  // m / ulp is exact: a power-of-two scaling
  if (m - k * ulp != ulp / 2) return Tie::None;
  return std::fmod(k, 2.0) != 0 ? Tie::RoundsUp : Tie::RoundsDown;
}

uint8_t testfloat_flags(const Uop& u, uint16_t a, uint16_t b, uint16_t c, uint16_t result) {
  constexpr uint8_t kInexact = 0x01, kUnderflow = 0x02, kOverflow = 0x04, kInvalid = 0x10;
  const FloatFormat& f = ref::float_format(u.format);
  const int n = operand_count(u.op);
  auto signalling = [&f](uint16_t x) {
    return f.is_nan(x) && (x & (1u << (f.frac_bits - 1))) == 0;
  };
  bool invalid = signalling(a) || (n >= 2 && signalling(b)) || (n >= 3 && signalling(c));
  const bool product = u.op == Op::Mul || u.op == Op::Fma;
  if (product && ((f.is_inf(a) && f.is_zero(b)) || (f.is_zero(a) && f.is_inf(b))))
    invalid = true;  // inf * 0, raised by SoftFloat even when c is a quiet NaN
  if (invalid) return kInvalid;
  const bool any_nan = f.is_nan(a) || f.is_nan(b) || (n >= 3 && f.is_nan(c));
  if (any_nan) return 0;
  // inf - inf: the infinite addends (or the infinite product) with opposite signs.
  if (f.is_nan(result)) return kInvalid;
  const auto exact = exact_lane_result(u, a, b, c);
  if (!exact) return 0;  // an infinite operand with a finite-or-matching partner: exact inf
  if (f.is_inf(result)) return kOverflow | kInexact;
  const double r = to_double(f, result);
  if (r == exact->hi && exact->lo == 0) return 0;
  uint8_t flags = kInexact;
  // Tiny after rounding: the exact value rounded to frac_bits + 1 bits with an unbounded
  // exponent lies below 2^emin, i.e. |exact| < 2^emin * (1 - 2^-(frac_bits + 2)).
  const double tiny_bound = std::ldexp(1.0, f.emin()) * (1 - std::ldexp(1.0, -(f.frac_bits + 2)));
  if (compare_magnitude(*exact, tiny_bound) < 0) flags |= kUnderflow;
  return flags;
}

}  // namespace halfpipe::vectors
