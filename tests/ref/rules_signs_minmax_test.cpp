// doc/semantics.md S11 (neg, abs) and S15-S18 (min, max, .NaN, .xorsign.abs, .ftz), one test per
// rule, expected values worked out by hand. Constants as in rules_arith_test.cpp:
//   f16:  1.0 0x3C00  2.0 0x4000  3.0 0x4200  4.0 0x4400  inf 0x7C00  max 0x7BFF  2^-14 0x0400
//   bf16: 1.0 0x3F80  2.0 0x4000  3.0 0x4040  inf 0x7F80  max 0x7F7F
#include <catch2/catch.hpp>

#include "tests/ref/uops.h"

namespace halfpipe::ref_test {
// ---- S11: neg and abs -------------------------------------------------------------------------

TEST_CASE("S11: neg and abs change only the sign bit of non-NaN values") {
  const Uop neg = f16(Op::Neg), abs = f16(Op::Abs);
  CHECK(run(neg, 0x3C00) == 0xBC00);
  CHECK(run(neg, 0xBC00) == 0x3C00);
  CHECK(run(neg, 0x0000) == 0x8000);  // zeros: +0 <-> -0
  CHECK(run(neg, 0x8000) == 0x0000);
  CHECK(run(neg, 0x7C00) == 0xFC00);  // infinities
  CHECK(run(neg, 0x0001) == 0x8001);  // subnormals, unflushed without .ftz
  CHECK(run(neg, 0x7BFF) == 0xFBFF);
  CHECK(run(abs, 0xBC00) == 0x3C00);
  CHECK(run(abs, 0x3C00) == 0x3C00);
  CHECK(run(abs, 0x8000) == 0x0000);
  CHECK(run(abs, 0xFC00) == 0x7C00);
  CHECK(run(abs, 0x8001) == 0x0001);
  CHECK(run(bf16(Op::Neg), 0x3F80) == 0xBF80);
  CHECK(run(bf16(Op::Neg), 0x0001) == 0x8001);
  CHECK(run(bf16(Op::Neg), 0x8000) == 0x0000);
  CHECK(run(bf16(Op::Abs), 0xFF80) == 0x7F80);
  CHECK(run(bf16(Op::Abs), 0x807F) == 0x007F);
}

TEST_CASE("S11: neg and abs of a NaN give the unsigned canonical NaN") {
  for (uint16_t nan : {0x7E00, 0xFE00, 0x7C01, 0x7FFF, 0xFFFF}) {
    CHECK(run(f16(Op::Neg), nan) == 0x7FFF);
    CHECK(run(f16(Op::Abs), nan) == 0x7FFF);
  }
  for (uint16_t nan : {0x7FC0, 0xFFC0, 0x7F81, 0x7FFF, 0xFFFF}) {
    CHECK(run(bf16(Op::Neg), nan) == 0x7FFF);
    CHECK(run(bf16(Op::Abs), nan) == 0x7FFF);
  }
}

TEST_CASE("S11: neg.ftz and abs.ftz flush a subnormal input first") {
  CHECK(run(with_ftz(f16(Op::Neg)), 0x0001) == 0x8000);  // +2^-24 -> +0 -> -0
  CHECK(run(with_ftz(f16(Op::Neg)), 0x83FF) == 0x0000);  // -subnormal -> -0 -> +0
  CHECK(run(with_ftz(f16(Op::Abs)), 0x8001) == 0x0000);
  CHECK(run(with_ftz(f16(Op::Neg)), 0x0400) == 0x8400);  // 2^-14 is normal: untouched
}

TEST_CASE("S11: packed neg and abs work lane by lane") {
  CHECK(ref::execute(f16x2(Op::Neg), pack(0x3C00, 0x7E00)) == pack(0xBC00, 0x7FFF));
  CHECK(ref::execute(bf16x2(Op::Abs), pack(0xFFC0, 0xBF80)) == pack(0x7FFF, 0x3F80));
}

// ---- S15: min and max ------------------------------------------------------------------------

TEST_CASE("S15: min and max order values as IEEE does") {
  for (Uop min : {f16(Op::Min), bf16(Op::Min)}) {
    Uop max = min;
    max.op = Op::Max;
    const bool h = min.format == Format::F16;
    const uint16_t one = h ? 0x3C00 : 0x3F80, two = 0x4000, inf = h ? 0x7C00 : 0x7F80,
                   big = h ? 0x7BFF : 0x7F7F;
    CHECK(run(min, one, two) == one);
    CHECK(run(min, two, one) == one);
    CHECK(run(max, one, two) == two);
    CHECK(run(min, one | 0x8000, one) == (one | 0x8000));
    CHECK(run(max, two | 0x8000, one | 0x8000) == (one | 0x8000));  // -2 < -1
    CHECK(run(max, big, inf) == inf);
    CHECK(run(min, big | 0x8000, inf | 0x8000) == (inf | 0x8000));
    CHECK(run(min, one + 1, one) == one);      // neighbours by one ulp
    CHECK(run(min, 0x0001, 0x0000) == 0x0000);  // subnormals compare without flushing
    CHECK(run(max, 0x8001, 0x8000) == 0x8000);  // -2^-24 < -0
    CHECK(run(min, 0x8001, 0x8000) == 0x8001);
  }
}

TEST_CASE("S15: max(+0,-0) is +0 and min(+0,-0) is -0, in either order") {
  for (Format f : {Format::F16, Format::BF16}) {
    const Uop min = make_uop(Op::Min, f), max = make_uop(Op::Max, f);
    CHECK(run(max, 0x0000, 0x8000) == 0x0000);
    CHECK(run(max, 0x8000, 0x0000) == 0x0000);
    CHECK(run(min, 0x0000, 0x8000) == 0x8000);
    CHECK(run(min, 0x8000, 0x0000) == 0x8000);
  }
}

TEST_CASE("S15: with one NaN input min and max return the other input unchanged") {
  CHECK(run(f16(Op::Min), 0x7E00, 0x3C00) == 0x3C00);
  CHECK(run(f16(Op::Min), 0x3C00, 0x7E00) == 0x3C00);
  CHECK(run(f16(Op::Max), 0xFE00, 0xBC00) == 0xBC00);  // even when the NaN is negative
  CHECK(run(f16(Op::Min), 0x7C01, 0x8000) == 0x8000);  // -0 keeps its sign
  CHECK(run(f16(Op::Max), 0xFC00, 0x7FFF) == 0xFC00);  // -inf is returned, not compared
  CHECK(run(f16(Op::Min), 0x0001, 0x7D00) == 0x0001);  // a subnormal, unflushed
  CHECK(run(bf16(Op::Min), 0x7FC0, 0xBF80) == 0xBF80);
  CHECK(run(bf16(Op::Max), 0x4040, 0xFF81) == 0x4040);
}

TEST_CASE("S15: with two NaN inputs min and max give the canonical NaN") {
  CHECK(run(f16(Op::Min), 0x7E00, 0x7D00) == 0x7FFF);
  CHECK(run(f16(Op::Max), 0x7C01, 0xFE00) == 0x7FFF);
  CHECK(run(bf16(Op::Min), 0xFFC0, 0xFF81) == 0x7FFF);
  CHECK(run(bf16(Op::Max), 0x7F81, 0x7FC0) == 0x7FFF);
}

TEST_CASE("S15: with .NaN any NaN input gives the canonical NaN") {
  CHECK(run(with_nan(f16(Op::Min)), 0x7E00, 0x3C00) == 0x7FFF);
  CHECK(run(with_nan(f16(Op::Max)), 0x3C00, 0xFE00) == 0x7FFF);
  CHECK(run(with_nan(f16(Op::Max)), 0x7E00, 0x7D00) == 0x7FFF);
  CHECK(run(with_nan(bf16(Op::Min)), 0xBF80, 0x7FC0) == 0x7FFF);
  // Without a NaN, .NaN changes nothing: min.NaN(1, 2) = 1, max.NaN(+0, -0) = +0.
  CHECK(run(with_nan(f16(Op::Min)), 0x3C00, 0x4000) == 0x3C00);
  CHECK(run(with_nan(bf16(Op::Max)), 0x8000, 0x0000) == 0x0000);
}

TEST_CASE("S15: packed min and max work lane by lane") {
  // lane 0: min(2, 1) = 1, lane 1: min(1, 2) = 1; max gives 2 in both.
  CHECK(ref::execute(f16x2(Op::Min), pack(0x3C00, 0x4000), pack(0x4000, 0x3C00)) ==
        pack(0x3C00, 0x3C00));
  CHECK(ref::execute(f16x2(Op::Max), pack(0x3C00, 0x4000), pack(0x4000, 0x3C00)) ==
        pack(0x4000, 0x4000));
  // lane 0: one NaN -> the other input; lane 1: two NaNs -> canonical.
  CHECK(ref::execute(bf16x2(Op::Max), pack(0x7FC0, 0x7FC0), pack(0xFFC0, 0xBF80)) ==
        pack(0x7FFF, 0xBF80));
  // .NaN per lane: lane 0 has a NaN, lane 1 does not.
  CHECK(ref::execute(with_nan(bf16x2(Op::Min)), pack(0x3F80, 0x7FC0), pack(0x4000, 0x3F80)) ==
        pack(0x3F80, 0x7FFF));
}

// ---- S16, S17: .xorsign.abs ------------------------------------------------------------------

TEST_CASE("S16: .xorsign.abs compares magnitudes and gives the result sign(a) XOR sign(b)") {
  const Uop min = with_xorsign_abs(f16(Op::Min)), max = with_xorsign_abs(f16(Op::Max));
  // |-2| = 2 < |3| = 3; signs 1 XOR 0 = 1: min -> -2 (0xC000), max -> -3 (0xC200).
  CHECK(run(min, 0xC000, 0x4200) == 0xC000);
  CHECK(run(max, 0xC000, 0x4200) == 0xC200);
  // Both negative: 1 XOR 1 = 0, so min(-2, -3) -> +2.
  CHECK(run(min, 0xC000, 0xC200) == 0x4000);
  CHECK(run(max, 0x4000, 0xC200) == 0xC200);
  // Equal magnitudes: |-1| and |1| tie, sign 1 -> -1.
  CHECK(run(min, 0xBC00, 0x3C00) == 0xBC00);
  // Infinities: max(|-inf|, |1|) = inf, sign 1 -> -inf.
  CHECK(run(max, 0xFC00, 0x3C00) == 0xFC00);
  // bf16: -2 (0xC000) and 3 (0x4040).
  CHECK(run(with_xorsign_abs(bf16(Op::Min)), 0xC000, 0x4040) == 0xC000);
  CHECK(run(with_xorsign_abs(bf16(Op::Max)), 0xC000, 0x4040) == 0xC040);
}

TEST_CASE("S16: under .xorsign.abs a NaN's sign bit counts in the XOR unless the result is NaN") {
  const Uop max = with_xorsign_abs(f16(Op::Max));
  // max(NaN, -3): the other input's magnitude 3, sign 0 (NaN 0x7E00) XOR 1 = 1 -> -3.
  CHECK(run(max, 0x7E00, 0xC200) == 0xC200);
  // max(-NaN, -3): sign 1 XOR 1 = 0 -> +3.
  CHECK(run(max, 0xFE00, 0xC200) == 0x4200);
  // Two NaNs: canonical, sign untouched though 0 XOR 1 = 1.
  CHECK(run(max, 0x7E00, 0xFE00) == 0x7FFF);
  // .NaN: any NaN -> canonical, unsigned.
  CHECK(run(with_nan(max), 0xFE00, 0x3C00) == 0x7FFF);
  CHECK(run(with_nan(with_xorsign_abs(bf16(Op::Min))), 0xBF80, 0xFFC0) == 0x7FFF);
}

TEST_CASE("S16: packed max.xorsign.abs sets the sign when a lane's a is NaN (pseudo-code erratum)") {
  // lane 0: max(|-2|, |3|) = 3, sign 1 XOR 0 -> -3 (0xC200).
  // lane 1: a = NaN (0x7E00), b = -4 (0xC400): the result is b's magnitude 4, not a NaN, so its
  // sign is set to 0 XOR 1 = 1 -> -4 (0xC400); the packed pseudo-code's !isNaN(fA[i]) would
  // leave it +4.
  CHECK(ref::execute(with_xorsign_abs(f16x2(Op::Max)), pack(0x7E00, 0xC000), pack(0xC400, 0x4200)) ==
        pack(0xC400, 0xC200));
  CHECK(ref::execute(with_xorsign_abs(bf16x2(Op::Max)), pack(0x7FC0, 0xC000), pack(0xC080, 0x4040)) ==
        pack(0xC080, 0xC040));
}

TEST_CASE("S17: under .xorsign.abs zeros compare as +0 and take the sign from S16 alone") {
  for (Format f : {Format::F16, Format::BF16}) {
    const Uop min = with_xorsign_abs(make_uop(Op::Min, f));
    const Uop max = with_xorsign_abs(make_uop(Op::Max, f));
    CHECK(run(max, 0x0000, 0x8000) == 0x8000);  // +0, +0 tie; 0 XOR 1 = 1 -> -0
    CHECK(run(min, 0x8000, 0x0000) == 0x8000);
    CHECK(run(min, 0x8000, 0x8000) == 0x0000);  // 1 XOR 1 = 0 -> +0
    CHECK(run(max, 0x0000, 0x0000) == 0x0000);
  }
}

// ---- S18: .ftz on min and max ------------------------------------------------------------------

TEST_CASE("S18: min.ftz and max.ftz flush subnormal inputs before comparing and return them flushed") {
  const Uop min = with_ftz(f16(Op::Min)), max = with_ftz(f16(Op::Max));
  // 2^-24 and 2^-23 both become +0 -> +0 (unflushed min would be 0x0001).
  CHECK(run(f16(Op::Min), 0x0001, 0x0002) == 0x0001);
  CHECK(run(min, 0x0001, 0x0002) == 0x0000);
  // -2^-24 becomes -0, which is below +0 -> -0 (unflushed: -2^-24 itself).
  CHECK(run(f16(Op::Min), 0x8001, 0x0000) == 0x8001);
  CHECK(run(min, 0x8001, 0x0000) == 0x8000);
  // max(2^-14 - 2^-24, -2^-14): the subnormal becomes +0, above -2^-14 -> +0.
  CHECK(run(max, 0x03FF, 0x8400) == 0x0000);
  // A subnormal against a NaN: the other input is returned, flushed.
  CHECK(run(max, 0x7E00, 0x8200) == 0x8000);
  // With .xorsign.abs: a = -2^-24 flushes to -0 (sign 1), |-0| = 0 < |1|; 1 XOR 0 -> -0.
  CHECK(run(with_xorsign_abs(min), 0x8001, 0x3C00) == 0x8000);
  // Per lane: lane 0 min(2^-24, 1) -> +0; lane 1 min(1, -2^-24) -> -0.
  CHECK(ref::execute(with_ftz(f16x2(Op::Min)), pack(0x3C00, 0x0001), pack(0x8001, 0x3C00)) ==
        pack(0x8000, 0x0000));
}

}  // namespace halfpipe::ref_test
