// The approximations as sm_90 computes them (S19, S20): the reference against the H100's result
// for every input of the four scalar forms and every lane of the four packed ones
// (silicon/results/sm_90/run1/tables/), and the chip's own results against the spec's error
// bounds, measured with the exact functions in double.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <string>

#include "tests/approx/support.h"

namespace halfpipe {
namespace {

using approx_test::chip_table;
using approx_test::ChipVector;
namespace approx = ref::approx;

// The Uop of a table's form, as the decoder would give it (the forms are tanh.approx.TYPE and
// ex2.approx[.ftz].TYPE; bf16 ex2 exists only with .ftz, S22).
Uop form_uop(const std::string& form) {
  Uop u = approx::approx_uop(form.rfind("tanh", 0) == 0 ? Op::Tanh : Op::Ex2,
                             form.find("bf16") != std::string::npos ? Format::BF16 : Format::F16);
  u.packed = form.back() == '2';
  u.lane_mask = u.packed ? 0b11 : 0b01;
  return u;
}

// Mismatches of the reference against one table, the first few named.
void check_reproduces(const std::string& form) {
  const Uop u = form_uop(form);
  int mismatches = 0;
  for (const ChipVector& v : chip_table(form)) {
    const uint32_t got = ref::execute(u, v.a);
    if (got == v.expected) continue;
    if (++mismatches <= 5) FAIL_CHECK(form << " 0x" << std::hex << v.a << ": chip 0x" << v.expected
                                            << ", reference 0x" << got);
  }
  CHECK(mismatches == 0);
}

TEST_CASE("S19: the reference gives sm_90's result on every input of tanh.approx.f16, "
          "tanh.approx.bf16, ex2.approx.f16 and ex2.approx.ftz.bf16",
          "[approx][silicon]") {
  for (const char* form :
       {"tanh.approx.f16", "tanh.approx.bf16", "ex2.approx.f16", "ex2.approx.ftz.bf16"}) {
    INFO(form);
    check_reproduces(form);
  }
}

TEST_CASE("S19, S2: the reference gives sm_90's result in both lanes of every vector of the "
          "packed forms' tables",
          "[approx][silicon]") {
  for (const char* form : {"tanh.approx.f16x2", "tanh.approx.bf16x2", "ex2.approx.f16x2",
                           "ex2.approx.ftz.bf16x2"}) {
    INFO(form);
    check_reproduces(form);
  }
}

// The largest error of the chip's results over every finite input with a finite result, and the
// inputs beyond `bound`; absolute for tanh, relative (normal results) for ex2.
struct ChipError {
  double largest = 0;
  uint16_t at = 0;
  std::vector<uint16_t> beyond;
};

ChipError chip_error(const std::string& form, Op op, Format format, double bound) {
  const ref::FloatFormat& f = ref::float_format(format);
  const bool ftz = form.find(".ftz") != std::string::npos;
  ChipError e;
  for (const ChipVector& v : chip_table(form)) {
    const uint16_t a = static_cast<uint16_t>(v.a), r = static_cast<uint16_t>(v.expected);
    if (f.is_nan(a) || f.is_inf(a) || f.is_inf(r)) continue;
    const double x = ftz && f.is_subnormal(a) ? 0.0 : approx::to_double(f, a);
    const double exact = approx::exact(op, x);
    double error = std::fabs(approx::to_double(f, r) - exact);
    if (op == Op::Ex2) {
      if (exact < std::ldexp(1.0, f.emin()) || f.is_zero(r) || f.is_subnormal(r)) continue;
      error /= exact;
    }
    if (error > e.largest) e.largest = error, e.at = a;
    if (error > bound) e.beyond.push_back(a);
  }
  return e;
}

TEST_CASE("S20: sm_90's tanh.approx.f16 stays within the spec's absolute error of 2^-10.987 on "
          "every input, and reaches it at 1.5341796875 (0x3e23)",
          "[approx][silicon]") {
  const ChipError e =
      chip_error("tanh.approx.f16", Op::Tanh, Format::F16, approx_test::kTanhF16AbsBound);
  CHECK(e.beyond.empty());
  // tanh(1.5341796875) = 0.911382..., the chip gives 0x3b49 = 0.910644...: 1.0089 of the last
  // place 2^-11 below, the bound itself to four decimals.
  CHECK(e.at == 0x3E23);
  CHECK(std::log2(e.largest) == Approx(-10.987).margin(0.001));
}

TEST_CASE("S20: sm_90's tanh.approx.bf16 exceeds the spec's absolute error of 2^-8 at exactly "
          "+-0.74609375, by 2.5e-7, and halfpipe keeps the chip's result",
          "[approx][silicon]") {
  const ChipError e =
      chip_error("tanh.approx.bf16", Op::Tanh, Format::BF16, approx_test::kTanhBF16AbsBound);
  // tanh(0.74609375) = 0.6328127547; the chip gives 0x3f21 = 0.62890625, 0.0039065 below.
  CHECK(e.beyond == std::vector<uint16_t>{0x3F3F, 0xBF3F});
  CHECK(e.largest - approx_test::kTanhBF16AbsBound == Approx(2.5e-7).margin(0.1e-7));
  CHECK(approx_test::run(Op::Tanh, Format::BF16, 0x3F3F) == 0x3F21);
}

TEST_CASE("S20: sm_90's ex2.approx.f16 and ex2.approx.ftz.bf16 stay within the spec's relative "
          "errors of 2^-9.9 and 2^-7 on every normal result",
          "[approx][silicon]") {
  CHECK(chip_error("ex2.approx.f16", Op::Ex2, Format::F16, approx_test::kEx2F16RelBound)
            .beyond.empty());
  CHECK(chip_error("ex2.approx.ftz.bf16", Op::Ex2, Format::BF16, approx_test::kEx2BF16RelBound)
            .beyond.empty());
}

}  // namespace
}  // namespace halfpipe
