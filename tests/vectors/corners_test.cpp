// The corner classes and the constructed tuples: values written out by hand from the format
// definitions (S1), and constructed results worked out by hand.
#include <catch2/catch.hpp>

#include <algorithm>
#include <set>
#include <utility>

#include "model/isa/ptx.h"
#include "model/ref/execute.h"
#include "vectors/corners.h"
#include "vectors/exact.h"
#include "tests/vectors/decoded.h"

using namespace halfpipe;
using namespace halfpipe::vectors;
using halfpipe::vectors_test::uop;

namespace {

std::vector<uint16_t> bits_of(const std::vector<CornerValue>& values) {
  std::vector<uint16_t> bits;
  for (const auto& v : values) bits.push_back(v.bits);
  return bits;
}

bool has_tuple(const Uop& u, LaneOperands t) {
  const auto tuples = corner_lane_tuples(u);
  return std::find(tuples.begin(), tuples.end(), t) != tuples.end();
}

}  // namespace

TEST_CASE("corner values of f16: the issue's classes, from S1's fields") {
  // +-0, +-min subnormal 2^-24, +-max subnormal, +-min normal 2^-14, +-max normal 65504, +-1,
  // +-inf, the canonical NaN (S10), the OOB-NaN (S14).
  const std::vector<uint16_t> expected = {0x0000, 0x8000, 0x0001, 0x8001, 0x03ff, 0x83ff,
                                          0x0400, 0x8400, 0x7bff, 0xfbff, 0x3c00, 0xbc00,
                                          0x7c00, 0xfc00, 0x7fff, 0x7ff7};
  CHECK(bits_of(primary_corner_values(Format::F16)) == expected);
  // 1 - 2^-11, 1 + 2^-10, the NaN with the sign set, the smallest payload, OOB with sign set.
  CHECK(bits_of(secondary_corner_values(Format::F16)) ==
        std::vector<uint16_t>{0x3bff, 0x3c01, 0xffff, 0x7c01, 0xfff7});
}

TEST_CASE("corner values of bf16: the same classes with 8 exponent and 7 fraction bits") {
  const std::vector<uint16_t> expected = {0x0000, 0x8000, 0x0001, 0x8001, 0x007f, 0x807f,
                                          0x0080, 0x8080, 0x7f7f, 0xff7f, 0x3f80, 0xbf80,
                                          0x7f80, 0xff80, 0x7fff, 0x7ff7};
  CHECK(bits_of(primary_corner_values(Format::BF16)) == expected);
  CHECK(bits_of(secondary_corner_values(Format::BF16)) ==
        std::vector<uint16_t>{0x3f7f, 0x3f81, 0xffff, 0x7f81, 0xfff7});
}

TEST_CASE("binary corner sets cross every pair of primary corner values") {
  for (const char* form : {"add.f16", "min.NaN.bf16", "mul.ftz.sat.f16"}) {
    const Uop u = uop(form);
    const auto tuples = corner_lane_tuples(u);
    std::set<std::pair<uint16_t, uint16_t>> pairs;
    for (const auto& t : tuples) pairs.insert({t.a, t.b});
    for (const auto& x : primary_corner_values(u.format))
      for (const auto& y : primary_corner_values(u.format)) CHECK(pairs.count({x.bits, y.bits}));
  }
}

TEST_CASE("fma corner sets hold every pair of primary values in each pair of positions") {
  const Uop u = uop("fma.rn.oob.relu.bf16");
  const auto tuples = corner_lane_tuples(u);
  std::set<std::pair<uint16_t, uint16_t>> ab, ac, bc;
  for (const auto& t : tuples) {
    ab.insert({t.a, t.b});
    ac.insert({t.a, t.c});
    bc.insert({t.b, t.c});
  }
  for (const auto& x : primary_corner_values(u.format))
    for (const auto& y : primary_corner_values(u.format)) {
      CHECK(ab.count({x.bits, y.bits}));
      CHECK(ac.count({x.bits, y.bits}));
      CHECK(bc.count({x.bits, y.bits}));
    }
  // S5's zero-sign rule needs the triple (-0 * +1) + -0 = -0 and (-0 * +1) + +0 = +0.
  CHECK(has_tuple(u, {0x8000, 0x3f80, 0x8000}));
  CHECK(has_tuple(u, {0x8000, 0x3f80, 0x0000}));
}

TEST_CASE("S4: constructed add ties round to even, worked out by hand") {
  const Uop add = uop("add.f16");
  // 1 + 2^-11 (0x1000: exponent field 15 - 11 = 4) lies half-way between 1 and 1 + 2^-10:
  // the even neighbour is 1.
  REQUIRE(has_tuple(add, {0x3c00, 0x1000, 0}));
  CHECK(ref::execute(add, 0x3c00, 0x1000) == 0x3c00);
  // (1 + 2^-10) + 2^-11: between 0x3c01 (odd) and 0x3c02: rounds up.
  REQUIRE(has_tuple(add, {0x3c01, 0x1000, 0}));
  CHECK(ref::execute(add, 0x3c01, 0x1000) == 0x3c02);
  // bf16: 1 + 2^-8 (0x3b80: exponent field 127 - 8 = 119) ties down to 1.
  const Uop add_bf16 = uop("add.bf16");
  REQUIRE(has_tuple(add_bf16, {0x3f80, 0x3b80, 0}));
  CHECK(ref::execute(add_bf16, 0x3f80, 0x3b80) == 0x3f80);
  // sub gets the same exact sums: 1 - (-2^-11).
  CHECK(has_tuple(uop("sub.f16"), {0x3c00, 0x9000, 0}));
}

TEST_CASE("S5: the overflow boundary of add: max + half an ulp of max ties to infinity") {
  const Uop add = uop("add.f16");
  // max = 65504 = 0x7bff, its ulp is 32, half of it 16 = 0x4c00. 65504 + 16 is half-way
  // between 65504 (odd significand) and 65536, which is not finite: infinity.
  REQUIRE(has_tuple(add, {0x7bff, 0x4c00, 0}));
  CHECK(ref::execute(add, 0x7bff, 0x4c00) == 0x7c00);
  // 65504 + 15.99... (0x4bff) stays below the half-way point.
  REQUIRE(has_tuple(add, {0x7bff, 0x4bff, 0}));
  CHECK(ref::execute(add, 0x7bff, 0x4bff) == 0x7bff);
  CHECK(has_tuple(add, {0xfbff, 0xcc00, 0}));  // and mirrored
}

TEST_CASE("S8: products just below, at and just above the smallest normal") {
  const Uop mul = uop("mul.f16");
  const Uop mul_ftz = uop("mul.ftz.f16");
  // (1 - 2^-11) * 2^-14 = 2^-14 - 2^-25: half-way between 0x03ff (odd) and 0x0400: rounds up
  // to the smallest normal; exact below it at full precision, so tiny, and .ftz flushes it.
  REQUIRE(has_tuple(mul, {0x3bff, 0x0400, 0}));
  CHECK(ref::execute(mul, 0x3bff, 0x0400) == 0x0400);
  CHECK(ref::execute(mul_ftz, 0x3bff, 0x0400) == 0x0000);
  // (1 - 2^-10) * 2^-14 = 2^-14 - 2^-24 = 0x03ff exactly: subnormal, flushed to +0 by .ftz.
  REQUIRE(has_tuple(mul, {0x3bfe, 0x0400, 0}));
  CHECK(ref::execute(mul, 0x3bfe, 0x0400) == 0x03ff);
  CHECK(ref::execute(mul_ftz, 0x3bfe, 0x0400) == 0x0000);
  // With the sign: -0x03ff flushes to -0.
  REQUIRE(has_tuple(mul, {0xbbfe, 0x0400, 0}));
  CHECK(ref::execute(mul_ftz, 0xbbfe, 0x0400) == 0x8000);
  // (1 + 2^-10) * 2^-14 = 0x0401, just above.
  CHECK(ref::execute(mul, 0x3c01, 0x0400) == 0x0401);
  // 0.5 * 2^-24 ties to 0 (even); 1.5 * 2^-24 ties to 2^-23 (0x0002).
  REQUIRE(has_tuple(mul, {0x3800, 0x0001, 0}));
  CHECK(ref::execute(mul, 0x3800, 0x0001) == 0x0000);
  REQUIRE(has_tuple(mul, {0x3e00, 0x0001, 0}));
  CHECK(ref::execute(mul, 0x3e00, 0x0001) == 0x0002);
}

TEST_CASE("S8: two normals whose sum is subnormal, flushed by add.ftz") {
  const Uop add_ftz = uop("add.ftz.f16");
  // 2^-13 - (2^-14 + 2^-24) = 2^-14 - 2^-24 = 0x03ff.
  REQUIRE(has_tuple(add_ftz, {0x0800, 0x8401, 0}));
  CHECK(ref::execute(uop("add.f16"), 0x0800, 0x8401) == 0x03ff);
  CHECK(ref::execute(add_ftz, 0x0800, 0x8401) == 0x0000);
}

TEST_CASE("S4: constructed product ties, worked out by hand") {
  const Uop mul = uop("mul.f16");
  // (1 + 2^-10) * 1.5 = 1.5 + 1.5 * 2^-10: half-way between 0x3e01 (odd) and 0x3e02.
  REQUIRE(has_tuple(mul, {0x3c01, 0x3e00, 0}));
  CHECK(ref::execute(mul, 0x3c01, 0x3e00) == 0x3e02);
  // (1 + 3 * 2^-10) * 1.5 = 1.5 + 4.5 * 2^-10: between 0x3e04 (even) and 0x3e05.
  REQUIRE(has_tuple(mul, {0x3c03, 0x3e00, 0}));
  CHECK(ref::execute(mul, 0x3c03, 0x3e00) == 0x3e04);
  // fma gets them as a * b + 0, and the sum ties as a * 1 + b.
  const Uop fma = uop("fma.rn.f16");
  CHECK(has_tuple(fma, {0x3c01, 0x3e00, 0x0000}));
  CHECK(has_tuple(fma, {0x3c01, 0x3e00, 0x8000}));
  CHECK(has_tuple(fma, {0x3c00, 0x3c00, 0x1000}));
  CHECK(ref::execute(fma, 0x3c01, 0x3c00, 0x1000) == 0x3c02);
}

TEST_CASE("every constructed tie of add, mul and fma is a tie by the independent exact value") {
  for (const char* form : {"add.f16", "sub.bf16", "mul.f16", "mul.bf16", "fma.rn.f16"}) {
    const Uop u = uop(form);
    const ref::FloatFormat& f = ref::float_format(u.format);
    int ups = 0, downs = 0;
    for (const auto& t : corner_lane_tuples(u)) {
      const auto exact = exact_lane_result(u, t.a, t.b, t.c);
      if (!exact) continue;
      const Tie tie = classify_tie(f, *exact);
      ups += tie == Tie::RoundsUp;
      downs += tie == Tie::RoundsDown;
    }
    INFO(form);
    CHECK(ups >= 2);
    CHECK(downs >= 2);
  }
}

TEST_CASE("unary corner sets hold the integers where ex2 overflows and underflows") {
  const Uop ex2 = uop("ex2.approx.f16");
  // 16 (0x4c00): 2^16 overflows f16; -24 (0xce00): 2^-24 is the smallest subnormal; -25 (0xce40).
  CHECK(has_tuple(ex2, {0x4c00, 0, 0}));
  CHECK(has_tuple(ex2, {0xce00, 0, 0}));
  CHECK(has_tuple(ex2, {0xce40, 0, 0}));
  // bf16: -133 = -(1 + 5/128) * 2^7 (0xc305), 2^-133 the smallest subnormal; 128 (0x4300).
  const Uop ex2_bf16 = uop("ex2.approx.ftz.bf16");
  CHECK(has_tuple(ex2_bf16, {0xc305, 0, 0}));
  CHECK(has_tuple(ex2_bf16, {0x4300, 0, 0}));
}
