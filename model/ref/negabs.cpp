// PTX 9.7.4.5 neg and 9.7.4.6 abs: sign-bit operations (S11). The spec leaves a NaN input's
// result unspecified; S11 makes it the canonical NaN, as ptxas folds it.
#include "model/ref/ops.h"
#include "model/ref/policy.h"

namespace halfpipe::ref {

uint16_t neg(const FloatFormat& f, uint16_t a) {
  return f.is_nan(a) ? policy::kCanonicalNan : static_cast<uint16_t>(a ^ f.sign_mask());
}

uint16_t abs(const FloatFormat& f, uint16_t a) {
  return f.is_nan(a) ? policy::kCanonicalNan : f.magnitude(a);
}

}  // namespace halfpipe::ref
