// PTX 9.7.4.9 tanh.approx (S19-S21), as sm_90 computes it: a piecewise-quadratic table of
// g(a) = tanh(a) / a, multiplied by |a| and truncated into the format. f16 and bf16 share the
// table and the datapath; only the final truncation knows the format, so a bf16 result is the
// f16 one truncated, as on the chip.
//
// Datapath (widths for the 16-bit formats, whose significands have at most 11 bits):
//   1. |a| as a fixed-point position with 19 fraction bits (truncated); |a| >= 8 gives 1.0 and
//      |a| < 2^-8 (1 + 2^-7) gives a, as measured.
//   2. Segment index (7 bits, 112 entries: 1/32 wide on [0, 2), 1/8 on [2, 8)) and 14-bit
//      offset (approx/datapath.h), then y = g(|a|) in units of 2^-22 from a 56-bit entry,
//      y <= 2^22 (23 bits).
//   3. Exact product sig(|a|) [11 bits] * y [23 bits], truncated once by round_pack.
// The table is fitted so that this reproduces the chip's result on every input (tablegen.cpp);
// its generator checks |a| * y < 1 on every cell, so the result never exceeds 1.0, and the sign
// is applied to the truncated magnitude, so tanh(-a) = -tanh(a) bit for bit (S21).
#include "model/ref/approx/datapath.h"
#include "model/ref/approx/tables.h"
#include "model/ref/ops.h"
#include "model/ref/policy.h"
#include "model/ref/round.h"

namespace halfpipe::ref {

static_assert(sizeof(approx::kTanhTable) / sizeof(approx::kTanhTable[0]) ==
                  static_cast<size_t>(approx::kTanhLayout.entries),
              "tanh.mem does not have the entry count of kTanhLayout");

Rounded tanh_approx(const FloatFormat& f, uint16_t a) {
  if (f.is_nan(a)) return policy::kCanonicalNan;  // S10
  const bool sign = f.sign(a);
  if (f.is_inf(a)) return f.one() | f.zero(sign);  // spec corner table: tanh(+-inf) = +-1.0
  if (f.is_zero(a)) return a;                      // tanh(+-0) = +-0

  const Unpacked x = unpack(f, f.magnitude(a));
  const uint64_t position = approx::tanh_position(x.exp, x.sig);
  if (position >= approx::kTanhSaturation) return f.one() | f.zero(sign);
  if (position < approx::kTanhIdentityBelow) return a;

  const approx::Segment s = approx::tanh_segment(position);
  const approx::Layout& layout = approx::kTanhLayout;
  const int64_t y = approx::evaluate(
      layout, approx::unpack_entry(layout, approx::kTanhTable[s.index]), s.offset);
  return round_pack(f, sign, x.exp - layout.y_frac_bits, x.sig * static_cast<uint64_t>(y), false,
                    Direction::kTowardZero);
}

}  // namespace halfpipe::ref
