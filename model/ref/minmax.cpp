// PTX 9.7.4.7 min and 9.7.4.8 max, with the decisions of S15 (IEEE order with -0 < +0, one NaN
// returns the other input, two NaNs the canonical NaN) and S16-S17 (.xorsign.abs).
#include "model/ref/ops.h"
#include "model/ref/policy.h"

namespace halfpipe::ref {
namespace {

// A key that orders every non-NaN value as IEEE does, with -0 below +0 (S15).
int32_t order_key(const FloatFormat& f, uint16_t x) {
  const int32_t magnitude = f.magnitude(x);
  return f.sign(x) ? -magnitude - 1 : magnitude;
}

uint16_t select(const FloatFormat& f, bool want_max, uint16_t a, uint16_t b, MinMaxModifiers m) {
  const bool xorsign = f.sign(a) != f.sign(b);  // S16: signs taken before .abs
  if (m.xorsign_abs) {
    a = f.magnitude(a);
    b = f.magnitude(b);
  }
  const bool a_nan = f.is_nan(a), b_nan = f.is_nan(b);
  if ((a_nan && b_nan) || (m.nan && (a_nan || b_nan))) return policy::kCanonicalNan;

  uint16_t d;
  if (a_nan) {
    d = b;
  } else if (b_nan) {
    d = a;
  } else {
    const bool a_below_b = order_key(f, a) < order_key(f, b);
    d = (a_below_b != want_max) ? a : b;
  }
  if (m.xorsign_abs) d = f.magnitude(d) | f.zero(xorsign);  // d is not a NaN here (S16)
  return d;
}

}  // namespace

uint16_t min(const FloatFormat& f, uint16_t a, uint16_t b, MinMaxModifiers m) {
  return select(f, false, a, b, m);
}

uint16_t max(const FloatFormat& f, uint16_t a, uint16_t b, MinMaxModifiers m) {
  return select(f, true, a, b, m);
}

}  // namespace halfpipe::ref
