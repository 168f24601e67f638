// tanh.approx (PTX 9.7.4.9, S19-S21): corners, hand-worked values, and every one of the
// 65,536 inputs of each format against the symmetry rules. tests/approx/chip_test.cpp holds the
// reference to the chip's result on every input, and the chip to the spec's bounds.
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

TEST_CASE("S19, PTX 9.7.4.9: below 2^-8 (1 + 2^-7) tanh.approx returns its input, subnormals "
          "included, f16 and bf16 alike",
          "[approx][tanh]") {
  // tanh(x) = x - x^3/3 + ...: measured on sm_90, every |x| below 2^-8 (1 + 2^-7) gives x itself
  // (for x = 2^-24 the cubic term is 2^-73, far below any last place).
  CHECK(run(Op::Tanh, Format::F16, 0x0001) == 0x0001);
  CHECK(run(Op::Tanh, Format::F16, 0x8001) == 0x8001);
  CHECK(run(Op::Tanh, Format::F16, 0x03FF) == 0x03FF);
  CHECK(run(Op::Tanh, Format::BF16, 0x0001) == 0x0001);
  CHECK(run(Op::Tanh, Format::BF16, 0x807F) == 0x807F);
  // The last f16 input below the threshold, 2^-8 (1 + 7 * 2^-10), is returned; the first at it,
  // 2^-8 (1 + 2^-7), truncates: tanh = x (1 - 2^-17.56) lies below x by far less than its last
  // place 2^-18, so the result is the encoding below, 0x1c07. bf16: 2^-8 and 2^-8 (1 + 2^-7).
  CHECK(run(Op::Tanh, Format::F16, 0x1C07) == 0x1C07);
  CHECK(run(Op::Tanh, Format::F16, 0x1C08) == 0x1C07);
  CHECK(run(Op::Tanh, Format::F16, 0x9C08) == 0x9C07);
  CHECK(run(Op::Tanh, Format::BF16, 0x3B80) == 0x3B80);
  CHECK(run(Op::Tanh, Format::BF16, 0x3B81) == 0x3B80);
}

TEST_CASE("S19: tanh.approx truncates: hand-worked values", "[approx][tanh]") {
  // tanh(0.5) = 0.4621171573 = 1.848468629 * 2^-2: fraction 0.848468629 * 1024 = 868.83 -> 868.
  CHECK(run(Op::Tanh, Format::F16, 0x3800) == 0x3764);
  // tanh(1) = 0.7615941560 = 1.523188312 * 2^-1: 535.75 -> 535 = 0x217 (f16); 66.97 -> 66 (bf16).
  CHECK(run(Op::Tanh, Format::F16, 0x3C00) == 0x3A17);
  CHECK(run(Op::Tanh, Format::BF16, 0x3F80) == 0x3F42);
  CHECK(run(Op::Tanh, Format::F16, 0xBC00) == 0xBA17);
  // tanh(4.5) = 1 - 2.468e-4 and tanh(7.99609375) = 1 - 2.3e-7 both lie in [1 - 2^-11, 1): the
  // largest result below 1, 0x3bff; from 8 on, measured, 1.0.
  CHECK(run(Op::Tanh, Format::F16, 0x4480) == 0x3BFF);
  CHECK(run(Op::Tanh, Format::F16, 0x47FF) == 0x3BFF);
  CHECK(run(Op::Tanh, Format::F16, 0x4800) == 0x3C00);
  CHECK(run(Op::Tanh, Format::F16, 0xC800) == 0xBC00);
  CHECK(run(Op::Tanh, Format::BF16, 0x40FF) == 0x3F7F);  // 7.96875
  CHECK(run(Op::Tanh, Format::BF16, 0x4100) == 0x3F80);  // 8
}

TEST_CASE("S2: tanh.approx.f16x2 computes each lane as the scalar form", "[approx][tanh]") {
  Uop u = approx::approx_uop(Op::Tanh, Format::F16);
  u.packed = true;
  u.lane_mask = 0b11;
  // lane 1 = 1.0 -> 0x3A17, lane 0 = -inf -> -1.0
  CHECK(ref::execute(u, 0x3C00FC00u) == 0x3A17BC00u);
  u.format = Format::BF16;
  CHECK(ref::execute(u, 0x8000BF80u) == 0x8000BF42u);
}

// S21 on every input: odd bit for bit, never above 1 in magnitude, NaNs canonical.
void check_every_input(Format format) {
  const ref::FloatFormat& f = ref::float_format(format);
  int64_t odd_failures = 0, above_one = 0, nan_failures = 0;
  for (uint32_t bits = 0; bits <= 0xFFFF; ++bits) {
    const uint16_t x = static_cast<uint16_t>(bits);
    const uint16_t r = run(Op::Tanh, format, x);
    if (f.is_nan(x)) {
      nan_failures += r != 0x7FFF;
      continue;
    }
    odd_failures += run(Op::Tanh, format, x ^ 0x8000) != (r ^ 0x8000);
    above_one += f.magnitude(r) > f.one();
  }
  CHECK(nan_failures == 0);
  CHECK(odd_failures == 0);
  CHECK(above_one == 0);
}

TEST_CASE("S21: tanh.approx.f16 on all 65,536 inputs: odd bit for bit, never above 1",
          "[approx][tanh]") {
  check_every_input(Format::F16);
}

TEST_CASE("S21: tanh.approx.bf16 on all 65,536 inputs: odd bit for bit, never above 1",
          "[approx][tanh]") {
  check_every_input(Format::BF16);
}

}  // namespace
}  // namespace halfpipe
