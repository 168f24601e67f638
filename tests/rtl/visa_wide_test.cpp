// vISA MIN_MAX's 32- and 64-bit types through the Verilated hp_alu: D, UD and F on pairs of
// 16-bit lanes, Q, UQ and DF on groups of four (hp_minmax's fusion, rtl/README.md "Wide
// elements"), rule by rule (S26-S29), at every Verilated lane count the type fits (Lanes 2, 4
// and 8 for 32-bit types, 4 and 8 for 64-bit ones), every element of a beat given the same
// operands. Expected values are worked out by hand from the IEEE encodings and two's complement;
// many are chosen so that only the lanes' chains decide them: slices that compare one way while
// the element compares the other, negations whose carry crosses slices, NaNs whose payload
// lies only in the lowest slice (the top slice alone reads as an infinity).
//   F:  1.0 0x3F800000  2.0 0x40000000  0.5 0x3F000000  -1.0 0xBF800000  -2.0 0xC0000000
//       +inf 0x7F800000  -inf 0xFF800000  -0 0x80000000  smallest denormal 0x00000001
//   DF: 1.0 0x3FF0'0000'0000'0000  2.0 0x4000'...  0.5 0x3FE0'...  -1.0 0xBFF0'...
//       +inf 0x7FF0'0000'0000'0000  -0 0x8000'0000'0000'0000
// The random cross-check against the reference's element-wide C++ implementation
// (model/ref/visa_minmax.cpp), 10^5 elements per type and source-modifier pair, is at the end.
#include <catch2/catch.hpp>

#include <fmt/format.h>

#include <array>
#include <cstdint>
#include <deque>
#include <iterator>
#include <random>
#include <string>
#include <vector>

#include "model/isa/visa.h"
#include "model/ref/visa_minmax.h"
#include "tb/dut_factory.h"
#include "tb/visa_beats.h"
#include "tests/rtl/support.h"

using namespace halfpipe;
using isa::visa::Type;

namespace {

// The Verilated lane counts (tb/dut.h's Depth-4 configurations) that hold the type's elements.
std::vector<int> lane_counts(Type t) {
  if (tb::visa_lanes_per_element(t) == 4) return {4, 8};
  return {2, 4, 8};
}

// `<op> (<exec>) <operands>` with every channel of one beat enabled, every element src0/src1:
// the element every group of every lane count agrees on.
uint64_t wide(const std::string& op, const std::string& operands, Type type, uint64_t src0,
              uint64_t src1) {
  const int n = tb::visa_lanes_per_element(type);
  std::vector<uint64_t> seen;
  for (int lanes : lane_counts(type)) {
    const std::string text = fmt::format("{} ({}) {}", op, lanes / n, operands);
    const auto d = isa::visa::decode_text(text, type);
    if (!d.instruction) FAIL(text << ": " << d.error);
    const auto b = tb::visa_beats(*d.instruction, 0xFFFFFFFFu, lanes);
    if (b.uops.size() != 1) FAIL(text << ": " << b.error);
    tb::InBeat in;
    in.uop_word = encode(b.uops[0]);
    in.lane_mask = b.uops[0].lane_mask;
    in.tag = 0x5A;
    for (int i = 0; i < lanes; ++i) {
      in.a[i] = static_cast<uint16_t>(src0 >> (16 * (i % n)));
      in.b[i] = static_cast<uint16_t>(src1 >> (16 * (i % n)));
      in.c[i] = 0xA5A5;  // not an operand of MIN_MAX
    }
    const tb::OutBeat out = rtl_test::one_transaction(lanes, in);
    for (int e = 0; e < lanes / n; ++e) {
      uint64_t d_element = 0;
      for (int s = 0; s < n; ++s) d_element |= uint64_t{out.result[e * n + s]} << (16 * s);
      seen.push_back(d_element);
    }
  }
  for (uint64_t v : seen) REQUIRE(v == seen[0]);
  return seen[0];
}

uint64_t vmin(Type t, uint64_t src0, uint64_t src1, const std::string& operands = "d a b") {
  return wide("MIN", operands, t, src0, src1);
}
uint64_t vmax(Type t, uint64_t src0, uint64_t src1, const std::string& operands = "d a b") {
  return wide("MAX", operands, t, src0, src1);
}

}  // namespace

// ---- S26: order ---------------------------------------------------------------------------------

TEST_CASE("S26: D orders signed across its two lanes", "[rtl][visa][wide][S26]") {
  CHECK(vmin(Type::D, 0x80000000, 0x7FFFFFFF) == 0x80000000);
  CHECK(vmax(Type::D, 0xFFFFFFFF, 0x00000001) == 0x00000001);
  // The low slices compare the other way: the high slice decides.
  CHECK(vmin(Type::D, 0x0001FFFF, 0x00020000) == 0x0001FFFF);
  CHECK(vmax(Type::D, 0x00010000, 0x0000FFFF) == 0x00010000);
  CHECK(vmin(Type::D, 0xFFFF0000, 0xFFFEFFFF) == 0xFFFEFFFF);  // -65536 > -65537
  // Equal high slices: the low slice decides, unsigned within the element.
  CHECK(vmax(Type::D, 0x12348000, 0x12347FFF) == 0x12348000);
  CHECK(vmin(Type::D, 0xFFFF8000, 0xFFFF7FFF) == 0xFFFF7FFF);
}

TEST_CASE("S26: UD orders the same bits unsigned", "[rtl][visa][wide][S26]") {
  CHECK(vmin(Type::UD, 0x80000000, 0x7FFFFFFF) == 0x7FFFFFFF);
  CHECK(vmax(Type::UD, 0xFFFFFFFF, 0x00000001) == 0xFFFFFFFF);
  CHECK(vmin(Type::UD, 0x12340000, 0x1233FFFF) == 0x1233FFFF);
  CHECK(vmax(Type::UD, 0x00000000, 0x00010000) == 0x00010000);
}

TEST_CASE("S26: Q orders signed across its four lanes", "[rtl][visa][wide][S26]") {
  CHECK(vmin(Type::Q, 0x8000000000000000, 0x7FFFFFFFFFFFFFFF) == 0x8000000000000000);
  CHECK(vmax(Type::Q, 0xFFFFFFFFFFFFFFFF, 0x0000000000000001) == 0x0000000000000001);
  CHECK(vmin(Type::Q, 0x0000000100000000, 0x00000000FFFFFFFF) == 0x00000000FFFFFFFF);
  // Only the lowest slice differs; then only the second.
  CHECK(vmax(Type::Q, 0x1234567800000002, 0x1234567800000001) == 0x1234567800000002);
  CHECK(vmin(Type::Q, 0xFFFFFFFF00010000, 0xFFFFFFFF0000FFFF) == 0xFFFFFFFF0000FFFF);
  CHECK(vmin(Type::Q, 0xFFFF000000000000, 0xFFFEFFFFFFFFFFFF) == 0xFFFEFFFFFFFFFFFF);
}

TEST_CASE("S26: UQ orders the same bits unsigned", "[rtl][visa][wide][S26]") {
  CHECK(vmin(Type::UQ, 0x8000000000000000, 0x7FFFFFFFFFFFFFFF) == 0x7FFFFFFFFFFFFFFF);
  CHECK(vmax(Type::UQ, 0xFFFFFFFFFFFFFFFF, 0x0000000000000001) == 0xFFFFFFFFFFFFFFFF);
  CHECK(vmax(Type::UQ, 0x0000FFFFFFFFFFFF, 0x0001000000000000) == 0x0001000000000000);
}

TEST_CASE("S26: F orders -0 below +0, keeps denormals, and compares across its lanes",
          "[rtl][visa][wide][S26]") {
  CHECK(vmin(Type::F, 0x00000000, 0x80000000) == 0x80000000);
  CHECK(vmax(Type::F, 0x80000000, 0x00000000) == 0x00000000);
  CHECK(vmin(Type::F, 0x00000002, 0x00000001) == 0x00000001);  // no flush
  CHECK(vmin(Type::F, 0x80000001, 0x80000000) == 0x80000001);  // -denormal < -0
  CHECK(vmin(Type::F, 0xBF800000, 0x3F000000) == 0xBF800000);  // min(-1, 0.5)
  CHECK(vmax(Type::F, 0xFF800000, 0xC0000000) == 0xC0000000);  // max(-inf, -2)
  // Equal top slices: the low slice decides, reversed for negative values.
  CHECK(vmin(Type::F, 0x3F800001, 0x3F800000) == 0x3F800000);
  CHECK(vmin(Type::F, 0xBF800001, 0xBF800000) == 0xBF800001);
  CHECK(vmax(Type::F, 0xBF800001, 0xBF800000) == 0xBF800000);
}

TEST_CASE("S26: DF orders -0 below +0, keeps denormals, and compares across its lanes",
          "[rtl][visa][wide][S26]") {
  CHECK(vmin(Type::DF, 0x0000000000000000, 0x8000000000000000) == 0x8000000000000000);
  CHECK(vmax(Type::DF, 0x8000000000000000, 0x0000000000000000) == 0x0000000000000000);
  CHECK(vmin(Type::DF, 0x4000000000000000, 0x3FE0000000000000) == 0x3FE0000000000000);
  CHECK(vmin(Type::DF, 0x0000000000000002, 0x0000000000000001) == 0x0000000000000001);
  CHECK(vmin(Type::DF, 0x3FF0000000000001, 0x3FF0000000000000) == 0x3FF0000000000000);
  CHECK(vmin(Type::DF, 0xBFF0000000000001, 0xBFF0000000000000) == 0xBFF0000000000001);
  CHECK(vmax(Type::DF, 0xFFF0000000000000, 0xC000000000000000) == 0xC000000000000000);
}

// ---- S27: source modifiers ----------------------------------------------------------------------

TEST_CASE("S27: D negates in two's complement across lanes, 0x80000000 maps to itself",
          "[rtl][visa][wide][S27]") {
  CHECK(vmin(Type::D, 0x00000005, 0x00000003, "d -a b") == 0xFFFFFFFB);  // min(-5, 3)
  // -(0x00010000): the low slice is zero, so the carry reaches the high one: 0xFFFF0000.
  CHECK(vmin(Type::D, 0x00010000, 0xFFFF0001, "d -a b") == 0xFFFF0000);
  // -(1): the low slice is not zero, so no carry: 0xFFFFFFFF.
  CHECK(vmin(Type::D, 0x00000001, 0x00000000, "d -a b") == 0xFFFFFFFF);
  CHECK(vmax(Type::D, 0x00000003, 0x00000005, "d a -b") == 0x00000003);  // max(3, -5)
  CHECK(vmax(Type::D, 0xFFFF0000, 0x0000FFFF, "d (abs)a b") == 0x00010000);  // |-65536|
  CHECK(vmax(Type::D, 0xFFFFFFFD, 0xFFFFFFF9, "d a (abs)b") == 0x00000007);  // max(-3, 7)
  CHECK(vmin(Type::D, 0x00012345, 0x00000000, "d -(abs)a b") == 0xFFFEDCBB);
  CHECK(vmax(Type::D, 0xFFFFFFFD, 0xFFFFFFFC, "d a -(abs)b") == 0xFFFFFFFD);  // max(-3, -4)
  CHECK(vmax(Type::D, 0x80000000, 0x00000000, "d -a b") == 0x00000000);  // -(-2^31) = -2^31
  CHECK(vmax(Type::D, 0x80000000, 0xFFFFFFFF, "d (abs)a b") == 0xFFFFFFFF);  // |-2^31| < -1
}

TEST_CASE("S27: UD abs is the identity and negate is modulo 2^32", "[rtl][visa][wide][S27]") {
  CHECK(vmax(Type::UD, 0x00000001, 0x00000002, "d -a b") == 0xFFFFFFFF);
  CHECK(vmin(Type::UD, 0x00010000, 0xFFFF0001, "d -a b") == 0xFFFF0000);
  CHECK(vmin(Type::UD, 0x80000000, 0x7FFFFFFF, "d (abs)a b") == 0x7FFFFFFF);
  CHECK(vmin(Type::UD, 0x00000010, 0x00000002, "d a -(abs)b") == 0x00000010);  // min(16, 2^32-2)
  CHECK(vmin(Type::UD, 0x00000005, 0x00000000, "d a -b") == 0x00000000);  // -(0) = 0
}

TEST_CASE("S27: Q negates with a carry through every zero slice, 2^63 maps to itself",
          "[rtl][visa][wide][S27]") {
  CHECK(vmin(Type::Q, 0x0001000000000000, 0xFFFF000000000001, "d -a b") == 0xFFFF000000000000);
  CHECK(vmin(Type::Q, 0x0000000000010000, 0x0000000000000000, "d -a b") == 0xFFFFFFFFFFFF0000);
  CHECK(vmin(Type::Q, 0x0000000000000001, 0x0000000000000000, "d -a b") == 0xFFFFFFFFFFFFFFFF);
  CHECK(vmax(Type::Q, 0xFFFFFFFF00000000, 0x00000000FFFFFFFF, "d (abs)a b") == 0x0000000100000000);
  CHECK(vmax(Type::Q, 0x8000000000000000, 0xFFFFFFFFFFFFFFFF, "d (abs)a b") == 0xFFFFFFFFFFFFFFFF);
  CHECK(vmax(Type::Q, 0x8000000000000000, 0x0000000000000000, "d -a b") == 0x0000000000000000);
  CHECK(vmin(Type::Q, 0x0000000000000002, 0x0000000100000000, "d a -(abs)b") == 0xFFFFFFFF00000000);
}

TEST_CASE("S27: UQ abs is the identity and negate is modulo 2^64", "[rtl][visa][wide][S27]") {
  CHECK(vmax(Type::UQ, 0x0000000000000001, 0x0000000000000002, "d -a b") == 0xFFFFFFFFFFFFFFFF);
  CHECK(vmin(Type::UQ, 0x8000000000000000, 0x7FFFFFFFFFFFFFFF, "d (abs)a b") == 0x7FFFFFFFFFFFFFFF);
  CHECK(vmin(Type::UQ, 0x0000000000000010, 0x0000000000010000, "d a -(abs)b") == 0x0000000000000010);
}

TEST_CASE("S27: F and DF modifiers are sign-bit operations, payloads and denormals kept",
          "[rtl][visa][wide][S27]") {
  CHECK(vmin(Type::F, 0x3F800000, 0x3F000000, "d -a b") == 0xBF800000);     // min(-1, 0.5)
  CHECK(vmax(Type::F, 0xC0000000, 0x3F800000, "d (abs)a b") == 0x40000000);  // max(2, 1)
  CHECK(vmax(Type::F, 0x40000000, 0xBF800000, "d -(abs)a b") == 0xBF800000);  // max(-2, -1)
  CHECK(vmin(Type::F, 0x80000001, 0x3F800000, "d (abs)a b") == 0x00000001);
  CHECK(vmax(Type::F, 0x00000000, 0x80000000, "d -a (abs)b") == 0x00000000);  // max(-0, +0)
  CHECK(vmax(Type::F, 0x7FC00001, 0x3F800000, "d -a -b") == 0xBF800000);   // the other, modified
  CHECK(vmin(Type::DF, 0x3FF0000000000000, 0x3FE0000000000000, "d -a b") == 0xBFF0000000000000);
  CHECK(vmax(Type::DF, 0xC000000000000000, 0x3FF0000000000000, "d (abs)a b") == 0x4000000000000000);
  CHECK(vmax(Type::DF, 0x4000000000000000, 0xBFF0000000000000, "d -(abs)a b") == 0xBFF0000000000000);
  CHECK(vmin(Type::DF, 0x8000000000000001, 0x3FF0000000000000, "d (abs)a b") == 0x0000000000000001);
}

// ---- S28: NaNs ----------------------------------------------------------------------------------

TEST_CASE("S28: F and DF: one NaN returns the other operand, a payload in the lowest slice "
          "makes a NaN",
          "[rtl][visa][wide][S28]") {
  // 0x7F800001 and 0x7FF0000000000001: the top slice alone reads as +infinity.
  CHECK(vmax(Type::F, 0x7F800001, 0x3F800000) == 0x3F800000);
  CHECK(vmax(Type::F, 0x3F800000, 0x7F800001) == 0x3F800000);
  CHECK(vmax(Type::F, 0xFF800001, 0xFF800000) == 0xFF800000);
  CHECK(vmin(Type::F, 0x7FC00000, 0x80000000) == 0x80000000);
  CHECK(vmax(Type::F, 0x7F800000, 0x3F800000) == 0x7F800000);  // infinity is no NaN
  CHECK(vmax(Type::DF, 0x7FF0000000000001, 0x3FF0000000000000) == 0x3FF0000000000000);
  CHECK(vmin(Type::DF, 0x3FF0000000000000, 0xFFF0000000010000) == 0x3FF0000000000000);
  CHECK(vmax(Type::DF, 0x7FF0000000000000, 0x3FF0000000000000) == 0x7FF0000000000000);
}

TEST_CASE("S28: F and DF: two NaNs return src1 after its modifier, payload kept",
          "[rtl][visa][wide][S28]") {
  CHECK(vmin(Type::F, 0x7FC00001, 0xFF800001) == 0xFF800001);
  CHECK(vmax(Type::F, 0xFF800001, 0x7FC00001) == 0x7FC00001);
  CHECK(vmin(Type::F, 0x7FC00001, 0x7F800001, "d a -b") == 0xFF800001);
  CHECK(vmax(Type::F, 0x7FC00001, 0xFF800001, "d a (abs)b") == 0x7F800001);
  CHECK(vmin(Type::DF, 0x7FF8000000000000, 0xFFF0000000000001) == 0xFFF0000000000001);
  CHECK(vmin(Type::DF, 0x7FF8000000000000, 0x7FF0000000000001, "d a -b") == 0xFFF0000000000001);
  CHECK(vmax(Type::DF, 0xFFF0000000000001, 0x7FF0000100000000, "d -(abs)a b") == 0x7FF0000100000000);
}

TEST_CASE("S28 applies to F and DF only: the same bits as D, UD, Q, UQ are numbers",
          "[rtl][visa][wide][S28]") {
  CHECK(vmax(Type::D, 0x7F800001, 0x3F800000) == 0x7F800001);
  CHECK(vmax(Type::UD, 0x7FC00001, 0xFF800001) == 0xFF800001);
  CHECK(vmax(Type::D, 0x7FC00001, 0xFF800001) == 0x7FC00001);  // F would return src1
  CHECK(vmax(Type::Q, 0x7FF0000000000001, 0x3FF0000000000000) == 0x7FF0000000000001);
  CHECK(vmin(Type::UQ, 0x7FF8000000000000, 0xFFF0000000000001) == 0x7FF8000000000000);
}

// ---- S29: .sat ----------------------------------------------------------------------------------

TEST_CASE("S29: MIN_MAX.sat on F clamps to [+0, 1] as S12: NaN -> +0, > 1 -> 1.0",
          "[rtl][visa][wide][S29]") {
  CHECK(wide("MAX.sat", "d a b", Type::F, 0x40000000, 0x3F800000) == 0x3F800000);  // 2 -> 1
  CHECK(wide("MAX.sat", "d a b", Type::F, 0x3F800001, 0x00000000) == 0x3F800000);  // 1+ulp -> 1
  CHECK(wide("MAX.sat", "d a b", Type::F, 0x3F800000, 0x00000000) == 0x3F800000);  // 1 kept
  CHECK(wide("MAX.sat", "d a b", Type::F, 0x3F7FFFFF, 0x00000000) == 0x3F7FFFFF);  // 1-ulp kept
  CHECK(wide("MIN.sat", "d a b", Type::F, 0x3F000000, 0x3F800000) == 0x3F000000);  // 0.5 kept
  CHECK(wide("MIN.sat", "d a b", Type::F, 0xBF800000, 0x3F800000) == 0x00000000);  // -1 -> +0
  CHECK(wide("MIN.sat", "d a b", Type::F, 0x00000000, 0x80000000) == 0x00000000);  // -0 -> +0
  // Two NaNs return src1, a positive NaN whose payload is in the low slice alone: +0, not 1.0.
  CHECK(wide("MIN.sat", "d a b", Type::F, 0x7FC00000, 0x7F800001) == 0x00000000);
  CHECK(wide("MAX.sat", "d a b", Type::F, 0x7FC00001, 0x7F800000) == 0x3F800000);  // +inf -> 1
  CHECK(wide("MAX.sat", "d a b", Type::F, 0x00000001, 0x80000000) == 0x00000001);  // denormal
  CHECK(wide("MAX.sat", "d -a b", Type::F, 0xBF800001, 0x00000000) == 0x3F800000);  // -(-1-ulp)
}

TEST_CASE("S29: MIN_MAX.sat on DF clamps to [+0, 1] as S12", "[rtl][visa][wide][S29]") {
  CHECK(wide("MAX.sat", "d a b", Type::DF, 0x4000000000000000, 0x3FF0000000000000) == 0x3FF0000000000000);
  CHECK(wide("MAX.sat", "d a b", Type::DF, 0x3FF0000000000001, 0x0000000000000000) == 0x3FF0000000000000);
  CHECK(wide("MAX.sat", "d a b", Type::DF, 0x3FEFFFFFFFFFFFFF, 0x0000000000000000) == 0x3FEFFFFFFFFFFFFF);
  CHECK(wide("MIN.sat", "d a b", Type::DF, 0xBFF0000000000000, 0x3FF0000000000000) == 0x0000000000000000);
  CHECK(wide("MIN.sat", "d a b", Type::DF, 0x0000000000000000, 0x8000000000000000) == 0x0000000000000000);
  CHECK(wide("MIN.sat", "d a b", Type::DF, 0x7FF8000000000000, 0x7FF0000000000001) == 0x0000000000000000);
  CHECK(wide("MAX.sat", "d a b", Type::DF, 0x7FF0000000000001, 0x7FF0000000000000) == 0x3FF0000000000000);
  CHECK(wide("MIN.sat", "d a b", Type::DF, 0x3FE0000000000000, 0x3FF0000000000000) == 0x3FE0000000000000);
}

TEST_CASE("S29: MIN_MAX.sat on D, UD, Q, UQ changes nothing", "[rtl][visa][wide][S29]") {
  CHECK(wide("MAX.sat", "d a b", Type::D, 0x7FFFFFFF, 0x00000001) == 0x7FFFFFFF);
  CHECK(wide("MIN.sat", "d a b", Type::D, 0x80000000, 0x00000000) == 0x80000000);
  CHECK(wide("MAX.sat", "d a b", Type::UD, 0x3F800001, 0x00000000) == 0x3F800001);
  CHECK(wide("MIN.sat", "d a b", Type::Q, 0xFFFFFFFFFFFFFFFF, 0x0000000000000000) == 0xFFFFFFFFFFFFFFFF);
  CHECK(wide("MAX.sat", "d a b", Type::UQ, 0x3FF0000000000001, 0x0000000000000000) == 0x3FF0000000000001);
  CHECK(wide("MAX.sat", "d -a b", Type::Q, 0x0000000000000005, 0xFFFFFFFFFFFFFFFE) == 0xFFFFFFFFFFFFFFFE);
}

// ---- Lanes --------------------------------------------------------------------------------------

TEST_CASE("S25: elements of one beat are independent, and a disabled channel's lanes read zero",
          "[rtl][visa][wide][S25]") {
  // Lanes=8, F: four elements; channels 0, 1, 3 enabled. Each element's NaN, sign or compare
  // must not reach its neighbour's lanes: element 0 (NaN, 1.0) -> 1.0; element 1 (-0, +0) ->
  // -0; element 2 disabled; element 3 (0x0000FFFF, 0x00010000) -> 0x0000FFFF.
  const auto d = isa::visa::decode_text("MIN (4) d a b", Type::F);
  REQUIRE(d.instruction);
  const auto b = tb::visa_beats(*d.instruction, 0b1011, 8);
  REQUIRE(b.uops.size() == 1);
  CHECK(b.uops[0].lane_mask == 0xCF);
  const uint32_t src0[] = {0x7F800001, 0x80000000, 0x12345678, 0x0000FFFF};
  const uint32_t src1[] = {0x3F800000, 0x00000000, 0x87654321, 0x00010000};
  const uint32_t want[] = {0x3F800000, 0x80000000, 0x00000000, 0x0000FFFF};
  tb::InBeat in;
  in.uop_word = encode(b.uops[0]);
  in.lane_mask = b.uops[0].lane_mask;
  in.tag = 7;
  for (int e = 0; e < 4; ++e) {
    for (int s = 0; s < 2; ++s) {
      in.a[2 * e + s] = static_cast<uint16_t>(src0[e] >> (16 * s));
      in.b[2 * e + s] = static_cast<uint16_t>(src1[e] >> (16 * s));
    }
  }
  const tb::OutBeat out = rtl_test::one_transaction(8, in);
  for (int e = 0; e < 4; ++e) {
    CAPTURE(e);
    CHECK((out.result[2 * e] | uint32_t{out.result[2 * e + 1]} << 16) == want[e]);
  }
}

// ---- Random cross-check against the reference ---------------------------------------------------

namespace {

// Elements that reach the rules' corners and the chains' cases often: corners of the type
// (zeros, extremes, infinities, NaNs whose payload is in one slice, 1.0 and its neighbours,
// slice boundaries), elements with zero slices (negation carries), and, for src1, src0 with one
// slice changed (equal upper slices, so the lower ones decide); otherwise uniform bits.
uint64_t corner(Type t, uint64_t r) {
  const bool df = t == Type::DF || t == Type::Q || t == Type::UQ;
  static constexpr uint64_t k32[] = {
      0x00000000, 0x80000000, 0x00000001, 0x80000001, 0x7FFFFFFF, 0xFFFFFFFF, 0x00010000,
      0x0000FFFF, 0xFFFF0000, 0x3F800000, 0x3F800001, 0x3F7FFFFF, 0xBF800000, 0x7F800000,
      0xFF800000, 0x7F800001, 0xFF800001, 0x7FC00000, 0x7F810000, 0x007FFFFF, 0x00800000};
  static constexpr uint64_t k64[] = {
      0x0000000000000000, 0x8000000000000000, 0x0000000000000001, 0x8000000000000001,
      0x7FFFFFFFFFFFFFFF, 0xFFFFFFFFFFFFFFFF, 0x0000000100000000, 0x00000000FFFFFFFF,
      0x0001000000000000, 0x0000000000010000, 0x3FF0000000000000, 0x3FF0000000000001,
      0x3FEFFFFFFFFFFFFF, 0xBFF0000000000000, 0x7FF0000000000000, 0xFFF0000000000000,
      0x7FF0000000000001, 0xFFF0000000010000, 0x7FF8000000000000, 0x7FF0000100000000,
      0x000FFFFFFFFFFFFF, 0x0010000000000000};
  return df ? k64[r % std::size(k64)] : k32[r % std::size(k32)];
}

uint64_t element(Type t, std::mt19937_64& random) {
  const int bits = ref::traits(t).bits;
  const uint64_t mask = ref::element_mask(bits);
  const uint64_t r = random();
  switch (r % 4) {
    case 0: return corner(t, r >> 8);
    case 1: {  // some slices zero
      uint64_t x = random() & mask;
      for (int s = 0; s < bits / 16; ++s)
        if ((r >> (8 + s)) & 1) x &= ~(uint64_t{0xFFFF} << (16 * s));
      return x;
    }
    default: return random() & mask;
  }
}

uint64_t near(Type t, uint64_t x, std::mt19937_64& random) {
  const int slices = ref::traits(t).bits / 16;
  const uint64_t r = random();
  const int s = static_cast<int>(r % slices);
  const uint64_t slice = (r >> 8) & 1 ? (x >> (16 * s)) ^ 1 : (r >> 16);
  return (x & ~(uint64_t{0xFFFF} << (16 * s))) | ((slice & 0xFFFF) << (16 * s));
}

// `transactions` beats of random MIN/MAX (.sat a quarter of the time) at Lanes=8 with the given
// modifiers, every element of every enabled channel compared with the reference; returns the
// elements compared.
uint64_t cross_check(tb::Dut& dut, Type type, SourceModifier m0, SourceModifier m1,
                     uint64_t elements, std::mt19937_64& random) {
  constexpr int kLanes = 8;
  const int n = tb::visa_lanes_per_element(type);
  const int per_beat = kLanes / n;
  struct Expected {
    uint32_t tag;
    Uop uop;
    std::array<uint64_t, kLanes> src0, src1, result;
  };
  std::deque<Expected> pending;
  uint64_t sent = 0, compared = 0, mismatches = 0;
  bool done_sending = false;
  tb::InBeat in;
  Expected next{};
  auto prepare = [&] {
    Uop u;
    u.op = (random() & 1) ? Op::Max : Op::Min;
    u.format = *tb::visa_uop_format(type);
    u.nan_policy = NanPolicy::VisaSrc1;
    u.sat = (random() % 4) == 0;
    u.src0_mod = m0;
    u.src1_mod = m1;
    // Mostly every channel, so that enabled elements dominate; an eighth random channel masks.
    const uint32_t channels = (random() % 8) ? 0xFFu : static_cast<uint32_t>(random());
    u.lane_mask = 0;
    for (int e = 0; e < per_beat; ++e)
      if ((channels >> e) & 1u) u.lane_mask |= static_cast<uint32_t>(ref::element_mask(n)) << (e * n);
    next.tag = static_cast<uint32_t>(sent & 0xFF);
    next.uop = u;
    in.uop_word = encode(u);
    in.lane_mask = u.lane_mask;
    in.tag = next.tag;
    const VisaMinMax m{u.op == Op::Max, type, u.sat, m0, m1};
    for (int e = 0; e < per_beat; ++e) {
      next.src0[e] = element(type, random);
      next.src1[e] = (random() % 4) ? element(type, random) : near(type, next.src0[e], random);
      next.result[e] = ref::visa_minmax_element(m, next.src0[e], next.src1[e]);
      for (int s = 0; s < n; ++s) {
        in.a[e * n + s] = static_cast<uint16_t>(next.src0[e] >> (16 * s));
        in.b[e * n + s] = static_cast<uint16_t>(next.src1[e] >> (16 * s));
        in.c[e * n + s] = static_cast<uint16_t>(random());
      }
    }
  };
  prepare();
  tb::OutBeat out;
  for (uint64_t cycle = 0; !(done_sending && pending.empty()); ++cycle) {
    REQUIRE(cycle < 4 * elements + 100);
    const tb::CycleResult r = dut.cycle(!done_sending, in, true, out);
    if (r.consumed) {
      REQUIRE(!pending.empty());
      const Expected e = pending.front();
      pending.pop_front();
      REQUIRE(out.tag == e.tag);
      for (int k = 0; k < per_beat; ++k) {
        const bool enabled = (e.uop.lane_mask >> (k * n)) & 1u;
        uint64_t got = 0;
        for (int s = 0; s < n; ++s) got |= uint64_t{out.result[k * n + s]} << (16 * s);
        const uint64_t want = enabled ? e.result[k] : 0;
        compared += enabled;
        if (got != want && ++mismatches <= 5) {
          FAIL_CHECK(fmt::format("{}{} element {} mask {:#x}: src0 {:#x} src1 {:#x} -> rtl {:#x}, "
                                 "ref {:#x}",
                                 e.uop.op == Op::Max ? "max" : "min", e.uop.sat ? ".sat" : "", k,
                                 e.uop.lane_mask, e.src0[k], e.src1[k], got, want));
        }
      }
    }
    if (!done_sending && r.accepted) {
      pending.push_back(next);
      ++sent;
      // Enough beats for `elements` enabled elements at the usual density, with a margin.
      if (sent * per_beat >= elements + elements / 4) {
        done_sending = true;
      } else {
        prepare();
      }
    }
  }
  CHECK(mismatches == 0);
  return compared;
}

void cross_check_all(uint64_t elements, uint64_t seed) {
  const SourceModifier mods[] = {{false, false}, {true, false}, {false, true}, {true, true}};
  auto dut = tb::make_dut(8, 4);
  std::mt19937_64 random(seed);
  for (Type type : {Type::D, Type::UD, Type::F, Type::Q, Type::UQ, Type::DF}) {
    for (SourceModifier m0 : mods) {
      for (SourceModifier m1 : mods) {
        CAPTURE(ref::traits(type).name, m0.neg, m0.abs, m1.neg, m1.abs);
        CHECK(cross_check(*dut, type, m0, m1, elements, random) >= elements);
      }
    }
  }
}

}  // namespace

// About 7 CPU seconds (3.6 million beats at Lanes=8): in the default suite.
TEST_CASE("S26-S29: the RTL matches ref::visa_minmax_element on 10^5 random elements per wide "
          "type and source-modifier pair (Lanes=8)",
          "[rtl][visa][wide][random]") {
  cross_check_all(100'000, 0x7157D);
}
