// doc/semantics.md S12 (.sat), S13 (.relu), S14 (.oob) and the order the post-processor applies them
// in: round, then .ftz (S8), then .oob (S14), then .sat (S12) or .relu (S13); S22 adds
// fma.rn.oob.sat for f16. Expected values by hand. Constants:
//   f16:  1.0 0x3C00  2.0 0x4000  0.5 0x3800  0.25 0x3400  0.75 0x3A00  3.0 0x4200  4.0 0x4400
//         inf 0x7C00  max 0x7BFF  2^-14 0x0400  2^-24 0x0001
//   bf16: 1.0 0x3F80  2.0 0x4000  3.0 0x4040  4.0 0x4080  inf 0x7F80
//   OOB-NaN 0x7FF7 (S14): a NaN in both formats, with or without its sign bit.
#include <catch2/catch.hpp>

#include "tests/ref/uops.h"

namespace halfpipe::ref_test {
// ---- S12: .sat --------------------------------------------------------------------------------

TEST_CASE("S12: .sat leaves results in [+0, 1] alone and clamps those above 1 to 1") {
  CHECK(run(with_sat(f16(Op::Add)), 0x3400, 0x3800) == 0x3A00);  // 0.25 + 0.5 = 0.75
  CHECK(run(with_sat(f16(Op::Add)), 0x3C00, 0x0000) == 0x3C00);  // exactly 1
  CHECK(run(with_sat(f16(Op::Add)), 0x0001, 0x0000) == 0x0001);  // a positive subnormal
  CHECK(run(with_sat(f16(Op::Add)), 0x3C00, 0x1400) == 0x3C00);  // 1 + 2^-10 -> 1
  CHECK(run(with_sat(f16(Op::Add)), 0x3C00, 0x3C00) == 0x3C00);  // 2 -> 1
  CHECK(run(with_sat(f16(Op::Mul)), 0x7BFF, 0x3C00) == 0x3C00);  // 65504 -> 1
  CHECK(run(with_sat(f16(Op::Add)), 0x7C00, 0x3C00) == 0x3C00);  // +inf -> 1
  CHECK(run(with_sat(f16(Op::Fma)), 0x4000, 0x4000, 0xC200) == 0x3C00);  // 4 - 3 = 1
  CHECK(run(with_sat(f16(Op::Fma)), 0x3800, 0x3800, 0x3800) == 0x3A00);  // 0.25 + 0.5
}

TEST_CASE("S12: .sat turns every negative result, -0 and -inf included, into +0") {
  CHECK(run(with_sat(f16(Op::Add)), 0xBC00, 0x3800) == 0x0000);  // -0.5
  CHECK(run(with_sat(f16(Op::Sub)), 0x3800, 0x3C00) == 0x0000);  // -0.5
  CHECK(run(with_sat(f16(Op::Add)), 0x8000, 0x8000) == 0x0000);  // (-0) + (-0) = -0
  CHECK(run(with_sat(f16(Op::Mul)), 0x8000, 0x3C00) == 0x0000);  // -0 * 1 = -0
  CHECK(run(with_sat(f16(Op::Add)), 0xFC00, 0x3C00) == 0x0000);  // -inf
  CHECK(run(with_sat(f16(Op::Fma)), 0xBC00, 0x3C00, 0x0000) == 0x0000);  // -1
  CHECK(run(with_sat(f16(Op::Mul)), 0x8001, 0x3C00) == 0x0000);  // -2^-24
}

TEST_CASE("S12: .sat turns a NaN result into +0") {
  CHECK(run(with_sat(f16(Op::Add)), 0x7E00, 0x3C00) == 0x0000);  // NaN operand
  CHECK(run(with_sat(f16(Op::Add)), 0x7C00, 0xFC00) == 0x0000);  // inf - inf
  CHECK(run(with_sat(f16(Op::Mul)), 0x0000, 0x7C00) == 0x0000);  // 0 * inf
  CHECK(run(with_sat(f16(Op::Fma)), 0xFE00, 0x3C00, 0x3C00) == 0x0000);
}

TEST_CASE("S12: .sat applies to each lane of f16x2") {
  // lane 0: -1 + 0 -> +0; lane 1: 2 + 0 -> 1.
  CHECK(ref::execute(with_sat(f16x2(Op::Add)), pack(0x4000, 0xBC00), pack(0x0000, 0x0000)) ==
        pack(0x3C00, 0x0000));
  // lane 0: NaN -> +0; lane 1: 0.5 * 0.5 = 0.25.
  CHECK(ref::execute(with_sat(f16x2(Op::Mul)), pack(0x3800, 0x7E00), pack(0x3800, 0x3C00)) ==
        pack(0x3400, 0x0000));
}

// ---- S13: .relu -------------------------------------------------------------------------------

TEST_CASE("S13: .relu keeps non-negative results, above 1 and subnormal ones included") {
  CHECK(run(with_relu(f16(Op::Fma)), 0x3C00, 0x4000, 0x3C00) == 0x4200);  // 1*2 + 1 = 3
  CHECK(run(with_relu(f16(Op::Fma)), 0x4000, 0x4000, 0x0000) == 0x4400);  // 4, not clamped
  CHECK(run(with_relu(f16(Op::Fma)), 0x0001, 0x3C00, 0x0000) == 0x0001);  // 2^-24
  CHECK(run(with_relu(f16(Op::Fma)), 0x7C00, 0x3C00, 0x0000) == 0x7C00);  // +inf
  CHECK(run(with_relu(f16(Op::Fma)), 0x0000, 0x3C00, 0x0000) == 0x0000);  // +0
  CHECK(run(with_relu(bf16(Op::Fma)), 0x4000, 0x4000, 0x0000) == 0x4080);  // 4
}

TEST_CASE("S13: .relu turns every negative result, -0 and -inf included, into +0") {
  CHECK(run(with_relu(f16(Op::Fma)), 0x3C00, 0x4000, 0xC200) == 0x0000);  // 2 - 3 = -1
  CHECK(run(with_relu(f16(Op::Fma)), 0xBC00, 0x0000, 0x8000) == 0x0000);  // (-0) + (-0) = -0
  CHECK(run(with_relu(f16(Op::Fma)), 0xFC00, 0x3C00, 0x3C00) == 0x0000);  // -inf
  CHECK(run(with_relu(f16(Op::Fma)), 0x8001, 0x3C00, 0x8000) == 0x0000);  // -2^-24
  CHECK(run(with_relu(bf16(Op::Fma)), 0x3F80, 0x4000, 0xC040) == 0x0000);  // 2 - 3 = -1
  CHECK(run(with_relu(bf16(Op::Fma)), 0x8000, 0x3F80, 0x8000) == 0x0000);  // -0
  CHECK(run(with_relu(bf16(Op::Fma)), 0xFF80, 0x3F80, 0x3F80) == 0x0000);  // -inf
}

TEST_CASE("S13: .relu gives the canonical NaN for a NaN result") {
  CHECK(run(with_relu(f16(Op::Fma)), 0x7E00, 0x3C00, 0x3C00) == 0x7FFF);
  CHECK(run(with_relu(f16(Op::Fma)), 0xFE00, 0x3C00, 0x3C00) == 0x7FFF);  // sign dropped
  CHECK(run(with_relu(f16(Op::Fma)), 0x7C00, 0x0000, 0x3C00) == 0x7FFF);  // inf * 0
  CHECK(run(with_relu(bf16(Op::Fma)), 0xFFC0, 0x3F80, 0x3F80) == 0x7FFF);
  CHECK(run(with_relu(bf16(Op::Fma)), 0x7F80, 0x3F80, 0xFF80) == 0x7FFF);  // inf - inf
}

TEST_CASE("S13: .relu applies to each lane of f16x2 and bf16x2") {
  // lane 0: 1*1 + (-2) = -1 -> +0; lane 1: 1*1 + 2 = 3.
  CHECK(ref::execute(with_relu(bf16x2(Op::Fma)), pack(0x3F80, 0x3F80), pack(0x3F80, 0x3F80),
                     pack(0x4000, 0xC000)) == pack(0x4040, 0x0000));
  CHECK(ref::execute(with_relu(f16x2(Op::Fma)), pack(0x3C00, 0x3C00), pack(0x3C00, 0x3C00),
                     pack(0x4000, 0xC000)) == pack(0x4200, 0x0000));
}

// ---- S14: .oob --------------------------------------------------------------------------------

TEST_CASE("S14: .oob gives +0 when a or b is the OOB-NaN, whatever the other operands") {
  for (Uop fma : {f16(Op::Fma), bf16(Op::Fma)}) {
    const uint16_t one = fma.format == Format::F16 ? 0x3C00 : 0x3F80;
    const uint16_t inf = fma.format == Format::F16 ? 0x7C00 : 0x7F80;
    const Uop oob = with_oob(fma);
    CHECK(run(oob, 0x7FF7, one, one) == 0x0000);
    CHECK(run(oob, one, 0x7FF7, one) == 0x0000);
    CHECK(run(oob, 0xFFF7, one, one) == 0x0000);            // sign bit ignored
    CHECK(run(oob, one, 0xFFF7, one | 0x8000) == 0x0000);   // +0, not -0 or -1
    CHECK(run(oob, 0x7FF7, inf, inf | 0x8000) == 0x0000);   // over an invalid operation
    CHECK(run(oob, 0x7FF7, 0x7FF7, 0x7FF7) == 0x0000);
    // Without .oob the same pattern is an ordinary NaN.
    CHECK(run(fma, 0x7FF7, one, one) == 0x7FFF);
  }
}

TEST_CASE("S14: oob NaN in c follows the ordinary rules") {
  for (Uop fma : {f16(Op::Fma), bf16(Op::Fma)}) {
    const uint16_t one = fma.format == Format::F16 ? 0x3C00 : 0x3F80;
    CHECK(run(with_oob(fma), one, one, 0x7FF7) == 0x7FFF);
    CHECK(run(with_oob(fma), one, one, 0xFFF7) == 0x7FFF);
  }
}

TEST_CASE("S14: other NaNs in a or b follow the ordinary rules under .oob") {
  // 0x7FF6 and 0x7FFF differ from the OOB-NaN in the low 15 bits: canonical NaN results.
  CHECK(run(with_oob(f16(Op::Fma)), 0x7FF6, 0x3C00, 0x3C00) == 0x7FFF);
  CHECK(run(with_oob(f16(Op::Fma)), 0x3C00, 0x7FFF, 0x3C00) == 0x7FFF);
  CHECK(run(with_oob(bf16(Op::Fma)), 0x7FC0, 0x3F80, 0x3F80) == 0x7FFF);
  CHECK(run(with_oob(bf16(Op::Fma)), 0x3F80, 0x7FF5, 0x3F80) == 0x7FFF);
  // Finite operands: .oob changes nothing. -1 * 1 + 0 = -1.
  CHECK(run(with_oob(bf16(Op::Fma)), 0xBF80, 0x3F80, 0x0000) == 0xBF80);
}

TEST_CASE("S14: .oob is decided per lane in packed forms") {
  // lane 0: 1*2 + 1 = 3 (0x4200); lane 1: a is the OOB-NaN -> +0.
  CHECK(ref::execute(with_oob(f16x2(Op::Fma)), pack(0x7FF7, 0x3C00), pack(0x3C00, 0x4000),
                     pack(0x3C00, 0x3C00)) == pack(0x0000, 0x4200));
  // lane 0: b is the OOB-NaN -> +0; lane 1: c is -> canonical NaN.
  CHECK(ref::execute(with_oob(bf16x2(Op::Fma)), pack(0x3F80, 0x3F80), pack(0x3F80, 0xFFF7),
                     pack(0x7FF7, 0x3F80)) == pack(0x7FFF, 0x0000));
}

// ---- The order: ftz -> oob -> sat/relu ---------------------------------------------------------

TEST_CASE("S8 then S12: a tiny result is flushed, then saturated") {
  // +2^-15 -> ftz +0 -> sat +0; -2^-15 -> ftz -0 -> sat +0.
  CHECK(run(with_sat(with_ftz(f16(Op::Mul))), 0x0400, 0x3800) == 0x0000);
  CHECK(run(with_sat(with_ftz(f16(Op::Mul))), 0x8400, 0x3800) == 0x0000);
  // (2^-14 + ...) - ... : 2^-14 - (2^-14 + 2^-24) = -2^-24 -> ftz -0 -> sat +0.
  CHECK(run(with_sat(with_ftz(f16(Op::Sub))), 0x0400, 0x0401) == 0x0000);
  // 2^-14 - 2^-25 rounds up to 2^-14 but is tiny (S8): ftz +0, sat +0. 2^-14 (1 - 2^-20) is not
  // tiny: ftz keeps 2^-14, and so does sat (<= 1).
  CHECK(run(with_sat(with_ftz(f16(Op::Mul))), 0x25C0, 0x1990) == 0x0000);
  CHECK(run(with_sat(with_ftz(f16(Op::Mul))), 0x3BFE, 0x0401) == 0x0400);
  // A NaN passes ftz untouched and sat makes it +0.
  CHECK(run(with_sat(with_ftz(f16(Op::Add))), 0x7C00, 0xFC00) == 0x0000);
  // An infinity passes ftz and sat makes it 1 (+inf) or +0 (-inf).
  CHECK(run(with_sat(with_ftz(f16(Op::Mul))), 0x7C00, 0x3C00) == 0x3C00);
  CHECK(run(with_sat(with_ftz(f16(Op::Mul))), 0xFC00, 0x3C00) == 0x0000);
}

TEST_CASE("S8 then S13: a tiny result is flushed, then relu'd") {
  // -2^-15 + (-0) -> ftz -0 -> relu +0; +2^-15 -> ftz +0 -> relu +0.
  CHECK(run(with_relu(with_ftz(f16(Op::Fma))), 0x8400, 0x3800, 0x8000) == 0x0000);
  CHECK(run(with_relu(with_ftz(f16(Op::Fma))), 0x0400, 0x3800, 0x0000) == 0x0000);
  // 2^-14 - 2^-25 is tiny (S8): ftz +0, relu +0; 2^-14 (1 - 2^-20) is kept by both.
  CHECK(run(with_relu(with_ftz(f16(Op::Fma))), 0x25C0, 0x1990, 0x0000) == 0x0000);
  CHECK(run(with_relu(with_ftz(f16(Op::Fma))), 0x3BFE, 0x0401, 0x0000) == 0x0400);
  // NaN passes ftz and relu gives the canonical NaN; -inf passes ftz and relu gives +0.
  CHECK(run(with_relu(with_ftz(f16(Op::Fma))), 0x7C00, 0x0000, 0x0000) == 0x7FFF);
  CHECK(run(with_relu(with_ftz(f16(Op::Fma))), 0xFC00, 0x3C00, 0x0000) == 0x0000);
}

TEST_CASE("S14 then S13: .oob gives +0 before, and regardless of, .relu") {
  for (Uop fma : {f16(Op::Fma), bf16(Op::Fma)}) {
    const uint16_t one = fma.format == Format::F16 ? 0x3C00 : 0x3F80;
    const uint16_t inf = fma.format == Format::F16 ? 0x7C00 : 0x7F80;
    const Uop oob_relu = with_relu(with_oob(fma));
    // The OOB-NaN in a or b: +0, not relu's canonical NaN.
    CHECK(run(oob_relu, 0x7FF7, one, one) == 0x0000);
    CHECK(run(oob_relu, one | 0x8000, 0xFFF7, inf | 0x8000) == 0x0000);
    // No OOB-NaN in a or b: relu as usual. -1 -> +0; -inf -> +0; c OOB -> canonical NaN.
    CHECK(run(oob_relu, one | 0x8000, one, 0x0000) == 0x0000);
    CHECK(run(oob_relu, one, inf | 0x8000, one) == 0x0000);
    CHECK(run(oob_relu, one, one, 0x7FF7) == 0x7FFF);
    CHECK(run(oob_relu, one, one, one) == 0x4000);  // 1*1 + 1 = 2, 0x4000 in both formats
  }
}

TEST_CASE("S22: fma.rn.oob.sat applies .oob first, then .sat") {
  const Uop oob_sat = with_sat(with_oob(f16(Op::Fma)));
  CHECK(run(oob_sat, 0x7FF7, 0x3C00, 0x3C00) == 0x0000);  // oob -> +0, sat keeps +0
  CHECK(run(oob_sat, 0xBC00, 0xFFF7, 0xFC00) == 0x0000);
  CHECK(run(oob_sat, 0x3C00, 0x3C00, 0x3C00) == 0x3C00);  // 2 -> 1
  CHECK(run(oob_sat, 0x3800, 0x3800, 0x0000) == 0x3400);  // 0.25 stays
  CHECK(run(oob_sat, 0xBC00, 0x3C00, 0x0000) == 0x0000);  // -1 -> +0
  CHECK(run(oob_sat, 0x3C00, 0x3C00, 0x7FF7) == 0x0000);  // c OOB -> NaN -> sat +0
  CHECK(run(oob_sat, 0x8000, 0x3C00, 0x8000) == 0x0000);  // -0 -> +0
  // f16x2, lane by lane: lane 0: 2*2 - 2 = 2 -> 1; lane 1: a is the OOB-NaN -> +0.
  CHECK(ref::execute(with_sat(with_oob(f16x2(Op::Fma))), pack(0x7FF7, 0x4000), pack(0x3C00, 0x4000),
                     pack(0x3C00, 0xC000)) == pack(0x0000, 0x3C00));
}

}  // namespace halfpipe::ref_test
