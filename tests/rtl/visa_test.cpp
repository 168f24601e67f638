// vISA MIN_MAX through the Verilated hp_alu: the Uops of the vISA front-end (model/isa/visa.h,
// beats()) on the one min/max unit, rule by rule (S26-S29) for each type the RTL executes (HF, W,
// UW, B, UB), at Lanes 2 and 4. Expected values are worked out by hand from the IEEE encodings and
// two's complement; the random cross-check compares with the reference's separate C++
// implementation (model/ref/visa_minmax.cpp).
//   HF: 1.0 0x3C00  2.0 0x4000  0.5 0x3800  -1.0 0xBC00  -2.0 0xC000  -0.5 0xB800
//       -inf 0xFC00  smallest subnormal 0x0001  NaNs 0x7E01, 0xFD55, 0x7C01 (payloads)
//   W: 0x8000 = -32768  0x7FFF = 32767  0xFFFF = -1;  B (low byte): 0x80 = -128  0xFF = -1
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

constexpr int kLaneCounts[] = {2, 4};

// The Uop of `<op> (<lanes>) <operands>` for a vISA type, every channel enabled: one beat.
Uop visa_uop(const std::string& op, const std::string& operands, Type type, int lanes) {
  const std::string text = fmt::format("{} ({}) {}", op, lanes, operands);
  const auto d = isa::visa::decode_text(text, type);
  if (!d.instruction) FAIL(text << ": " << d.error);
  const auto b = tb::visa_beats(*d.instruction, 0xFFFFFFFFu, lanes);
  if (b.uops.size() != 1) FAIL(text << ": " << b.error);
  return b.uops[0];
}

// One transaction through a fresh unit; the result of every lane.
std::vector<uint16_t> run(int lanes, const Uop& u, const std::vector<uint16_t>& src0,
                          const std::vector<uint16_t>& src1) {
  tb::InBeat in;
  in.uop_word = encode(u);
  in.lane_mask = u.lane_mask;
  in.tag = 0x3C;
  for (int i = 0; i < lanes; ++i) {
    in.a[i] = src0[i];
    in.b[i] = src1[i];
    in.c[i] = 0xA5A5;  // not an operand of MIN_MAX
  }
  const tb::OutBeat out = rtl_test::one_transaction(lanes, in);
  return {out.result.begin(), out.result.begin() + lanes};
}

// `<op> (<lanes>) <operands>` with src0 and src1 in every lane, at Lanes 2 and 4: the value all
// of them agree on (S2: every lane computes the same Uop).
uint16_t visa(const std::string& op, const std::string& operands, Type type, uint16_t src0,
              uint16_t src1) {
  std::vector<uint16_t> seen;
  for (int lanes : kLaneCounts) {
    const auto r = run(lanes, visa_uop(op, operands, type, lanes),
                       std::vector<uint16_t>(lanes, src0), std::vector<uint16_t>(lanes, src1));
    seen.insert(seen.end(), r.begin(), r.end());
  }
  for (uint16_t v : seen) REQUIRE(v == seen[0]);
  return seen[0];
}

uint16_t vmin(Type t, uint16_t src0, uint16_t src1, const std::string& operands = "d a b") {
  return visa("MIN", operands, t, src0, src1);
}
uint16_t vmax(Type t, uint16_t src0, uint16_t src1, const std::string& operands = "d a b") {
  return visa("MAX", operands, t, src0, src1);
}

}  // namespace

// ---- S26: order ---------------------------------------------------------------------------------

TEST_CASE("S26: HF orders -0 below +0 and keeps denormals", "[rtl][visa][S26]") {
  CHECK(vmin(Type::HF, 0x0000, 0x8000) == 0x8000);
  CHECK(vmin(Type::HF, 0x8000, 0x0000) == 0x8000);
  CHECK(vmax(Type::HF, 0x8000, 0x0000) == 0x0000);
  CHECK(vmax(Type::HF, 0x0000, 0x8000) == 0x0000);
  CHECK(vmin(Type::HF, 0x0002, 0x0001) == 0x0001);  // no flush: 2^-23 vs 2^-24
  CHECK(vmax(Type::HF, 0x8001, 0x0000) == 0x0000);
  CHECK(vmin(Type::HF, 0x8001, 0x8000) == 0x8001);  // -2^-24 < -0
  CHECK(vmin(Type::HF, 0xBC00, 0x3800) == 0xBC00);
  CHECK(vmax(Type::HF, 0xFC00, 0xC000) == 0xC000);
}

TEST_CASE("S26: W orders signed, UW the same bits unsigned", "[rtl][visa][S26]") {
  CHECK(vmin(Type::W, 0x8000, 0x7FFF) == 0x8000);
  CHECK(vmax(Type::W, 0xFFFF, 0x0001) == 0x0001);
  CHECK(vmin(Type::W, 0xFFFE, 0xFFFF) == 0xFFFE);
  CHECK(vmin(Type::UW, 0x8000, 0x7FFF) == 0x7FFF);
  CHECK(vmax(Type::UW, 0xFFFF, 0x0001) == 0xFFFF);
  CHECK(vmax(Type::UW, 0x0000, 0x0001) == 0x0001);
}

TEST_CASE("S26: B and UB compare the low byte only and give a zero high byte", "[rtl][visa][S26]") {
  // The high bytes are junk that would reverse a 16-bit compare.
  CHECK(vmin(Type::B, 0x1280, 0xAB7F) == 0x0080);  // -128 < 127
  CHECK(vmax(Type::B, 0x1280, 0xAB7F) == 0x007F);
  CHECK(vmin(Type::UB, 0x1280, 0xAB7F) == 0x007F);  // 128 > 127
  CHECK(vmax(Type::UB, 0x1280, 0xAB7F) == 0x0080);
  CHECK(vmin(Type::B, 0x01FF, 0xFF00) == 0x00FF);  // -1 < 0
  CHECK(vmax(Type::UB, 0x01FF, 0xFF00) == 0x00FF);  // 255 > 0
  CHECK(vmax(Type::B, 0xFF05, 0xFF05) == 0x0005);  // equal elements: the element, high byte 0
}

// ---- S27: source modifiers ----------------------------------------------------------------------

TEST_CASE("S27: HF -, (abs), -(abs) on each source flip or clear the sign before the compare",
          "[rtl][visa][S27]") {
  CHECK(vmin(Type::HF, 0x3C00, 0x3800, "d -a b") == 0xBC00);        // min(-1, 0.5)
  CHECK(vmax(Type::HF, 0x3800, 0xC000, "d a -b") == 0x4000);        // max(0.5, 2)
  CHECK(vmax(Type::HF, 0xC000, 0x3C00, "d (abs)a b") == 0x4000);    // max(2, 1)
  CHECK(vmin(Type::HF, 0x3C00, 0xB800, "d a (abs)b") == 0x3800);    // min(1, 0.5)
  CHECK(vmax(Type::HF, 0x4000, 0xBC00, "d -(abs)a b") == 0xBC00);   // max(-2, -1)
  CHECK(vmin(Type::HF, 0x3C00, 0xB800, "d a -(abs)b") == 0xB800);   // min(1, -0.5)
  CHECK(vmax(Type::HF, 0x0000, 0x8000, "d -a (abs)b") == 0x0000);   // max(-0, +0)
  CHECK(vmin(Type::HF, 0x8001, 0x3C00, "d (abs)a b") == 0x0001);    // a denormal keeps its bits
}

TEST_CASE("S27: W negates and takes abs in two's complement, 0x8000 maps to itself",
          "[rtl][visa][S27]") {
  CHECK(vmin(Type::W, 0x0005, 0x0003, "d -a b") == 0xFFFB);         // min(-5, 3)
  CHECK(vmax(Type::W, 0x0003, 0x0005, "d a -b") == 0x0003);         // max(3, -5)
  CHECK(vmax(Type::W, 0xFFFD, 0xFFF9, "d a (abs)b") == 0x0007);     // max(-3, 7)
  CHECK(vmin(Type::W, 0xFFF9, 0x0005, "d (abs)a b") == 0x0005);     // min(7, 5)
  CHECK(vmin(Type::W, 0xFFFC, 0xFFFD, "d -(abs)a b") == 0xFFFC);    // min(-4, -3)
  CHECK(vmax(Type::W, 0xFFFD, 0x0004, "d a -(abs)b") == 0xFFFD);    // max(-3, -4)
  CHECK(vmax(Type::W, 0x8000, 0x0000, "d -a b") == 0x0000);         // -(-32768) = -32768 < 0
  CHECK(vmax(Type::W, 0x8000, 0xFFFF, "d (abs)a b") == 0xFFFF);     // |-32768| = -32768 < -1
  CHECK(vmin(Type::W, 0x0000, 0x8000, "d a -(abs)b") == 0x8000);
}

TEST_CASE("S27: UW abs is the identity and negate is modulo 2^16", "[rtl][visa][S27]") {
  CHECK(vmax(Type::UW, 0x0001, 0x0002, "d -a b") == 0xFFFF);        // -(1) = 65535
  CHECK(vmin(Type::UW, 0x0002, 0x0001, "d a -b") == 0x0002);        // min(2, 65535)
  CHECK(vmin(Type::UW, 0x8000, 0x7FFF, "d (abs)a b") == 0x7FFF);
  CHECK(vmax(Type::UW, 0x0001, 0xFFFF, "d a (abs)b") == 0xFFFF);
  CHECK(vmin(Type::UW, 0x0002, 0xFFFF, "d -(abs)a b") == 0xFFFE);
  CHECK(vmin(Type::UW, 0x0005, 0x0000, "d a -b") == 0x0000);        // -(0) = 0
}

TEST_CASE("S27: B modifies the low byte, 0x80 maps to itself, high byte ignored",
          "[rtl][visa][S27]") {
  CHECK(vmin(Type::B, 0x5A03, 0xA505, "d a -b") == 0x00FB);         // min(3, -5)
  CHECK(vmax(Type::B, 0x7780, 0x1100, "d -a b") == 0x0000);         // -(-128) = -128 < 0
  CHECK(vmax(Type::B, 0x7780, 0x11FF, "d (abs)a b") == 0x00FF);     // |-128| = -128 < -1
  CHECK(vmax(Type::B, 0x00FD, 0xFF01, "d a (abs)b") == 0x0001);     // max(-3, 1)
  CHECK(vmin(Type::B, 0xEE04, 0x00FD, "d -(abs)a b") == 0x00FC);    // min(-4, -3)
  CHECK(vmin(Type::B, 0x0002, 0x8001, "d a -(abs)b") == 0x00FF);    // min(2, -1)
}

TEST_CASE("S27: UB abs is the identity and negate is modulo 2^8", "[rtl][visa][S27]") {
  CHECK(vmax(Type::UB, 0xAA01, 0xBB02, "d -a b") == 0x00FF);        // -(1) = 255
  CHECK(vmin(Type::UB, 0x0180, 0x027F, "d (abs)a b") == 0x007F);
  CHECK(vmin(Type::UB, 0x0010, 0x0302, "d a -(abs)b") == 0x0010);   // min(16, 254)
  CHECK(vmax(Type::UB, 0x0010, 0x03F0, "d a -b") == 0x0010);        // max(16, 16)
}

// ---- S28: NaNs ----------------------------------------------------------------------------------

TEST_CASE("S28: one NaN on either side returns the other operand unchanged", "[rtl][visa][S28]") {
  CHECK(vmin(Type::HF, 0x7E01, 0x3C00) == 0x3C00);
  CHECK(vmin(Type::HF, 0x3C00, 0xFE01) == 0x3C00);
  CHECK(vmax(Type::HF, 0x7C01, 0xFC00) == 0xFC00);
  CHECK(vmax(Type::HF, 0x8000, 0x7D55) == 0x8000);
  CHECK(vmin(Type::HF, 0x0001, 0xFD55) == 0x0001);
  CHECK(vmax(Type::HF, 0x7E01, 0x3C00, "d -a -b") == 0xBC00);  // the other operand, modified
}

TEST_CASE("S28: two NaNs return src1 after its modifier, payload kept, never canonical",
          "[rtl][visa][S28]") {
  CHECK(vmin(Type::HF, 0x7E01, 0xFD55) == 0xFD55);
  CHECK(vmax(Type::HF, 0x7E01, 0xFD55) == 0xFD55);
  CHECK(vmax(Type::HF, 0xFD55, 0x7C01) == 0x7C01);
  CHECK(vmin(Type::HF, 0x7E01, 0x7D55, "d a -b") == 0xFD55);
  CHECK(vmax(Type::HF, 0x7E01, 0xFD55, "d a (abs)b") == 0x7D55);
  CHECK(vmin(Type::HF, 0x7E01, 0x7D55, "d a -(abs)b") == 0xFD55);
  CHECK(vmin(Type::HF, 0x7E01, 0xFD55, "d -(abs)a b") == 0xFD55);  // src0's modifier is moot
}

TEST_CASE("S28 applies to HF only: integer bit patterns of NaNs are ordinary numbers",
          "[rtl][visa][S28]") {
  CHECK(vmin(Type::W, 0x7E01, 0x3C00) == 0x3C00);
  CHECK(vmax(Type::UW, 0x7E01, 0xFD55) == 0xFD55);
  CHECK(vmax(Type::W, 0x7E01, 0xFD55) == 0x7E01);  // HF would return src1
}

// ---- S29: .sat ----------------------------------------------------------------------------------

TEST_CASE("S29: MIN_MAX.sat on HF clamps to [+0, 1] as S12: NaN -> +0, > 1 -> 1.0",
          "[rtl][visa][S29]") {
  CHECK(visa("MAX.sat", "d a b", Type::HF, 0x4000, 0x3C00) == 0x3C00);    // 2 -> 1
  CHECK(visa("MIN.sat", "d a b", Type::HF, 0x3800, 0x3C00) == 0x3800);    // 0.5 kept
  CHECK(visa("MIN.sat", "d a b", Type::HF, 0xBC00, 0x3C00) == 0x0000);    // -1 -> +0
  CHECK(visa("MIN.sat", "d a b", Type::HF, 0x0000, 0x8000) == 0x0000);    // -0 -> +0
  CHECK(visa("MIN.sat", "d a b", Type::HF, 0x7E01, 0xFD55) == 0x0000);    // NaN -> +0
  CHECK(visa("MAX.sat", "d a b", Type::HF, 0x7E01, 0x7C00) == 0x3C00);    // +inf -> 1
  CHECK(visa("MAX.sat", "d a b", Type::HF, 0x0001, 0x8000) == 0x0001);    // denormal kept
}

TEST_CASE("S29: MIN_MAX.sat on W, UW, B, UB changes nothing", "[rtl][visa][S29]") {
  CHECK(visa("MAX.sat", "d a b", Type::W, 0x7000, 0x0001) == 0x7000);
  CHECK(visa("MIN.sat", "d a b", Type::W, 0xFFFF, 0x0000) == 0xFFFF);
  CHECK(visa("MIN.sat", "d a b", Type::W, 0x8000, 0x3C00) == 0x8000);
  CHECK(visa("MAX.sat", "d a b", Type::UW, 0xFFFF, 0x0000) == 0xFFFF);
  CHECK(visa("MAX.sat", "d a b", Type::UW, 0x3C01, 0x0000) == 0x3C01);
  CHECK(visa("MIN.sat", "d a b", Type::B, 0x0080, 0x0001) == 0x0080);
  CHECK(visa("MAX.sat", "d a b", Type::UB, 0x00FF, 0x0001) == 0x00FF);
  CHECK(visa("MAX.sat", "d -a b", Type::B, 0x0005, 0x00FE) == 0x00FE);   // max(-5, -2)
}

// ---- Lanes --------------------------------------------------------------------------------------

TEST_CASE("S25: a disabled channel's lane reads zero at the ALU output", "[rtl][visa][S25]") {
  for (int lanes : kLaneCounts) {
    CAPTURE(lanes);
    const std::string text = fmt::format("MAX ({}) d a b", lanes);
    const auto d = isa::visa::decode_text(text, Type::W);
    REQUIRE(d.instruction);
    const auto b = tb::visa_beats(*d.instruction, 0b0101, lanes);  // channels 0 and 2
    REQUIRE(b.uops.size() == 1);
    std::vector<uint16_t> src0(lanes), src1(lanes);
    for (int i = 0; i < lanes; ++i) {
      src0[i] = static_cast<uint16_t>(0x1000 + i);
      src1[i] = 0xFFFF;  // -1
    }
    const auto r = run(lanes, b.uops[0], src0, src1);
    for (int i = 0; i < lanes; ++i) {
      CAPTURE(i);
      CHECK(r[i] == ((i == 0 || i == 2) ? 0x1000 + i : 0));
    }
  }
}

// ---- Random cross-check against the reference ---------------------------------------------------

namespace {

// Operands that reach the rules' corners often: zeros, extremes, NaNs, denormals, and junk high
// bytes for B/UB; otherwise uniform bits.
uint16_t operand(std::mt19937_64& random) {
  static constexpr uint16_t kCorners[] = {
      0x0000, 0x8000, 0x0001, 0x8001, 0x7FFF, 0xFFFF, 0x0080, 0x007F, 0x00FF, 0xAB80,
      0x3C00, 0xBC00, 0x7C00, 0xFC00, 0x7C01, 0xFE00, 0x7E01, 0x03FF, 0x83FF, 0x0400};
  const uint64_t r = random();
  if (r % 4 == 0) return kCorners[(r >> 8) % std::size(kCorners)];
  return static_cast<uint16_t>(r >> 16);
}

}  // namespace

TEST_CASE("S26-S29: the RTL matches ref::visa_execute_lane on 10^5 random lanes per type and "
          "source-modifier pair",
          "[rtl][visa][random]") {
  constexpr int kLanes = 4;
  constexpr uint64_t kLaneOps = 100'000;  // enabled lanes compared per type and modifier pair
  constexpr uint64_t kTransactions = 30'000;
  const SourceModifier mods[] = {{false, false}, {true, false}, {false, true}, {true, true}};
  const Format formats[] = {Format::F16, Format::S16, Format::U16, Format::S8, Format::U8};
  auto dut = tb::make_dut(kLanes, 4);
  std::mt19937_64 random(0x7157A);
  for (Format format : formats) {
    for (SourceModifier m0 : mods) {
      for (SourceModifier m1 : mods) {
        CAPTURE(static_cast<int>(format), m0.neg, m0.abs, m1.neg, m1.abs);
        struct Expected {
          uint32_t tag;
          Uop uop;
          std::array<uint16_t, kLanes> src0, src1, result;
        };
        std::deque<Expected> pending;
        uint64_t sent = 0, checked = 0, compared = 0, mismatches = 0;
        tb::InBeat in;
        Expected next{};
        auto prepare = [&] {
          Uop u;
          u.op = (random() & 1) ? Op::Max : Op::Min;
          u.format = format;
          u.nan_policy = NanPolicy::VisaSrc1;
          u.sat = (random() % 4) == 0;
          u.src0_mod = m0;
          u.src1_mod = m1;
          // Mostly every lane, so that enabled lanes dominate; a quarter random masks.
          u.lane_mask = (random() % 4) ? 0xFu : static_cast<uint32_t>(random() % 16);
          next.tag = static_cast<uint32_t>(sent & 0xFF);
          next.uop = u;
          in.uop_word = encode(u);
          in.lane_mask = u.lane_mask;
          in.tag = next.tag;
          for (int i = 0; i < kLanes; ++i) {
            next.src0[i] = in.a[i] = operand(random);
            next.src1[i] = in.b[i] = operand(random);
            in.c[i] = static_cast<uint16_t>(random());
            next.result[i] = ((u.lane_mask >> i) & 1u)
                                 ? ref::visa_execute_lane(u, next.src0[i], next.src1[i])
                                 : 0;
          }
        };
        prepare();
        tb::OutBeat out;
        for (uint64_t cycle = 0; checked < kTransactions; ++cycle) {
          REQUIRE(cycle < kTransactions + 100);
          const bool valid = sent < kTransactions;
          const tb::CycleResult r = dut->cycle(valid, in, true, out);
          if (r.consumed) {
            REQUIRE(!pending.empty());
            const Expected e = pending.front();
            pending.pop_front();
            REQUIRE(out.tag == e.tag);
            for (int i = 0; i < kLanes; ++i) {
              compared += (e.uop.lane_mask >> i) & 1u;
              if (out.result[i] != e.result[i] && ++mismatches <= 5) {
                FAIL_CHECK(fmt::format("{} lane {} mask {:#x} sat {}: src0 {:#06x} src1 {:#06x} "
                                       "-> rtl {:#06x}, ref {:#06x}",
                                       e.uop.op == Op::Max ? "max" : "min", i, e.uop.lane_mask,
                                       e.uop.sat, e.src0[i], e.src1[i], out.result[i],
                                       e.result[i]));
              }
            }
            ++checked;
          }
          if (valid && r.accepted) {
            pending.push_back(next);
            ++sent;
            if (sent < kTransactions) prepare();
          }
        }
        CHECK(mismatches == 0);
        CHECK(compared >= kLaneOps);
      }
    }
  }
}
