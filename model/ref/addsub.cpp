// PTX 9.7.4.1 add and 9.7.4.2 sub: the exact sum, rounded once (S5).
#include "model/ref/ops.h"
#include "model/ref/policy.h"
#include "model/ref/round.h"

namespace halfpipe::ref {

Rounded add(const FloatFormat& f, uint16_t a, uint16_t b) {
  if (f.is_nan(a) || f.is_nan(b)) return policy::kCanonicalNan;
  if (f.is_inf(a) && f.is_inf(b) && f.sign(a) != f.sign(b)) return policy::kCanonicalNan;
  if (f.is_inf(a)) return a;
  if (f.is_inf(b)) return b;
  return round_exact_sum(f, unpack(f, a), unpack(f, b));
}

// S5: sub is a + (-b), so (-0) - (+0) = -0 falls out of the sum rule.
Rounded sub(const FloatFormat& f, uint16_t a, uint16_t b) {
  return add(f, a, b ^ f.sign_mask());
}

}  // namespace halfpipe::ref
