// execute_n (model/ref/bulk/execute_n.h): the facts of its dispatch, the fma cases whose
// rounding a shortcut through one wider rounding gets wrong, and the bf16 values outside
// binary32's normal range that the kernels compute scaled (kernels.inc), derived by hand. The
// equivalence on every input is tests/bulk_proof/bulk_proof.cpp.
#include <immintrin.h>

#include <catch2/catch.hpp>
#include <cstdint>
#include <stdexcept>
#include <vector>

#include "model/ref/bulk/execute_n.h"
#include "tests/ref/uops.h"

namespace {

using namespace halfpipe;
using namespace halfpipe::ref_test;
using halfpipe::ref::BulkPath;

// Every path this CPU runs, exact first.
std::vector<BulkPath> runnable_paths() {
  std::vector<BulkPath> paths{BulkPath::Exact};
  for (BulkPath p : {BulkPath::F16c, BulkPath::Avx512, BulkPath::Avx512Fp16})
    if (ref::bulk_path_supported(p)) paths.push_back(p);
  return paths;
}

// One scalar instruction through execute_n on `path`.
uint16_t one_lane(BulkPath path, const Uop& u, uint32_t a, uint32_t b, uint32_t c) {
  uint32_t d = 0;
  ref::execute_n(u, &a, &b, &c, &d, 1, path);
  return static_cast<uint16_t>(d);
}
uint16_t fma_through(BulkPath path, Format format, uint16_t a, uint16_t b, uint16_t c) {
  return one_lane(path, make_uop(Op::Fma, format), a, b, c);
}
uint16_t mul_bf16_through(BulkPath path, uint16_t a, uint16_t b) {
  return one_lane(path, make_uop(Op::Mul, Format::BF16), a, b, 0);
}

}  // namespace

// 0x3F88 = 17/16, so a*b = 289/256 = (144 + 1/2) * 2^-7: a midpoint between 0x3F90 (1.125) and
// 0x3F91. c = 0x0D80 = 2^-100 puts the exact sum above it (0x3F91); -c below it (0x3F90); c = +0
// leaves the tie, which goes to the even 0x3F90 (S4). In binary64, 289/256 + 2^-100 rounds back
// to 289/256, so a binary64 fma followed by one rounding to bf16 answers 0x3F90 for +c.
TEST_CASE("S4, S5: fma.rn.bf16 rounds a product on a bf16 midpoint by a c far below it, on every path",
          "[bulk]") {
  for (BulkPath p : runnable_paths()) {
    INFO("path " << ref::bulk_path_name(p));
    CHECK(fma_through(p, Format::BF16, 0x3F88, 0x3F88, 0x0D80) == 0x3F91);
    CHECK(fma_through(p, Format::BF16, 0x3F88, 0x3F88, 0x8D80) == 0x3F90);
    CHECK(fma_through(p, Format::BF16, 0x3F88, 0x3F88, 0x0000) == 0x3F90);
    CHECK(fma_through(p, Format::BF16, 0x3F88, 0x3F88, 0x0001) == 0x3F91);  // c = 2^-133
    CHECK(fma_through(p, Format::BF16, 0x3F88, 0x3F88, 0x8001) == 0x3F90);
  }
}

// 0x3C10 = 1 + 2^-6, 0x3C20 = 1 + 2^-5: a*b = 1 + 48 * 2^-10 + 2^-11, half-way between 0x3C30 and
// 0x3C31. The least subnormal c = +-2^-24 decides the direction; c = 0 ties to the even 0x3C30.
TEST_CASE("S4, S5: fma.rn.f16 rounds a product on an f16 midpoint by the least subnormal c, on every path",
          "[bulk]") {
  for (BulkPath p : runnable_paths()) {
    INFO("path " << ref::bulk_path_name(p));
    CHECK(fma_through(p, Format::F16, 0x3C10, 0x3C20, 0x0001) == 0x3C31);
    CHECK(fma_through(p, Format::F16, 0x3C10, 0x3C20, 0x8001) == 0x3C30);
    CHECK(fma_through(p, Format::F16, 0x3C10, 0x3C20, 0x0000) == 0x3C30);
    // Scaled by 2^-3 per factor (0x3010, 0x3020), the midpoint lies between 0x2431 and 0x2430
    // (last place 2^-16), and the least subnormal c, 2^-8 of that place, still decides.
    CHECK(fma_through(p, Format::F16, 0x3010, 0x3020, 0x0001) == 0x2431);
    CHECK(fma_through(p, Format::F16, 0x3010, 0x3020, 0x8001) == 0x2430);
  }
}

// Below 2^-125 bf16's last place is 2^-133, the least subnormal. 0x1E00 = 2^-67, 0x1E01 =
// 2^-67 (1 + 2^-7), 0x3E80 = 0.25, 0x3F00 = 0.5, 0x3FC0 = 1.5, 0x3F7F = 255/256, 0x0080 = 2^-126,
// 0x00NN (NN < 0x80) = NN * 2^-133. The vector paths compute such products from integer
// significands and exponents (kernels.inc); each must round the exact product once (S4, S6).
TEST_CASE("S4, S6: mul.bf16 rounds a product below the normal range once, to nearest even, on every path",
          "[bulk]") {
  for (BulkPath p : runnable_paths()) {
    INFO("path " << ref::bulk_path_name(p));
    CHECK(mul_bf16_through(p, 0x1E00, 0x1E00) == 0x0000);  // 2^-134: a tie, to the even 0
    CHECK(mul_bf16_through(p, 0x1E01, 0x1E00) == 0x0001);  // just above the tie
    CHECK(mul_bf16_through(p, 0x3F00, 0x0003) == 0x0002);  // 1.5 * 2^-133: a tie, to 2
    CHECK(mul_bf16_through(p, 0x3FC0, 0x0001) == 0x0002);  // the same product from 1.5 * 2^-133
    CHECK(mul_bf16_through(p, 0x3E80, 0x0005) == 0x0001);  // 1.25 * 2^-133: down
    CHECK(mul_bf16_through(p, 0x3F7F, 0x0080) == 0x0080);  // 127.5 * 2^-133: up to 2^-126
    CHECK(mul_bf16_through(p, 0x3F7F, 0x0100) == 0x00FF);  // 255 * 2^-133, exact
    CHECK(mul_bf16_through(p, 0xBF00, 0x0003) == 0x8002);  // the sign is the operands'
    CHECK(mul_bf16_through(p, 0x8000, 0x1E00) == 0x8000);  // -0 * 2^-67 = -0
    CHECK(mul_bf16_through(p, 0x0001, 0x0001) == 0x0000);  // 2^-266
    // 0x3F81 * 0x0081 = 2^-126 (1 + 2^-6 + 2^-14): last place 2^-133 = 2^-7 there, so down.
    CHECK(mul_bf16_through(p, 0x3F81, 0x0081) == 0x0082);
  }
}

// bf16 spans binary32's exponent range, so a*b can leave it while a*b + c does not. 0x7F00 = 2^127,
// 0x4000 = 2, 0xFF7F = -(255/128) 2^127 = -255 * 2^120: a*b = 2^128 = 256 * 2^120 overflows
// binary32, the sum is 2^120 = 0x7B80 (field 247). 0x0001 = 2^-133: 0x0001 * 0x0001 = 2^-266,
// below binary32's least subnormal, rounds to the zero of its sign (S6). 0x1E00 = 2^-67, 0x1E01 =
// (1 + 2^-7) 2^-67: their products 2^-134 and (1 + 2^-7) 2^-134 plus 0x0002 = 2 * 2^-133 are
// 2.5 and just above 2.5 last places: the tie goes to the even 0x0002, the other up to 0x0003.
TEST_CASE("S4, S5, S6: fma.rn.bf16 keeps products beyond binary32's range exact, on every path",
          "[bulk]") {
  for (BulkPath p : runnable_paths()) {
    INFO("path " << ref::bulk_path_name(p));
    CHECK(fma_through(p, Format::BF16, 0x7F00, 0x4000, 0xFF7F) == 0x7B80);
    CHECK(fma_through(p, Format::BF16, 0x7F00, 0x7F00, 0xFF7F) == 0x7F80);  // 2^254 - ...: inf
    CHECK(fma_through(p, Format::BF16, 0x0001, 0x0001, 0x0000) == 0x0000);
    CHECK(fma_through(p, Format::BF16, 0x8001, 0x0001, 0x0000) == 0x8000);  // -2^-266 + 0: -0
    CHECK(fma_through(p, Format::BF16, 0x8000, 0x0001, 0x8000) == 0x8000);  // -0 + -0 (S5)
    CHECK(fma_through(p, Format::BF16, 0x1E00, 0x1E00, 0x0002) == 0x0002);
    CHECK(fma_through(p, Format::BF16, 0x1E01, 0x1E00, 0x0002) == 0x0003);
  }
}

// Infinities and NaNs (S5, S10): inf * 0 and inf - inf are the canonical NaN; a finite product
// beyond binary32's range, 2^254, added to -inf is -inf, not the NaN of a product overflowed to
// +inf; inf times the least subnormal is inf.
TEST_CASE("S5, S10: bf16 mul and fma give IEEE's special results whatever the finite operands' range",
          "[bulk]") {
  for (BulkPath p : runnable_paths()) {
    INFO("path " << ref::bulk_path_name(p));
    CHECK(fma_through(p, Format::BF16, 0x7F80, 0x0000, 0x3F80) == 0x7FFF);
    CHECK(fma_through(p, Format::BF16, 0x7F80, 0x0001, 0xFF80) == 0x7FFF);
    CHECK(fma_through(p, Format::BF16, 0x7F00, 0x7F00, 0xFF80) == 0xFF80);
    CHECK(mul_bf16_through(p, 0x7F80, 0x0001) == 0x7F80);
    CHECK(mul_bf16_through(p, 0xFF80, 0x0000) == 0x7FFF);
    CHECK(mul_bf16_through(p, 0x7F00, 0x4000) == 0x7F80);  // 2^128: overflow to inf
    CHECK(mul_bf16_through(p, 0x7F7F, 0x3F80) == 0x7F7F);  // the largest finite, times 1
  }
}

TEST_CASE("execute_n: a bf16 mul or fma with .ftz, which PTX does not have, goes through the exact path",
          "[bulk]") {
  for (Op op : {Op::Mul, Op::Fma})
    for (BulkPath p : {BulkPath::F16c, BulkPath::Avx512, BulkPath::Avx512Fp16}) {
      CHECK_FALSE(ref::bulk_path_runs_kernel(p, with_ftz(bf16(op))));
      CHECK(ref::bulk_path_runs_kernel(p, with_ftz(f16(op))));
    }
}

TEST_CASE("execute_n: operands the op does not read may be null, d may alias an operand, any length",
          "[bulk]") {
  const Uop add = f16(Op::Add), neg = bf16x2(Op::Neg);
  for (BulkPath p : runnable_paths()) {
    INFO("path " << ref::bulk_path_name(p));
    for (size_t n = 0; n <= 40; ++n) {
      std::vector<uint32_t> a(n), b(n), d(n, 0xDEADBEEF);
      for (size_t i = 0; i < n; ++i) {
        a[i] = static_cast<uint32_t>(0x3C00 + 37 * i) | (static_cast<uint32_t>(0xBF80 + i) << 16);
        b[i] = static_cast<uint32_t>(0x4000 + 11 * i);
      }
      ref::execute_n(neg, a.data(), nullptr, nullptr, d.data(), n, p);
      for (size_t i = 0; i < n; ++i) CHECK(d[i] == ref::execute(neg, a[i]));
      std::vector<uint32_t> in_place = a;
      ref::execute_n(add, in_place.data(), b.data(), nullptr, in_place.data(), n, p);
      // A scalar form reads [15:0] and writes [31:16] as zero (S2).
      for (size_t i = 0; i < n; ++i) CHECK(in_place[i] == ref::execute(add, a[i], b[i]));
    }
  }
}

TEST_CASE("execute_n: a vISA MIN_MAX Uop goes through the exact path on every vector path", "[bulk]") {
  Uop visa = f16(Op::Max);
  visa.nan_policy = NanPolicy::VisaSrc1;
  Uop word = make_uop(Op::Min, Format::S16);
  for (BulkPath p : {BulkPath::F16c, BulkPath::Avx512, BulkPath::Avx512Fp16}) {
    CHECK_FALSE(ref::bulk_path_runs_kernel(p, visa));
    CHECK_FALSE(ref::bulk_path_runs_kernel(p, word));
  }
  CHECK(ref::bulk_path_runs_kernel(BulkPath::Exact, visa));
  // S28: two NaNs give src1 unchanged (PTX would give the canonical NaN).
  const uint32_t a = 0x7E01, b = 0xFE02;
  uint32_t d = 0;
  for (BulkPath p : runnable_paths()) {
    ref::execute_n(visa, &a, &b, nullptr, &d, 1, p);
    CHECK(d == 0xFE02);
  }
}

// The automatic choice serves only paths proven on a CPU that has them: the native path is not
// yet (model/ref/bulk/README.md), so Auto is never it, whatever this CPU has.
TEST_CASE("execute_n: the automatic choice is never a path not yet proven (avx512fp16)", "[bulk]") {
  CHECK(ref::bulk_path_auto() != BulkPath::Avx512Fp16);
}

TEST_CASE("execute_n: forcing a path the CPU lacks is an error, never a substitution", "[bulk]") {
  const Uop add = f16(Op::Add);
  const uint32_t a = 0x3C00, b = 0x3C00;
  uint32_t d = 0;
  for (BulkPath p : {BulkPath::F16c, BulkPath::Avx512, BulkPath::Avx512Fp16}) {
    INFO("path " << ref::bulk_path_name(p));
    if (ref::bulk_path_supported(p)) {
      ref::execute_n(add, &a, &b, nullptr, &d, 1, p);
      CHECK(d == 0x4000);
    } else {
      CHECK_THROWS_AS(ref::execute_n(add, &a, &b, nullptr, &d, 1, p), std::runtime_error);
    }
  }
  CHECK(ref::parse_bulk_path("avx512fp16") == BulkPath::Avx512Fp16);
  CHECK(ref::parse_bulk_path("avx512") == BulkPath::Avx512);
  CHECK(ref::parse_bulk_path("f16c") == BulkPath::F16c);
  CHECK(ref::parse_bulk_path("exact") == BulkPath::Exact);
  CHECK(ref::parse_bulk_path("auto") == BulkPath::Auto);
  CHECK_FALSE(ref::parse_bulk_path("sse").has_value());
}

// Under flush-to-zero and denormals-are-zero the binary32 arithmetic would lose bf16's
// subnormals (S6): execute_n sees MXCSR and takes the exact path for that call.
TEST_CASE("execute_n: under FTZ/DAZ in MXCSR the vector paths hand the call to the exact path", "[bulk]") {
  const Uop add = bf16(Op::Add);
  const uint32_t a = 0x0001, b = 0x0001;  // 2^-133 + 2^-133 = 2^-132 = 0x0002
  const unsigned saved = _mm_getcsr();
  _mm_setcsr(saved | 0x8040);
  uint32_t d[2] = {0, 0};
  bool runs_kernel = true;
  for (BulkPath p : runnable_paths()) {
    if (p != BulkPath::Exact) runs_kernel = runs_kernel && ref::bulk_path_runs_kernel(p, add);
    ref::execute_n(add, &a, &b, nullptr, &d[p == BulkPath::Exact ? 0 : 1], 1, p);
  }
  _mm_setcsr(saved);
  CHECK(d[0] == 0x0002);
  if (runnable_paths().size() > 1) {
    CHECK_FALSE(runs_kernel);
    CHECK(d[1] == 0x0002);
  }
  CHECK(ref::bulk_path_runs_kernel(BulkPath::Exact, add));
}

// execute_n16: the same kernels over 16-bit lanes (a scalar form's register a lane, a packed
// form's two side by side); every element must be ref::execute's, on every path, at every length
// around the vector width (the tail goes through its own padded block), d aliasing a.
TEST_CASE("execute_n16: 16-bit registers give execute's results, any length, d may alias an operand",
          "[bulk]") {
  std::vector<Uop> uops;
  for (Op op : {Op::Add, Op::Sub, Op::Mul, Op::Fma, Op::Neg, Op::Abs, Op::Min, Op::Max, Op::Tanh,
                Op::Ex2})
    for (Format format : {Format::F16, Format::BF16})
      for (bool packed : {false, true}) {
        const Uop u = make_uop(op, format, packed);
        uops.push_back(u);
        if (op == Op::Fma || op == Op::Mul) uops.push_back(with_relu(with_ftz(u)));
      }
  uint32_t state = 2026;
  auto random16 = [&state] {
    state = state * 1664525u + 1013904223u;
    return static_cast<uint16_t>(state >> 16);
  };
  for (BulkPath p : runnable_paths()) {
    for (const Uop& u : uops) {
      INFO("path " << ref::bulk_path_name(p) << ", op " << static_cast<int>(u.op) << ", packed "
                   << u.packed << ", format " << static_cast<int>(u.format));
      const size_t per = u.packed ? 2 : 1;
      for (size_t n = 0; n <= 40; ++n) {
        std::vector<uint16_t> a(per * n), b(per * n), c(per * n), d(per * n, 0xBEEF);
        for (size_t i = 0; i < per * n; ++i) {
          a[i] = random16();
          b[i] = random16();
          c[i] = random16();
        }
        ref::execute_n16(u, a.data(), b.data(), c.data(), d.data(), n, p);
        std::vector<uint16_t> in_place = a;
        ref::execute_n16(u, in_place.data(), b.data(), c.data(), in_place.data(), n, p);
        for (size_t i = 0; i < n; ++i) {
          auto reg = [&](const std::vector<uint16_t>& x) {
            return per == 2 ? x[2 * i] | uint32_t{x[2 * i + 1]} << 16 : uint32_t{x[i]};
          };
          const uint32_t expected = ref::execute(u, reg(a), reg(b), reg(c));
          CHECK(reg(d) == expected);
          CHECK(reg(in_place) == expected);
        }
      }
    }
  }
}

// execute_n_until_wide: the C API's call on 32-bit registers. The kernel stops at the block of
// its width holding the first register with a bit of [31:16] set; what lies before it in that
// block is computed, nothing from it on is written. Wide registers at every place of a few
// blocks and of the tail, in each operand.
TEST_CASE("execute_n_until_wide: stops at the first too-wide register, everything before it computed, "
          "nothing after written",
          "[bulk]") {
  const Uop fma = f16(Op::Fma), packed = bf16x2(Op::Add);
  for (BulkPath p : runnable_paths()) {
    INFO("path " << ref::bulk_path_name(p));
    for (size_t n : {size_t{0}, size_t{1}, size_t{37}, size_t{100}}) {
      for (size_t bad = 0; bad <= n; ++bad) {  // bad == n: none too wide
        for (int operand = 0; operand < 3; ++operand) {
          std::vector<uint32_t> x[3];
          for (int k = 0; k < 3; ++k)
            for (size_t i = 0; i < n; ++i) x[k].push_back(0x3C00 + 13 * i + 101 * k);
          if (bad < n) x[operand][bad] |= 0x10000;
          std::vector<uint32_t> d(n, 0xDEADBEEF);
          const size_t valid = ref::execute_n_until_wide(fma, x[0].data(), x[1].data(),
                                                         x[2].data(), d.data(), n, p);
          CAPTURE(n, bad, operand);
          REQUIRE(valid == bad);
          for (size_t i = 0; i < bad; ++i) CHECK(d[i] == ref::execute(fma, x[0][i], x[1][i], x[2][i]));
          for (size_t i = bad; i < n; ++i) CHECK(d[i] == 0xDEADBEEF);
        }
      }
    }
    // A packed form's registers are all 32 bits wide: nothing stops it.
    const uint32_t a[2] = {0x3F803F80, 0x40004000};
    uint32_t d[2] = {0, 0};
    CHECK(ref::execute_n_until_wide(packed, a, a, nullptr, d, 2, p) == 2);
    CHECK(d[0] == 0x40004000);  // 1 + 1 = 2 in both lanes
  }
}
