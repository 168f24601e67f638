// doc/semantics.md S1-S10 for add, sub, mul and fma, one test per rule, every expected value worked
// out by hand from the rule (the derivation is the comment beside it).
//
// Constants used throughout, from S1:
//   f16  (bias 15):  1.0 0x3C00  2.0 0x4000  0.5 0x3800  1.5 0x3E00  3.0 0x4200  0.75 0x3A00
//                    0.25 0x3400  inf 0x7C00  max 0x7BFF = 65504  min normal 0x0400 = 2^-14
//                    max subnormal 0x03FF  min subnormal 0x0001 = 2^-24  ulp(1) = 2^-10
//   bf16 (bias 127): 1.0 0x3F80  2.0 0x4000  0.5 0x3F00  1.5 0x3FC0  3.0 0x4040  0.75 0x3F40
//                    inf 0x7F80  max 0x7F7F = (2-2^-7)*2^127  min normal 0x0080 = 2^-126
//                    max subnormal 0x007F  min subnormal 0x0001 = 2^-133  ulp(1) = 2^-7
#include <catch2/catch.hpp>

#include "tests/ref/uops.h"

namespace halfpipe::ref_test {
// ---- S1: formats ------------------------------------------------------------------------------

TEST_CASE("S1: f16 is IEEE binary16 with 5 exponent and 10 fraction bits") {
  // 1 + 2 = 3 = 1.5 * 2^1: exponent field 1+15 = 16 -> 0x4000, fraction .5 -> 0x200.
  CHECK(run(f16(Op::Add), 0x3C00, 0x4000) == 0x4200);
  // 2^15 + (2^14 * (1 + 1022/1024)) = 32768 + 32736 = 65504, the largest finite: 0x7BFF.
  CHECK(run(f16(Op::Add), 0x7800, 0x77FE) == 0x7BFF);
  // 1.5 * 1.5 = 2.25 = 1.125 * 2^1 -> 0x4000 | 0.125 * 1024 = 0x080.
  CHECK(run(f16(Op::Mul), 0x3E00, 0x3E00) == 0x4080);
}

TEST_CASE("S1: bf16 is the top half of binary32 with 8 exponent and 7 fraction bits") {
  // 1 + 2 = 3; binary32 3.0f is 0x40400000, so bf16 3.0 is 0x4040.
  CHECK(run(bf16(Op::Add), 0x3F80, 0x4000) == 0x4040);
  // 1.5 * 1.5 = 2.25 = 1.125 * 2^1 -> exponent 128 -> 0x4000 | 0.125 * 128 = 0x10.
  CHECK(run(bf16(Op::Mul), 0x3FC0, 0x3FC0) == 0x4010);
  // binary32's exponent range: 2^64 (field 191 -> 0x5F80) * 2^63 (0x5F00) = 2^127 -> 0x7F00,
  // and 2^64 * 2^64 = 2^128 is beyond the largest binade: infinity 0x7F80.
  CHECK(run(bf16(Op::Mul), 0x5F80, 0x5F00) == 0x7F00);
  CHECK(run(bf16(Op::Mul), 0x5F80, 0x5F80) == 0x7F80);
}

// ---- S2: packed lanes -------------------------------------------------------------------------

TEST_CASE("S2: f16x2 computes lane 0 from bits [15:0] and lane 1 from bits [31:16]") {
  // lane 0: 2 + 1 = 3 (0x4200); lane 1: 1 + 0.5 = 1.5 (0x3E00).
  CHECK(ref::execute(f16x2(Op::Add), pack(0x3C00, 0x4000), pack(0x3800, 0x3C00)) ==
        pack(0x3E00, 0x4200));
  // lane 0: 1*2 + 1 = 3; lane 1: 1.5*2 + (-1) = 2.
  CHECK(ref::execute(f16x2(Op::Fma), pack(0x3E00, 0x3C00), pack(0x4000, 0x4000),
                     pack(0xBC00, 0x3C00)) == pack(0x4000, 0x4200));
}

TEST_CASE("S2: bf16x2 computes lane 0 from bits [15:0] and lane 1 from bits [31:16]") {
  // lane 0: -1 * 1.5 = -1.5 (0xBFC0); lane 1: 2 * 3 = 6 = 1.5 * 2^2 -> 0x4080 | 0x40 = 0x40C0.
  CHECK(ref::execute(bf16x2(Op::Mul), pack(0x4000, 0xBF80), pack(0x4040, 0x3FC0)) ==
        pack(0x40C0, 0xBFC0));
  // lane 0: 3 - 1 = 2 (0x4000); lane 1: 1 - 3 = -2 (0xC000).
  CHECK(ref::execute(bf16x2(Op::Sub), pack(0x3F80, 0x4040), pack(0x4040, 0x3F80)) ==
        pack(0xC000, 0x4000));
}

TEST_CASE("S2: a NaN or an overflow in one lane leaves the other lane alone") {
  // lane 0: NaN + 1 -> canonical NaN; lane 1: 65504 + 65504 overflows -> +inf.
  CHECK(ref::execute(f16x2(Op::Add), pack(0x7BFF, 0x7E00), pack(0x7BFF, 0x3C00)) ==
        pack(0x7C00, 0x7FFF));
  // lane 0: 1 * 1 = 1; lane 1: inf * 0 -> canonical NaN.
  CHECK(ref::execute(bf16x2(Op::Mul), pack(0x7F80, 0x3F80), pack(0x0000, 0x3F80)) ==
        pack(0x7FFF, 0x3F80));
}

TEST_CASE("S2: a scalar form reads and writes bits [15:0] only") {
  // 1 + 1 = 2 in the low half; whatever sits in the high halves is not an operand.
  CHECK(ref::execute(f16(Op::Add), 0xDEAD3C00u, 0xBEEF3C00u) == 0x4000u);
  CHECK(ref::execute(bf16(Op::Mul), 0x12343F80u, 0xFFFF4040u) == 0x4040u);
}

// ---- S3: NaN encodings ------------------------------------------------------------------------

TEST_CASE("S3: every all-ones exponent with a non-zero fraction is a NaN, of any payload") {
  // f16: 0x7C01 (top fraction bit clear, IEEE's "signalling"), 0x7E00 (quiet), 0xFC01 (negative).
  for (uint16_t nan : {0x7C01, 0x7E00, 0xFC01, 0x7FFF}) {
    CHECK(run(f16(Op::Add), nan, 0x3C00) == 0x7FFF);
    CHECK(run(f16(Op::Mul), 0x3C00, nan) == 0x7FFF);
  }
  // bf16: 0x7F81, 0x7FC0, 0xFF81.
  for (uint16_t nan : {0x7F81, 0x7FC0, 0xFF81, 0x7FFF}) {
    CHECK(run(bf16(Op::Add), nan, 0x3F80) == 0x7FFF);
    CHECK(run(bf16(Op::Mul), 0x3F80, nan) == 0x7FFF);
  }
  // A zero fraction is infinity, not a NaN: inf + 1 = inf.
  CHECK(run(f16(Op::Add), 0x7C00, 0x3C00) == 0x7C00);
  CHECK(run(bf16(Op::Add), 0x7F80, 0x3F80) == 0x7F80);
}

// ---- S4: round to nearest, ties to even -------------------------------------------------------

TEST_CASE("S4: f16 add rounds to nearest with ties to even") {
  // 2^-11 is 0x1000 (field -11+15 = 4), half an ulp of 1.
  // 1 + 2^-11 is a tie between 1 and 1+2^-10; even is 1 -> 0x3C00.
  CHECK(run(f16(Op::Add), 0x3C00, 0x1000) == 0x3C00);
  // (1+2^-10) + 2^-11 is a tie between 0x3C01 and 0x3C02; even is 0x3C02.
  CHECK(run(f16(Op::Add), 0x3C01, 0x1000) == 0x3C02);
  // 1 + (2^-11 + 2^-21) (0x1001) is above the tie -> 0x3C01.
  CHECK(run(f16(Op::Add), 0x3C00, 0x1001) == 0x3C01);
  // 1 + (2^-11 - 2^-22) (0x0FFF) is below it -> 0x3C00.
  CHECK(run(f16(Op::Add), 0x3C00, 0x0FFF) == 0x3C00);
  // The negative tie -1 - 2^-11 also goes to the even -1.
  CHECK(run(f16(Op::Add), 0xBC00, 0x9000) == 0xBC00);
}

TEST_CASE("S4: f16 mul rounds to nearest with ties to even") {
  // (1+2^-10) * 1.5 = 1.5 + 2^-10 + 2^-11: a tie between 0x3E01 and 0x3E02; even 0x3E02.
  CHECK(run(f16(Op::Mul), 0x3C01, 0x3E00) == 0x3E02);
  // (1+3*2^-10) * 1.5 = 1.5 + 4.5*2^-10: a tie between 0x3E04 and 0x3E05; even 0x3E04.
  CHECK(run(f16(Op::Mul), 0x3C03, 0x3E00) == 0x3E04);
}

TEST_CASE("S4: bf16 add and mul round to nearest with ties to even") {
  // 2^-8 is 0x3B80 (field 119), half an ulp of 1.
  // 1 + 2^-8 ties between 1 and 1+2^-7 -> even 0x3F80; (1+2^-7) + 2^-8 -> even 0x3F82.
  CHECK(run(bf16(Op::Add), 0x3F80, 0x3B80) == 0x3F80);
  CHECK(run(bf16(Op::Add), 0x3F81, 0x3B80) == 0x3F82);
  // (1+2^-7) * 1.5 = 1.5 + 2^-7 + 2^-8 -> tie between 0x3FC1 and 0x3FC2 -> 0x3FC2;
  // (1+3*2^-7) * 1.5 = 1.5 + 4.5*2^-7 -> tie between 0x3FC4 and 0x3FC5 -> 0x3FC4.
  CHECK(run(bf16(Op::Mul), 0x3F81, 0x3FC0) == 0x3FC2);
  CHECK(run(bf16(Op::Mul), 0x3F83, 0x3FC0) == 0x3FC4);
}

TEST_CASE("S4: fma rounds its exact result to nearest with ties to even") {
  // 1*1 + 2^-11 ties between 1 and 1+2^-10 -> 0x3C00; (1+2^-10)*1 + 2^-11 -> 0x3C02.
  CHECK(run(f16(Op::Fma), 0x3C00, 0x3C00, 0x1000) == 0x3C00);
  CHECK(run(f16(Op::Fma), 0x3C01, 0x3C00, 0x1000) == 0x3C02);
  // bf16: 1*1 + 2^-8 -> 0x3F80; (1+2^-7)*1 + 2^-8 -> 0x3F82.
  CHECK(run(bf16(Op::Fma), 0x3F80, 0x3F80, 0x3B80) == 0x3F80);
  CHECK(run(bf16(Op::Fma), 0x3F81, 0x3F80, 0x3B80) == 0x3F82);
}

// ---- S5: one rounding, zero signs, overflow ----------------------------------------------------

TEST_CASE("S5: fma rounds once, not after the product") {
  // (1+2^-10)^2 = 1 + 2^-9 + 2^-20; minus (1+2^-9) (0xBC02) leaves exactly 2^-20 = 16 * 2^-24
  // -> subnormal 0x0010. Rounding the product first would give 1+2^-9 and a result of 0.
  CHECK(run(f16(Op::Fma), 0x3C01, 0x3C01, 0xBC02) == 0x0010);
  // bf16: (1+2^-7)^2 = 1 + 2^-6 + 2^-14; minus (1+2^-6) (0xBF82) leaves 2^-14: field 113 -> 0x3880.
  CHECK(run(bf16(Op::Fma), 0x3F81, 0x3F81, 0xBF82) == 0x3880);
}

TEST_CASE("S5: an fma product may exceed the format as long as the result does not") {
  // 65504 * 2 - 65504 = 65504 exactly -> 0x7BFF, though 65504 * 2 alone is infinite in f16.
  CHECK(run(f16(Op::Fma), 0x7BFF, 0x4000, 0xFBFF) == 0x7BFF);
  CHECK(run(bf16(Op::Fma), 0x7F7F, 0x4000, 0xFF7F) == 0x7F7F);
}

TEST_CASE("S5: sub is a + (-b)") {
  CHECK(run(f16(Op::Sub), 0x3C00, 0x4000) == 0xBC00);  // 1 - 2 = -1
  CHECK(run(f16(Op::Sub), 0x3C00, 0xBC00) == 0x4000);  // 1 - (-1) = 2
  CHECK(run(f16(Op::Sub), 0x7C00, 0x7C00) == 0x7FFF);  // inf + (-inf): invalid
  CHECK(run(f16(Op::Sub), 0x7C00, 0xFC00) == 0x7C00);  // inf + inf
  CHECK(run(bf16(Op::Sub), 0x3F80, 0x4000) == 0xBF80);
  CHECK(run(bf16(Op::Sub), 0xFF80, 0xFF80) == 0x7FFF);
}

TEST_CASE("S5: (-0) + (-0) is -0 and every other exact zero sum is +0") {
  for (Uop u : {f16(Op::Add), bf16(Op::Add)}) {
    CHECK(run(u, 0x8000, 0x8000) == 0x8000);
    CHECK(run(u, 0x8000, 0x0000) == 0x0000);
    CHECK(run(u, 0x0000, 0x8000) == 0x0000);
    CHECK(run(u, 0x0000, 0x0000) == 0x0000);
  }
}

TEST_CASE("S5: (-0) - (+0) is -0") {
  for (Uop u : {f16(Op::Sub), bf16(Op::Sub)}) {
    CHECK(run(u, 0x8000, 0x0000) == 0x8000);  // (-0) + (-0)
    CHECK(run(u, 0x8000, 0x8000) == 0x0000);  // (-0) + (+0)
    CHECK(run(u, 0x0000, 0x0000) == 0x0000);  // (+0) + (-0)
    CHECK(run(u, 0x0000, 0x8000) == 0x0000);  // (+0) + (+0)
  }
}

TEST_CASE("S5: x + (-x) is +0") {
  CHECK(run(f16(Op::Add), 0x3C00, 0xBC00) == 0x0000);
  CHECK(run(f16(Op::Add), 0xBC00, 0x3C00) == 0x0000);
  CHECK(run(f16(Op::Sub), 0xBC00, 0xBC00) == 0x0000);  // -1 - (-1)
  CHECK(run(f16(Op::Add), 0x8001, 0x0001) == 0x0000);  // subnormals cancel the same way
  CHECK(run(bf16(Op::Add), 0xFF7F, 0x7F7F) == 0x0000);
  CHECK(run(bf16(Op::Sub), 0x0001, 0x0001) == 0x0000);
}

TEST_CASE("S5: an exact zero product has the XOR of the operand signs") {
  // -5 is 0xC500 in f16 (1.25 * 2^2) and 0xC0A0 in bf16.
  CHECK(run(f16(Op::Mul), 0xBC00, 0x0000) == 0x8000);
  CHECK(run(f16(Op::Mul), 0x8000, 0xC500) == 0x0000);
  CHECK(run(f16(Op::Mul), 0x8000, 0x8000) == 0x0000);
  CHECK(run(f16(Op::Mul), 0x0000, 0x3C00) == 0x0000);
  CHECK(run(bf16(Op::Mul), 0xBF80, 0x0000) == 0x8000);
  CHECK(run(bf16(Op::Mul), 0x8000, 0xC0A0) == 0x0000);
}

TEST_CASE("S5: a non-zero product that rounds to zero keeps the XOR of the signs") {
  // 2^-24 * -0.5 = -2^-25, a tie between -0 and -2^-24; even is -0.
  CHECK(run(f16(Op::Mul), 0x0001, 0xB800) == 0x8000);
  CHECK(run(bf16(Op::Mul), 0x8001, 0x3F00) == 0x8000);
}

TEST_CASE("S5: fma applies the sum rule to (a*b) + c") {
  for (Uop u : {f16(Op::Fma), bf16(Op::Fma)}) {
    const uint16_t one = u.format == Format::F16 ? 0x3C00 : 0x3F80;
    const uint16_t minus_one = one | 0x8000;
    CHECK(run(u, minus_one, 0x0000, 0x8000) == 0x8000);  // (-0) + (-0) = -0
    CHECK(run(u, 0x0000, 0x8000, 0x8000) == 0x8000);     // (-0) + (-0) = -0
    CHECK(run(u, one, 0x0000, 0x8000) == 0x0000);        // (+0) + (-0) = +0
    CHECK(run(u, 0x8000, 0x8000, 0x8000) == 0x0000);     // (+0) + (-0) = +0
    CHECK(run(u, minus_one, 0x0000, 0x0000) == 0x0000);  // (-0) + (+0) = +0
    CHECK(run(u, one, one, minus_one) == 0x0000);        // 1 - 1 = +0
    CHECK(run(u, minus_one, one, one) == 0x0000);        // -1 + 1 = +0
  }
  // A non-zero exact result that rounds to zero is not an exact zero: -2^-25 + (+0) is -2^-25,
  // which rounds (tie, to even) to -0.
  CHECK(run(f16(Op::Fma), 0x0001, 0xB800, 0x0000) == 0x8000);
}

TEST_CASE("S5: overflow rounds to infinity") {
  // 65504 + 65504 -> +inf; -65504 - 16 ties between -65504 (odd) and -65536 (even, beyond the
  // range) -> -inf; 65504 + 16 (0x4C00) likewise -> +inf; 65504 + 15.99 (0x4BFF) -> 65504.
  CHECK(run(f16(Op::Add), 0x7BFF, 0x7BFF) == 0x7C00);
  CHECK(run(f16(Op::Add), 0xFBFF, 0xCC00) == 0xFC00);
  CHECK(run(f16(Op::Add), 0x7BFF, 0x4C00) == 0x7C00);
  CHECK(run(f16(Op::Add), 0x7BFF, 0x4BFF) == 0x7BFF);
  // 256 * 256 = 65536 -> +inf.
  CHECK(run(f16(Op::Mul), 0x5C00, 0x5C00) == 0x7C00);
  CHECK(run(f16(Op::Fma), 0x7BFF, 0x3C00, 0x4C00) == 0x7C00);
  // bf16: ulp(max) = 2^120; max + 2^119 (0x7B00) is the tie -> +inf; max + 2^118 (0x7A80) -> max.
  CHECK(run(bf16(Op::Add), 0x7F7F, 0x7B00) == 0x7F80);
  CHECK(run(bf16(Op::Add), 0x7F7F, 0x7A80) == 0x7F7F);
  CHECK(run(bf16(Op::Mul), 0xFF7F, 0x4000) == 0xFF80);
}

// ---- S6: gradual underflow --------------------------------------------------------------------

TEST_CASE("S6: f16 subnormal inputs and results are supported") {
  CHECK(run(f16(Op::Sub), 0x0400, 0x03FF) == 0x0001);  // 2^-14 - (2^-14 - 2^-24) = 2^-24
  CHECK(run(f16(Op::Add), 0x0001, 0x0001) == 0x0002);
  CHECK(run(f16(Op::Add), 0x03FF, 0x0001) == 0x0400);  // the largest subnormal steps to 2^-14
  CHECK(run(f16(Op::Mul), 0x0200, 0x4000) == 0x0400);  // 2^-15 * 2
  CHECK(run(f16(Op::Mul), 0x0400, 0x3800) == 0x0200);  // 2^-14 * 0.5 = 2^-15
  // Rounding in units of 2^-24: 0.5 unit ties to even 0; 1.5 units to 2; 0.75 up to 1; 0.25 down.
  CHECK(run(f16(Op::Mul), 0x0001, 0x3800) == 0x0000);
  CHECK(run(f16(Op::Mul), 0x0003, 0x3800) == 0x0002);
  CHECK(run(f16(Op::Mul), 0x0001, 0x3A00) == 0x0001);
  CHECK(run(f16(Op::Mul), 0x0001, 0x3400) == 0x0000);
  // 2^-14 * 0.5 + 2^-24 = 2^-15 + 2^-24 -> 0x0201.
  CHECK(run(f16(Op::Fma), 0x0400, 0x3800, 0x0001) == 0x0201);
}

TEST_CASE("S6: bf16 subnormal inputs and results are supported") {
  CHECK(run(bf16(Op::Sub), 0x0080, 0x007F) == 0x0001);  // 2^-126 - (2^-126 - 2^-133)
  CHECK(run(bf16(Op::Add), 0x007F, 0x0001) == 0x0080);
  CHECK(run(bf16(Op::Mul), 0x0003, 0x3F00) == 0x0002);  // 1.5 units ties to 2
  CHECK(run(bf16(Op::Mul), 0x0001, 0x3F40) == 0x0001);  // 0.75 unit rounds up
  CHECK(run(bf16(Op::Mul), 0x0001, 0x3F00) == 0x0000);  // 0.5 unit ties to 0
  CHECK(run(bf16(Op::Fma), 0x0080, 0x3F00, 0x0001) == 0x0041);  // 2^-127 + 2^-133 = 65 units
}

// ---- S7: .ftz flushes subnormal inputs --------------------------------------------------------

TEST_CASE("S7: .ftz replaces subnormal inputs by zeros of the same sign") {
  const Uop add = f16(Op::Add), mul = f16(Op::Mul), fma = f16(Op::Fma);
  // (2^-14 - 2^-24) + 2^-24 is the normal 2^-14 without .ftz, but both inputs flush: +0.
  CHECK(run(add, 0x03FF, 0x0001) == 0x0400);
  CHECK(run(with_ftz(add), 0x03FF, 0x0001) == 0x0000);
  // -2^-24 flushes to -0, and (-0) + (-0) = -0; (-0) + (+0) = +0.
  CHECK(run(with_ftz(add), 0x8001, 0x8000) == 0x8000);
  CHECK(run(with_ftz(add), 0x8001, 0x0000) == 0x0000);
  // 2^-15 * 2 = 2^-14 is normal without .ftz; flushed, (+0) * 2 = +0, (-0) * 2 = -0.
  CHECK(run(mul, 0x0200, 0x4000) == 0x0400);
  CHECK(run(with_ftz(mul), 0x0200, 0x4000) == 0x0000);
  CHECK(run(with_ftz(mul), 0x8200, 0x4000) == 0x8000);
  // 2^-24 * inf = inf, but the flushed 0 * inf is invalid.
  CHECK(run(mul, 0x0001, 0x7C00) == 0x7C00);
  CHECK(run(with_ftz(mul), 0x0001, 0x7C00) == 0x7FFF);
  // c flushes too: 2^-14 * 1 + (2^-14 - 2^-24) = 2^-13 - 2^-24 (0x07FF); flushed, 2^-14.
  CHECK(run(fma, 0x0400, 0x3C00, 0x03FF) == 0x07FF);
  CHECK(run(with_ftz(fma), 0x0400, 0x3C00, 0x03FF) == 0x0400);
  // and so do a and b: 1 * 2^-15 + 2^-15 = 2^-14, flushed 1 * 0 + 0 = +0.
  CHECK(run(fma, 0x3C00, 0x0200, 0x0200) == 0x0400);
  CHECK(run(with_ftz(fma), 0x3C00, 0x0200, 0x0200) == 0x0000);
  // Normal inputs are untouched.
  CHECK(run(with_ftz(add), 0x0400, 0x0000) == 0x0400);
}

TEST_CASE("S7: .ftz flushes each lane of f16x2 on its own") {
  // lane 0: 1 + 1 = 2; lane 1: (2^-14 - 2^-24) + 2^-24 with both flushed = +0.
  CHECK(ref::execute(with_ftz(f16x2(Op::Add)), pack(0x03FF, 0x3C00), pack(0x0001, 0x3C00)) ==
        pack(0x0000, 0x4000));
}

// ---- S8: .ftz flushes tiny results, tininess after rounding with an unbounded exponent -------

TEST_CASE("S8: .ftz replaces a subnormal result by a zero of the same sign") {
  // (2^-14 + 2^-24) - 2^-14 = 2^-24, subnormal -> +0; the reverse -> -0.
  CHECK(run(f16(Op::Sub), 0x0401, 0x0400) == 0x0001);
  CHECK(run(with_ftz(f16(Op::Sub)), 0x0401, 0x0400) == 0x0000);
  CHECK(run(with_ftz(f16(Op::Sub)), 0x0400, 0x0401) == 0x8000);
  // 2^-14 * 0.5 = 2^-15 -> +0; -2^-14 * 0.5 -> -0.
  CHECK(run(with_ftz(f16(Op::Mul)), 0x0400, 0x3800) == 0x0000);
  CHECK(run(with_ftz(f16(Op::Mul)), 0x8400, 0x3800) == 0x8000);
  // fma: 2^-14 * 0.5 + 0 = 2^-15 -> +0, and -2^-15 + (-0) = -2^-15 -> -0.
  CHECK(run(with_ftz(f16(Op::Fma)), 0x0400, 0x3800, 0x0000) == 0x0000);
  CHECK(run(with_ftz(f16(Op::Fma)), 0x8400, 0x3800, 0x8000) == 0x8000);
}

TEST_CASE("S8: a result that reaches 2^-14 only through the subnormals' rounding is flushed") {
  // 0x25C0 = 1.4375 * 2^-6 = 23 * 2^-10 and 0x1990 = 1.390625 * 2^-9 = 89 * 2^-15, both normal.
  // Their product is 2047 * 2^-25 = 2^-14 - 2^-25: 1023.5 units of 2^-24, a tie that rounds to
  // 1024 units = 2^-14 = 0x0400. At full precision (last place 2^-25 in [2^-15, 2^-14)) it is
  // exact and below 2^-14: tiny after rounding, so .ftz flushes it (an H100 does:
  // silicon/results/sm_90/).
  CHECK(run(f16(Op::Mul), 0x25C0, 0x1990) == 0x0400);
  CHECK(run(with_ftz(f16(Op::Mul)), 0x25C0, 0x1990) == 0x0000);
  CHECK(run(with_ftz(f16(Op::Mul)), 0xA5C0, 0x1990) == 0x8000);
  CHECK(run(with_ftz(f16(Op::Fma)), 0x25C0, 0x1990, 0x8000) == 0x0000);
  // 0x198F = 1423 * 2^-19; 23 * 1423 = 32729, times 2^-29 = 1022.78 units -> 1023 units = the
  // largest subnormal 0x03FF without .ftz, and flushed to +0 with it.
  CHECK(run(f16(Op::Mul), 0x25C0, 0x198F) == 0x03FF);
  CHECK(run(with_ftz(f16(Op::Mul)), 0x25C0, 0x198F) == 0x0000);
}

TEST_CASE("S8: a result that rounds up to 2^-14 at full precision is kept under .ftz") {
  // 0x3BFE = 1 - 2^-10 and 0x0401 = 2^-14 (1 + 2^-10): the product 2^-14 (1 - 2^-20) lies within
  // half of 2^-25 below 2^-14, so it rounds to 2^-14 with an unbounded exponent too: not tiny.
  CHECK(run(with_ftz(f16(Op::Mul)), 0x3BFE, 0x0401) == 0x0400);
  // The bound itself: 0x1FE0 = 63 * 2^-13 and 0x2010 = 65 * 2^-13 give 4095 * 2^-26 =
  // 2^-14 - 2^-26, a tie at full precision between 2^-14 - 2^-25 (odd) and 2^-14 (even): kept.
  CHECK(run(f16(Op::Mul), 0x1FE0, 0x2010) == 0x0400);
  CHECK(run(with_ftz(f16(Op::Mul)), 0x1FE0, 0x2010) == 0x0400);
  CHECK(run(with_ftz(f16(Op::Fma)), 0x9FE0, 0x2010, 0x8000) == 0x8400);
}

TEST_CASE("S8: .ftz judges each lane of f16x2 on its own") {
  // lane 0: 2^-14 (1 - 2^-20) -> kept 0x0400; lane 1: 2^-14 - 2^-25 -> flushed to +0.
  CHECK(ref::execute(with_ftz(f16x2(Op::Mul)), pack(0x25C0, 0x3BFE), pack(0x1990, 0x0401)) ==
        pack(0x0000, 0x0400));
}

// ---- S10: canonical NaN -----------------------------------------------------------------------

TEST_CASE("S10: every NaN add sub mul fma produce is 0x7FFF, whatever the inputs' payloads") {
  // NaN operands, either sign, any payload.
  CHECK(run(f16(Op::Add), 0x7E01, 0x3C00) == 0x7FFF);
  CHECK(run(f16(Op::Sub), 0x3C00, 0xFE00) == 0x7FFF);
  CHECK(run(f16(Op::Fma), 0x3C00, 0x3C00, 0x7D00) == 0x7FFF);
  CHECK(run(f16(Op::Fma), 0x0000, 0x7C00, 0xFE00) == 0x7FFF);
  CHECK(run(bf16(Op::Add), 0x7FC1, 0x3F80) == 0x7FFF);
  CHECK(run(bf16(Op::Mul), 0xFFC0, 0x3F80) == 0x7FFF);
  CHECK(run(bf16(Op::Fma), 0x3F80, 0xFF81, 0x3F80) == 0x7FFF);
  // Invalid operations: inf - inf, 0 * inf, inf * 0 + c, inf*1 + (-inf).
  CHECK(run(f16(Op::Add), 0x7C00, 0xFC00) == 0x7FFF);
  CHECK(run(f16(Op::Mul), 0x0000, 0x7C00) == 0x7FFF);
  CHECK(run(f16(Op::Mul), 0xFC00, 0x8000) == 0x7FFF);
  CHECK(run(f16(Op::Fma), 0x7C00, 0x0000, 0x3C00) == 0x7FFF);
  CHECK(run(f16(Op::Fma), 0x7C00, 0x3C00, 0xFC00) == 0x7FFF);
  CHECK(run(bf16(Op::Add), 0xFF80, 0x7F80) == 0x7FFF);
  CHECK(run(bf16(Op::Mul), 0x7F80, 0x8000) == 0x7FFF);
  CHECK(run(bf16(Op::Fma), 0x0000, 0xFF80, 0x3F80) == 0x7FFF);
  CHECK(run(bf16(Op::Fma), 0xFF80, 0x3F80, 0x7F80) == 0x7FFF);
  // Per lane in packed forms.
  CHECK(ref::execute(bf16x2(Op::Sub), pack(0x7F80, 0xFF80), pack(0x7F80, 0xFF80)) == 0x7FFF7FFFu);
}

TEST_CASE("S10: infinite operands without an invalid operation give infinities, not NaN") {
  CHECK(run(f16(Op::Fma), 0x7C00, 0x3C00, 0x7C00) == 0x7C00);  // inf + inf
  CHECK(run(f16(Op::Fma), 0xFC00, 0xBC00, 0xFBFF) == 0x7C00);  // (-inf)(-1) - max
  CHECK(run(f16(Op::Fma), 0x3C00, 0x3C00, 0xFC00) == 0xFC00);  // 1 - inf
  CHECK(run(f16(Op::Mul), 0x7C00, 0xC000) == 0xFC00);          // inf * -2
  CHECK(run(bf16(Op::Fma), 0x7F7F, 0x7F7F, 0xFF80) == 0xFF80);  // finite overflow + (-inf)
  CHECK(run(bf16(Op::Add), 0xFF80, 0xFF80) == 0xFF80);
}

}  // namespace halfpipe::ref_test
