// PTX 9.7.4.10 ex2.approx (S19-S21): range reduction x = n + f (n integer, f in [0, 1)), a
// piecewise-quadratic table of 2^f, and one rounding of 2^f * 2^n into the format (with its
// subnormal range, S6; `.ftz` on bf16 is applied around this by execute_lane, S9). f16 and bf16
// share the table and the datapath; only the final rounding knows the format.
//
// Datapath (widths for the 16-bit formats):
//   1. |x| >= 2^exp_bits (32 for f16, 256 for bf16) overflows to +inf or underflows to +0 in
//      every case; below that, x becomes a signed fixed-point number X with 22 fraction bits,
//      |x| rounded to nearest (ties away) before the sign is applied, so X is monotonic in x.
//      X needs 1 + 8 + 22 = 31 bits.
//   2. n = X >> 22 (floor), f = X mod 2^22: a 4-bit segment index (16 entries) and an 18-bit
//      offset (approx/datapath.h), giving y = 2^f in units of 2^-22 from a 57-bit entry,
//      y in [2^22, 2^23]. Segment 0 starts at exactly 2^22, so integer x give exact powers of 2.
//   3. round_pack(y * 2^(n - 22)): the reference's one rounding.
// The table is non-decreasing within and across segments and ends at or below 2.0 (the
// generator checks it), so ex2 is monotonic non-decreasing (S21).
#include "model/ref/approx/datapath.h"
#include "model/ref/approx/tables.h"
#include "model/ref/ops.h"
#include "model/ref/policy.h"
#include "model/ref/round.h"

namespace halfpipe::ref {

static_assert(sizeof(approx::kEx2Table) / sizeof(approx::kEx2Table[0]) ==
                  static_cast<size_t>(approx::kEx2Layout.entries),
              "ex2.mem does not have the entry count of kEx2Layout");

Rounded ex2_approx(const FloatFormat& f, uint16_t a) {
  if (f.is_nan(a)) return policy::kCanonicalNan;  // S10
  const bool negative = f.sign(a);
  // Spec corner tables: 2^-inf = +0, 2^+inf = +inf.
  if (f.is_inf(a)) return negative ? f.zero(false) : f.infinity(false);

  const Unpacked x = unpack(f, a);  // a zero has sig 0: X = 0, 2^0 = 1.0
  const int32_t top = x.sig == 0 ? 0 : x.exp + 63 - __builtin_clzll(x.sig);
  if (x.sig != 0 && top >= f.exp_bits) return negative ? f.zero(false) : f.infinity(false);

  const approx::Ex2Reduced r = approx::ex2_reduce(negative, x.exp, x.sig);
  const approx::Layout& layout = approx::kEx2Layout;
  const int64_t y = approx::evaluate(
      layout, approx::unpack_entry(layout, approx::kEx2Table[r.segment.index]), r.segment.offset);
  return round_pack(f, false, r.n - layout.y_frac_bits, static_cast<uint64_t>(y));
}

}  // namespace halfpipe::ref
