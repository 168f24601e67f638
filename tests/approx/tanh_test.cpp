// tanh.approx (PTX 9.7.4.9, S19-S21): corners, hand-worked values, and every one of the
// 65,536 inputs of each format against the bounds, the 1-ulp target and the symmetry rules.
#include <catch2/catch.hpp>

#include <cmath>

#include "tests/approx/support.h"

namespace halfpipe {
namespace {

using approx_test::run;
using ref::kBF16;
using ref::kF16;
namespace approx = ref::approx;

TEST_CASE("S20: tanh.approx.f16 corner table: +-inf -> +-1, +-0 -> +-0, NaN -> canonical NaN",
          "[approx][tanh]") {
  CHECK(run(Op::Tanh, Format::F16, 0x7C00) == 0x3C00);
  CHECK(run(Op::Tanh, Format::F16, 0xFC00) == 0xBC00);
  CHECK(run(Op::Tanh, Format::F16, 0x0000) == 0x0000);
  CHECK(run(Op::Tanh, Format::F16, 0x8000) == 0x8000);
  CHECK(run(Op::Tanh, Format::F16, 0x7E00) == 0x7FFF);
  CHECK(run(Op::Tanh, Format::F16, 0xFC01) == 0x7FFF);  // S10: a negative NaN too, unsigned
}

TEST_CASE("S20: tanh.approx.bf16 corner table: +-inf -> +-1, +-0 -> +-0, NaN -> canonical NaN",
          "[approx][tanh]") {
  CHECK(run(Op::Tanh, Format::BF16, 0x7F80) == 0x3F80);
  CHECK(run(Op::Tanh, Format::BF16, 0xFF80) == 0xBF80);
  CHECK(run(Op::Tanh, Format::BF16, 0x0000) == 0x0000);
  CHECK(run(Op::Tanh, Format::BF16, 0x8000) == 0x8000);
  CHECK(run(Op::Tanh, Format::BF16, 0x7FC0) == 0x7FFF);
  CHECK(run(Op::Tanh, Format::BF16, 0xFF81) == 0x7FFF);
}

TEST_CASE("PTX 9.7.4.9: tanh supports subnormals: tanh(+-2^-24) is +-2^-24 in f16, bf16 alike",
          "[approx][tanh]") {
  // tanh(x) = x - x^3/3 + ...: for x = 2^-24 the cubic term is 2^-73, far below half an ulp.
  CHECK(run(Op::Tanh, Format::F16, 0x0001) == 0x0001);
  CHECK(run(Op::Tanh, Format::F16, 0x8001) == 0x8001);
  CHECK(run(Op::Tanh, Format::F16, 0x03FF) == 0x03FF);
  CHECK(run(Op::Tanh, Format::BF16, 0x0001) == 0x0001);
  CHECK(run(Op::Tanh, Format::BF16, 0x807F) == 0x807F);
}

TEST_CASE("tanh.approx: hand-worked correctly rounded values", "[approx][tanh]") {
  // tanh(0.5) = 0.4621171573 = 1.848468629 * 2^-2: fraction 0.848468629 * 1024 = 868.8 -> 869.
  CHECK(run(Op::Tanh, Format::F16, 0x3800) == 0x3765);
  // tanh(1) = 0.7615941560 = 1.523188312 * 2^-1: 535.7 -> 536 = 0x218 (f16); 66.96 -> 67 (bf16).
  CHECK(run(Op::Tanh, Format::F16, 0x3C00) == 0x3A18);
  CHECK(run(Op::Tanh, Format::BF16, 0x3F80) == 0x3F43);
  CHECK(run(Op::Tanh, Format::F16, 0xBC00) == 0xBA18);
  // tanh(4.5) = 1 - 2.468e-4: 1023.49 ulps of 2^-11 -> 0x3BFF, the largest result below 1;
  // tanh(4.5078125) = 1 - 2.430e-4: 1023.50 (0.0024 above the midpoint) -> 1.0.
  CHECK(run(Op::Tanh, Format::F16, 0x4480) == 0x3BFF);
  CHECK(run(Op::Tanh, Format::F16, 0x4482) == 0x3C00);
}

TEST_CASE("S2: tanh.approx.f16x2 computes each lane as the scalar form", "[approx][tanh]") {
  Uop u = approx::approx_uop(Op::Tanh, Format::F16);
  u.packed = true;
  u.lane_mask = 0b11;
  // lane 1 = 1.0 -> 0x3A18, lane 0 = -inf -> -1.0
  CHECK(ref::execute(u, 0x3C00FC00u) == 0x3A18BC00u);
  u.format = Format::BF16;
  CHECK(ref::execute(u, 0x8000BF80u) == 0x8000BF43u);
}

void check_every_input(Format format, double abs_bound) {
  const ref::FloatFormat& f = ref::float_format(format);
  int64_t bound_failures = 0, ulp_failures = 0, odd_failures = 0, above_one = 0, nan_failures = 0;
  for (uint32_t bits = 0; bits <= 0xFFFF; ++bits) {
    const uint16_t x = static_cast<uint16_t>(bits);
    const uint16_t r = run(Op::Tanh, format, x);
    if (f.is_nan(x)) {
      nan_failures += r != 0x7FFF;
      continue;
    }
    odd_failures += run(Op::Tanh, format, x ^ 0x8000) != (r ^ 0x8000);  // S21
    above_one += f.magnitude(r) > f.one();                              // S21
    const double error = std::fabs(approx::to_double(f, r) - std::tanh(approx::to_double(f, x)));
    bound_failures += !(error <= abs_bound);  // S20
    const uint16_t correct = approx::correctly_rounded(f, std::tanh(approx::to_double(f, x)));
    ulp_failures += approx::ulps_apart(f, r, correct) > 1;  // the target
  }
  CHECK(nan_failures == 0);
  CHECK(odd_failures == 0);
  CHECK(above_one == 0);
  CHECK(bound_failures == 0);
  CHECK(ulp_failures == 0);
}

TEST_CASE("S20, S21: tanh.approx.f16 on all 65,536 inputs: |error| <= 2^-10.987, within 1 ulp "
          "of correctly rounded, odd bit for bit, never above 1",
          "[approx][tanh]") {
  check_every_input(Format::F16, approx_test::kTanhF16AbsBound);
}

TEST_CASE("S20, S21: tanh.approx.bf16 on all 65,536 inputs: |error| <= 2^-8, within 1 ulp of "
          "correctly rounded, odd bit for bit, never above 1",
          "[approx][tanh]") {
  check_every_input(Format::BF16, approx_test::kTanhBF16AbsBound);
}

}  // namespace
}  // namespace halfpipe
