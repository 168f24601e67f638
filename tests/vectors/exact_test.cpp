// The independent exact evaluation: tie classification and TestFloat's flags, on cases worked
// out by hand.
#include <catch2/catch.hpp>

#include "model/isa/ptx.h"
#include "vectors/exact.h"
#include "tests/vectors/decoded.h"

using namespace halfpipe;
using namespace halfpipe::vectors;
using halfpipe::vectors_test::uop;

namespace {
Tie tie_of(const char* form, uint16_t a, uint16_t b, uint16_t c = 0) {
  const Uop u = uop(form);
  const auto v = exact_lane_result(u, a, b, c);
  REQUIRE(v);
  return classify_tie(ref::float_format(u.format), *v);
}
}  // namespace

TEST_CASE("to_double reads f16 and bf16 encodings exactly") {
  CHECK(to_double(ref::kF16, 0x3c00) == 1.0);
  CHECK(to_double(ref::kF16, 0x0001) == std::ldexp(1.0, -24));
  CHECK(to_double(ref::kF16, 0xfbff) == -65504.0);
  CHECK(to_double(ref::kBF16, 0x0001) == std::ldexp(1.0, -133));
  CHECK(to_double(ref::kBF16, 0x7f7f) == std::ldexp(255.0, 120));
}

TEST_CASE("truncate_to_format: the neighbour towards zero, subnormals included") {
  CHECK(truncate_to_format(ref::kF16, 1.0) == 0x3c00);
  CHECK(truncate_to_format(ref::kF16, 1.0 + std::ldexp(1.0, -11)) == 0x3c00);  // not rounded
  CHECK(truncate_to_format(ref::kF16, -(1.0 + std::ldexp(1.0, -10))) == 0xbc01);
  CHECK(truncate_to_format(ref::kF16, std::ldexp(3.0, -24)) == 0x0003);
  CHECK(truncate_to_format(ref::kF16, std::ldexp(1.0, -25)) == 0x0000);
  CHECK(truncate_to_format(ref::kF16, -0.0) == 0x8000);
  CHECK(truncate_to_format(ref::kF16, 65535.0) == 0x7bff);
  CHECK_FALSE(truncate_to_format(ref::kF16, 65536.0));
  CHECK(truncate_to_format(ref::kBF16, std::ldexp(1.0, -133)) == 0x0001);
  CHECK(truncate_to_format(ref::kBF16, 3.0) == 0x4040);
}

TEST_CASE("ties: half-way values and which way ties-to-even takes them") {
  CHECK(tie_of("add.f16", 0x3c00, 0x1000) == Tie::RoundsDown);  // 1 + 2^-11
  CHECK(tie_of("add.f16", 0x3c01, 0x1000) == Tie::RoundsUp);    // (1 + 2^-10) + 2^-11
  CHECK(tie_of("add.f16", 0xbc01, 0x9000) == Tie::RoundsUp);    // mirrored: away from zero
  CHECK(tie_of("add.f16", 0x3c00, 0x0fff) == Tie::None);        // just under half an ulp
  CHECK(tie_of("add.f16", 0x3c00, 0x3c00) == Tie::None);        // exact
  CHECK(tie_of("add.f16", 0x7bff, 0x4c00) == Tie::RoundsUp);    // to 2^16: overflow
  CHECK(tie_of("mul.f16", 0x3800, 0x0001) == Tie::RoundsDown);  // 2^-25: between 0 and 2^-24
  CHECK(tie_of("mul.f16", 0x3bff, 0x0400) == Tie::RoundsUp);    // 2^-14 - 2^-25
  CHECK(tie_of("sub.f16", 0x3c00, 0x9000) == Tie::RoundsDown);  // 1 - (-2^-11)
  // fma: 1 * 1 + 2^-11, and a product whose low bits a tiny c spoils.
  CHECK(tie_of("fma.rn.f16", 0x3c00, 0x3c00, 0x1000) == Tie::RoundsDown);
  CHECK(tie_of("fma.rn.f16", 0x3c01, 0x3e00, 0x0001) == Tie::None);
  // bf16 with operands 2^250 apart: the tiny addend leaves no tie.
  CHECK(tie_of("add.bf16", 0x3f80, 0x3b80) == Tie::RoundsDown);  // 1 + 2^-8
  CHECK(tie_of("fma.rn.bf16", 0x3f80, 0x3b80, 0x0001) == Tie::None);
  // .ftz flushes subnormal inputs first (S7): 0.5 * 2^-24 becomes 0.5 * 0, exact.
  CHECK(tie_of("mul.ftz.f16", 0x3800, 0x0001) == Tie::None);
}

TEST_CASE("no exact value for infinities, NaNs, or ops without rounding") {
  CHECK_FALSE(exact_lane_result(uop("add.f16"), 0x7c00, 0x3c00, 0));
  CHECK_FALSE(exact_lane_result(uop("fma.rn.f16"), 0x3c00, 0x3c00, 0x7e00));
  CHECK_FALSE(exact_lane_result(uop("max.f16"), 0x3c00, 0x3c00, 0));
}

TEST_CASE("TestFloat flags of IEEE f16 results, by hand") {
  const Uop add = uop("add.rn.f16"), mul = uop("mul.rn.f16"), fma = uop("fma.rn.f16");
  CHECK(testfloat_flags(add, 0x3c00, 0x3c00, 0, 0x4000) == 0x00);  // 1 + 1 = 2 exactly
  CHECK(testfloat_flags(add, 0x3c00, 0x1000, 0, 0x3c00) == 0x01);  // 1 + 2^-11: inexact
  CHECK(testfloat_flags(add, 0x7bff, 0x4c00, 0, 0x7c00) == 0x05);  // overflow + inexact
  CHECK(testfloat_flags(add, 0x7c00, 0xfc00, 0, 0x7fff) == 0x10);  // inf - inf: invalid
  CHECK(testfloat_flags(add, 0x7c00, 0x3c00, 0, 0x7c00) == 0x00);  // inf + 1: exact
  CHECK(testfloat_flags(add, 0x7e00, 0x3c00, 0, 0x7fff) == 0x00);  // quiet NaN: no flag
  CHECK(testfloat_flags(add, 0x7c01, 0x3c00, 0, 0x7fff) == 0x10);  // signalling NaN: invalid
  CHECK(testfloat_flags(mul, 0x7c00, 0x0000, 0, 0x7fff) == 0x10);  // inf * 0
  // 2^-24 * 0.5: tiny and inexact (rounds to 0): underflow + inexact.
  CHECK(testfloat_flags(mul, 0x0001, 0x3800, 0, 0x0000) == 0x03);
  // 2^-14 * 0.5 = 2^-15 exactly (a subnormal): tiny but exact, no flag.
  CHECK(testfloat_flags(mul, 0x0400, 0x3800, 0, 0x0200) == 0x00);
  // (1 - 2^-11) * 2^-14 rounds to 2^-14: after rounding (unbounded exponent, 11 bits) the
  // value is 2^-14 (1 - 2^-11), still below 2^-14: tiny, inexact: underflow.
  CHECK(testfloat_flags(mul, 0x3bff, 0x0400, 0, 0x0400) == 0x03);
  // (1 - 2^-11) * (2^-14 + 2^-24) = 2^-14 (1 + 2^-11 - 2^-21): above 2^-14, so not tiny; it
  // rounds to 2^-14, so inexact.
  CHECK(testfloat_flags(mul, 0x3bff, 0x0401, 0, 0x0400) == 0x01);
  CHECK(testfloat_flags(fma, 0x7c00, 0x0000, 0x7e00, 0x7fff) == 0x10);  // inf * 0 + qNaN
  CHECK(testfloat_flags(fma, 0x3c00, 0x3c00, 0x1000, 0x3c00) == 0x01);
}
