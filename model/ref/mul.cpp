// PTX 9.7.4.3 mul: the exact product, rounded once (S5).
#include "model/ref/ops.h"
#include "model/ref/policy.h"
#include "model/ref/round.h"

namespace halfpipe::ref {

Rounded mul(const FloatFormat& f, uint16_t a, uint16_t b) {
  if (f.is_nan(a) || f.is_nan(b)) return policy::kCanonicalNan;
  const bool sign = f.sign(a) != f.sign(b);  // S5: also the sign of an exact zero product
  if (f.is_inf(a) || f.is_inf(b)) {
    if (f.is_zero(a) || f.is_zero(b)) return policy::kCanonicalNan;  // inf * 0
    return f.infinity(sign);
  }
  const Unpacked x = unpack(f, a), y = unpack(f, b);
  return round_pack(f, sign, x.exp + y.exp, x.sig * y.sig);
}

}  // namespace halfpipe::ref
