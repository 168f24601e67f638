// PTX 9.7.4.4 fma: a * b + c with no loss of precision in the product and one rounding (S5).
#include "model/ref/ops.h"
#include "model/ref/policy.h"
#include "model/ref/round.h"

namespace halfpipe::ref {

Rounded fma(const FloatFormat& f, uint16_t a, uint16_t b, uint16_t c) {
  if (f.is_nan(a) || f.is_nan(b) || f.is_nan(c)) return policy::kCanonicalNan;
  const bool product_sign = f.sign(a) != f.sign(b);
  if (f.is_inf(a) || f.is_inf(b)) {
    if (f.is_zero(a) || f.is_zero(b)) return policy::kCanonicalNan;  // inf * 0
    if (f.is_inf(c) && f.sign(c) != product_sign) return policy::kCanonicalNan;  // inf - inf
    return f.infinity(product_sign);
  }
  if (f.is_inf(c)) return Rounded(c);

  const Unpacked x = unpack(f, a), y = unpack(f, b);
  const Unpacked product{product_sign, x.exp + y.exp, x.sig * y.sig};  // exact: 2 * 11 bits
  return round_exact_sum(f, product, unpack(f, c));
}

}  // namespace halfpipe::ref
