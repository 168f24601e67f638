#include "model/ref/round.h"

#include <algorithm>
#include <utility>

namespace halfpipe::ref {
namespace {

// (sig + s) rounded at `shift` bits above sig's last place (s as round_pack's): to nearest even,
// or toward zero. A shift of zero or less is exact: the caller bounds the left shift.
uint64_t rounded_quotient(uint64_t sig, bool sticky, int32_t shift, Direction direction) {
  if (shift <= 0) return sig << -shift;
  if (shift > 64) return 0;  // below half of the last place: rounds to zero
  uint64_t q = shift == 64 ? 0 : sig >> shift;
  if (direction == Direction::kTowardZero) return q;
  const uint64_t rem = shift == 64 ? sig : sig & ((uint64_t{1} << shift) - 1);
  const uint64_t half = uint64_t{1} << (shift - 1);
  if (rem > half || (rem == half && (sticky || (q & 1)))) ++q;  // S4: ties to even
  return q;
}

}  // namespace

Rounded round_pack(const FloatFormat& f, bool sign, int32_t exp, uint64_t sig, bool sticky,
                   Direction direction) {
  if (sig == 0) return f.zero(sign);

  const int32_t msb = 63 - __builtin_clzll(sig);
  const int32_t top = exp + msb;  // the value lies in [2^top, 2^(top+1))
  // The weight of the result's last place: frac_bits below the leading bit, but never below the
  // last place of the subnormals (S6, gradual underflow).
  const int32_t lsb = std::max(top - f.frac_bits, f.emin() - f.frac_bits);
  const uint64_t q = rounded_quotient(sig, sticky, lsb - exp, direction);

  // Tininess after rounding (S8): below 2^(emin-1) nothing rounds up to 2^emin; in the binade
  // just below it, the value rounded at full precision (frac_bits below its leading bit, where
  // the subnormal range keeps one bit fewer) is tiny unless it carries into 2^emin.
  const bool tiny =
      top < f.emin() - 1 ||
      (top == f.emin() - 1 &&
       rounded_quotient(sig, sticky, top - f.frac_bits - exp, direction) >> (f.frac_bits + 1) == 0);

  // q carries the hidden bit for normals, so adding it to (field - 1) lets a rounding carry step
  // into the next binade, and a subnormal that rounds up become the smallest normal.
  const int32_t exp_field = lsb + f.frac_bits + f.bias();  // 1 in the subnormal range
  const uint64_t bits = (static_cast<uint64_t>(exp_field - 1) << f.frac_bits) + q;
  if (bits >= f.inf()) {  // S5: overflow rounds to infinity; toward zero, to the largest finite
    return direction == Direction::kNearestEven ? f.infinity(sign)
                                                : static_cast<uint16_t>((f.inf() - 1) | f.zero(sign));
  }
  return {static_cast<uint16_t>(static_cast<uint16_t>(bits) | f.zero(sign)), tiny};
}

Rounded round_exact_sum(const FloatFormat& f, const Unpacked& x, const Unpacked& y) {
  if (x.sig == 0 && y.sig == 0) return f.zero(x.sign && y.sign);
  if (x.sig == 0) return round_pack(f, y.sign, y.exp, y.sig);
  if (y.sig == 0) return round_pack(f, x.sign, x.exp, x.sig);

  Unpacked hi = x, lo = y;
  if (hi.exp < lo.exp) std::swap(hi, lo);
  const int32_t distance = hi.exp - lo.exp;

  // Aligned exactly while the sum fits 64 bits (a 22-bit product shifted by 40 does).
  constexpr int32_t kExactAlignment = 40;
  if (distance <= kExactAlignment) {
    const uint64_t a = hi.sig << distance;
    const uint64_t b = lo.sig;
    if (hi.sign == lo.sign) return round_pack(f, hi.sign, lo.exp, a + b);
    if (a == b) return f.zero(false);  // S5: x + (-x) is +0 under round-to-nearest
    return a > b ? round_pack(f, hi.sign, lo.exp, a - b) : round_pack(f, lo.sign, lo.exp, b - a);
  }

  // lo (under 2^(lo.exp + 22)) lies wholly below the last of eight guard bits appended to hi, so
  // it only sets the sticky bit, and borrows one guard unit when it is subtracted.
  constexpr int32_t kGuardBits = 8;
  const uint64_t a = hi.sig << kGuardBits;
  return round_pack(f, hi.sign, hi.exp - kGuardBits, hi.sign == lo.sign ? a : a - 1, true);
}

}  // namespace halfpipe::ref
