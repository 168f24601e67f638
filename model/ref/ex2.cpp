// PTX 9.7.4.10 ex2.approx (S19-S21), as sm_90 computes it: the unit's range reduction x = n + f
// (f truncated to 23 bits), its 64-segment quadratic of 2^f, and the truncation of y * 2^n into
// the format (with its subnormal range, S6; `.ftz` on bf16 is applied around this by
// execute_lane, S9). f16 and bf16 share the table and the datapath; only the truncation and the
// overflow threshold know the format.
//
// Datapath (approx/datapath.h):
//   1. x >= 2^(exp_bits-1) (16 for f16, 128 for bf16, where 2^n leaves the format) gives +inf,
//      x <= -2^exp_bits gives +0; between, x becomes n and a 23-bit fraction f, the one's
//      complement of the fraction for a negative x.
//   2. f's top 6 bits select an entry of ex2.mem, its low 17 bits are d; y = 2^f in units of
//      2^-23 from the aligned sum of c0, c1 * d and c2 * d^2 (a truncated squarer).
//   3. round_pack(y * 2^(n - 23)) toward zero: the reference's one truncation.
#include "model/ref/approx/datapath.h"
#include "model/ref/approx/tables.h"
#include "model/ref/ops.h"
#include "model/ref/policy.h"
#include "model/ref/round.h"

namespace halfpipe::ref {

static_assert(sizeof(approx::kEx2Table) / sizeof(approx::kEx2Table[0]) ==
                  static_cast<size_t>(approx::kEx2Entries),
              "ex2.mem does not have the entry count of the unit's index");

Rounded ex2_approx(const FloatFormat& f, uint16_t a) {
  if (f.is_nan(a)) return policy::kCanonicalNan;  // S10
  const bool negative = f.sign(a);
  // Spec corner tables: 2^-inf = +0, 2^+inf = +inf.
  if (f.is_inf(a)) return negative ? f.zero(false) : f.infinity(false);

  const Unpacked x = unpack(f, a);  // a zero has sig 0: n = 0, f = 0, 2^0 = 1.0
  const int32_t top = x.sig == 0 ? 0 : x.exp + 63 - __builtin_clzll(x.sig);
  if (x.sig != 0 && !negative && top >= f.exp_bits - 1) return f.infinity(false);
  if (x.sig != 0 && negative && top >= f.exp_bits) return f.zero(false);

  const approx::Ex2Reduced r = approx::ex2_reduce(negative, x.exp, x.sig);
  const uint64_t y = approx::ex2_interpolate(
      approx::unpack_ex2_entry(approx::kEx2Table[r.segment.index]), r.segment.offset);
  return round_pack(f, false, r.n - approx::kEx2FractionBits, y, false, Direction::kTowardZero);
}

}  // namespace halfpipe::ref
