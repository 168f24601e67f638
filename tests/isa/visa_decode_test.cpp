// The vISA MIN_MAX decoder: the binary form (S24), mask control (S25) and the text form.
// Expected fields are read off the spec's bit tables by hand.
#include <catch2/catch.hpp>

#include <random>
#include <string>

#include "model/isa/visa.h"
#include "model/uop/visa_type.h"

using namespace halfpipe;
using namespace halfpipe::isa::visa;
using Catch::Matchers::Contains;

namespace {

Encoding with_exec(uint8_t exec_size_byte) {
  Encoding e;
  e.exec_size = exec_size_byte;
  return e;
}

Instruction decode_ok(const Encoding& e) {
  const Decoded d = decode_binary(e);
  INFO(d.error);
  REQUIRE(d.instruction);
  return *d.instruction;
}

std::string decode_error(const Encoding& e) {
  const Decoded d = decode_binary(e);
  REQUIRE_FALSE(d.instruction);
  return d.error;
}

Instruction text_ok(std::string_view text, Type t = Type::HF) {
  const Decoded d = decode_text(text, t);
  INFO(text << " -> " << d.error);
  REQUIRE(d.instruction);
  return *d.instruction;
}

std::string text_error(std::string_view text) {
  const Decoded d = decode_text(text, Type::HF);
  INFO(text);
  REQUIRE_FALSE(d.instruction);
  return d.error;
}

}  // namespace

// ---- S24: the binary form ---------------------------------------------------------------------

TEST_CASE("S24: Exec_size bits [2:0] 0b000..0b101 give 1, 2, 4, 8, 16, 32 channels",
          "[visa][S24]") {
  CHECK(decode_ok(with_exec(0x0)).exec_size == 1);
  CHECK(decode_ok(with_exec(0x1)).exec_size == 2);
  CHECK(decode_ok(with_exec(0x2)).exec_size == 4);
  CHECK(decode_ok(with_exec(0x3)).exec_size == 8);
  CHECK(decode_ok(with_exec(0x4)).exec_size == 16);
  CHECK(decode_ok(with_exec(0x5)).exec_size == 32);
}

TEST_CASE("S24: Exec_size bits [2:0] 0b110 and 0b111 are rejected, naming Exec_size",
          "[visa][S24]") {
  CHECK_THAT(decode_error(with_exec(0x6)), Contains("Exec_size") && Contains("[2:0]"));
  CHECK_THAT(decode_error(with_exec(0x7)), Contains("Exec_size") && Contains("reserved"));
}

TEST_CASE("S24: Exec_size bit 3 is reserved", "[visa][S24]") {
  CHECK_THAT(decode_error(with_exec(0x08)), Contains("Exec_size: bit 3"));
  CHECK_THAT(decode_error(with_exec(0x0B)), Contains("Exec_size: bit 3"));
}

TEST_CASE("S24: Op bit 0 selects min (0) or max (1), and bits [7:1] are reserved", "[visa][S24]") {
  Encoding e;
  e.op = 0;
  CHECK_FALSE(decode_ok(e).max);
  e.op = 1;
  CHECK(decode_ok(e).max);
  for (int bit = 1; bit < 8; ++bit) {
    e.op = static_cast<uint8_t>(1u << bit);
    CHECK_THAT(decode_error(e), Contains("Op: bits [7:1]"));
  }
  e.op = 0xFF;
  CHECK_THAT(decode_error(e), Contains("Op:"));
}

TEST_CASE("S24: an opcode other than 0x45 is not MIN_MAX", "[visa][S24]") {
  Encoding e;
  e.opcode = 0x44;
  CHECK_THAT(decode_error(e), Contains("opcode: 0x44"));
  e.opcode = 0x00;
  CHECK_THAT(decode_error(e), Contains("opcode"));
}

TEST_CASE("S26: the type byte takes the eleven MIN_MAX types in vISA's numbering",
          "[visa][S26]") {
  const std::pair<uint8_t, Type> types[] = {
      {0x0, Type::UD}, {0x1, Type::D}, {0x2, Type::UW}, {0x3, Type::W},
      {0x4, Type::UB}, {0x5, Type::B}, {0x6, Type::DF}, {0x7, Type::F},
      {0xB, Type::UQ}, {0xD, Type::Q}, {0xE, Type::HF},
  };
  for (const auto& [code, type] : types) {
    Encoding e;
    e.type = code;
    CHECK(decode_ok(e).type == type);
  }
}

TEST_CASE("S26: vISA types MIN_MAX does not take (V VF BOOL UV BF) and codes past 0xF are rejected",
          "[visa][S26]") {
  const std::pair<uint8_t, const char*> rejected[] = {
      {0x8, "(V)"}, {0x9, "(VF)"}, {0xA, "(BOOL)"}, {0xC, "(UV)"}, {0xF, "(BF)"}};
  for (const auto& [code, name] : rejected) {
    Encoding e;
    e.type = code;
    CHECK_THAT(decode_error(e), Contains("type:") && Contains(name));
  }
  Encoding e;
  e.type = 0x10;
  CHECK_THAT(decode_error(e), Contains("type: 0x10") && Contains("out of range"));
  e.type = 0xFF;
  CHECK_THAT(decode_error(e), Contains("type: 0xff"));
}

TEST_CASE("S29: the dst modifier byte takes none (0x0) or sat (0x4) only", "[visa][S29]") {
  Encoding e;
  e.dst_modifier = 0x0;
  CHECK_FALSE(decode_ok(e).sat);
  e.dst_modifier = 0x4;
  CHECK(decode_ok(e).sat);
  for (uint8_t code : {0x1, 0x2, 0x3, 0x5, 0x6, 0xFF}) {
    e.dst_modifier = code;
    CHECK_THAT(decode_error(e), Contains("dst modifier"));
  }
}

TEST_CASE("S27: source modifier bytes: 0 none, 1 (abs), 2 -, 3 -(abs), others rejected",
          "[visa][S27]") {
  const std::pair<uint8_t, SourceModifier> legal[] = {
      {0x0, {false, false}}, {0x1, {false, true}}, {0x2, {true, false}}, {0x3, {true, true}}};
  for (const auto& [code, mod] : legal) {
    Encoding e;
    e.src0_modifier = code;
    CHECK(decode_ok(e).src0_mod == mod);
    CHECK(decode_ok(e).src1_mod == SourceModifier{});
    e.src0_modifier = 0;
    e.src1_modifier = code;
    CHECK(decode_ok(e).src1_mod == mod);
  }
  for (uint8_t code : {0x4, 0x5, 0x6, 0x80}) {
    Encoding e;
    e.src0_modifier = code;
    CHECK_THAT(decode_error(e), Contains("src0 modifier"));
    e.src0_modifier = 0;
    e.src1_modifier = code;
    CHECK_THAT(decode_error(e), Contains("src1 modifier"));
  }
}

TEST_CASE("S24: encode() and decode_binary() are inverses over every legal instruction",
          "[visa][S24]") {
  int count = 0;
  for (int exec : {1, 2, 4, 8, 16, 32}) {
    for (int group = 1; group <= 8; ++group) {
      if (4 * (group - 1) + exec > 32) continue;
      for (bool nm : {false, true}) {
        for (int t = 0; t < kVisaTypeCount; ++t) {
          for (int mods = 0; mods < 16; ++mods) {
            Instruction i;
            i.max = (mods + t) % 2 == 1;
            i.exec_size = exec;
            i.mask = {group, nm};
            i.type = static_cast<Type>(t);
            i.sat = (mods + group) % 3 == 0;
            i.src0_mod = {(mods & 1) != 0, (mods & 2) != 0};
            i.src1_mod = {(mods & 4) != 0, (mods & 8) != 0};
            const Instruction back = decode_ok(encode(i));
            REQUIRE(back == i);
            ++count;
          }
        }
      }
    }
  }
  CHECK(count == 2 * (8 + 8 + 8 + 7 + 5 + 1) * 11 * 16);
}

// ---- S25: mask control ------------------------------------------------------------------------

TEST_CASE("S25: Exec_size bits [7:4] are M1..M8 (0b0000..0b0111) and M1_NM..M8_NM (0b1000..)",
          "[visa][S25]") {
  for (int code = 0; code < 16; ++code) {
    // Exec size 1 so that every group fits below bit 32.
    const Instruction i = decode_ok(with_exec(static_cast<uint8_t>(code << 4)));
    CHECK(i.mask.group == (code & 7) + 1);
    CHECK(i.mask.no_mask == (code >= 8));
  }
  CHECK(mask_control_name({5, false}) == "M5");
  CHECK(mask_control_name({1, true}) == "M1_NM");
}

TEST_CASE("S25: a mask control that runs past execution-mask bit 31 is rejected", "[visa][S25]") {
  // M8 starts at bit 28: 4 channels fit (28 + 4 = 32), 8 do not.
  CHECK(decode_ok(with_exec(0x72)).mask.group == 8);
  CHECK_THAT(decode_error(with_exec(0x73)), Contains("Exec_size") && Contains("M8") &&
                                                Contains("S25"));
  // M5 starts at bit 16: 16 channels fit, 32 do not.
  CHECK(decode_ok(with_exec(0x44)).exec_size == 16);
  CHECK_THAT(decode_error(with_exec(0x45)), Contains("M5"));
  // M2 with 32 channels; _NM variants keep the group's offset and are rejected alike.
  CHECK_THAT(decode_error(with_exec(0x15)), Contains("M2"));
  CHECK_THAT(decode_error(with_exec(0xF3)), Contains("M8_NM"));
  CHECK(decode_ok(with_exec(0x85)).mask == MaskControl{1, true});
}

TEST_CASE("S25: every mask control over a sparse execution mask, 4 channels", "[visa][S25]") {
  // Execution mask 0x9C6A35F1, nibble by nibble from bit 0: 1 F 5 3 A 6 C 9.
  const uint32_t emask = 0x9C6A35F1;
  const uint32_t nibble[8] = {0x1, 0xF, 0x5, 0x3, 0xA, 0x6, 0xC, 0x9};
  Instruction i;
  i.exec_size = 4;
  for (int group = 1; group <= 8; ++group) {
    INFO("M" << group);
    i.mask = {group, false};
    CHECK(channel_enable(i, emask) == nibble[group - 1]);
    i.mask = {group, true};
    CHECK(channel_enable(i, emask) == 0xF);  // _NM: every channel
    CHECK(channel_enable(i, 0) == 0xF);
  }
}

TEST_CASE("S25: mask controls over other exec sizes take exactly exec_size mask bits",
          "[visa][S25]") {
  const uint32_t emask = 0x9C6A35F1;
  auto enable = [&](int exec, int group, bool nm = false) {
    Instruction i;
    i.exec_size = exec;
    i.mask = {group, nm};
    return channel_enable(i, emask);
  };
  CHECK(enable(1, 1) == 0x1);        // bit 0
  CHECK(enable(1, 3) == 0x1);        // bit 8 (nibble 5 = 0b0101)
  CHECK(enable(1, 4) == 0x1);        // bit 12 (nibble 3)
  CHECK(enable(1, 5) == 0x0);        // bit 16 (nibble A = 0b1010)
  CHECK(enable(2, 4) == 0x3);        // bits 12, 13
  CHECK(enable(2, 5) == 0x2);        // bits 16, 17 of A
  CHECK(enable(8, 1) == 0xF1);
  CHECK(enable(8, 5) == 0x6A);
  CHECK(enable(8, 7) == 0x9C);
  CHECK(enable(16, 1) == 0x35F1);
  CHECK(enable(16, 5) == 0x9C6A);
  CHECK(enable(16, 3) == 0x6A35);
  CHECK(enable(32, 1) == 0x9C6A35F1);
  CHECK(enable(32, 1, true) == 0xFFFFFFFF);
  CHECK(enable(16, 5, true) == 0xFFFF);
  CHECK(enable(1, 8, true) == 0x1);
}

// ---- the text form ----------------------------------------------------------------------------

TEST_CASE("text form: MIN/MAX, .sat and the exec size, in any case", "[visa][text]") {
  Instruction i = text_ok("MIN (8) V1 V2 V3");
  CHECK_FALSE(i.max);
  CHECK_FALSE(i.sat);
  CHECK(i.exec_size == 8);
  CHECK(i.mask == MaskControl{1, false});
  CHECK(i.type == Type::HF);

  i = text_ok("max.SAT (32) d a b", Type::UQ);
  CHECK(i.max);
  CHECK(i.sat);
  CHECK(i.exec_size == 32);
  CHECK(i.type == Type::UQ);

  i = text_ok("  mAx.sAt(1)   d   a   b  ");
  CHECK(i.max);
  CHECK(i.exec_size == 1);
}

TEST_CASE("text form: mask control (M5, 16), (M1_NM, 8), any case, either order", "[visa][text]") {
  CHECK(text_ok("MIN (M5, 16) d a b").mask == MaskControl{5, false});
  CHECK(text_ok("MIN (M5, 16) d a b").exec_size == 16);
  CHECK(text_ok("MIN (M1_NM, 8) d a b").mask == MaskControl{1, true});
  CHECK(text_ok("MIN (m8_nm,4) d a b").mask == MaskControl{8, true});
  CHECK(text_ok("MIN ( m3 , 2 ) d a b").mask == MaskControl{3, false});
  CHECK(text_ok("MIN (16, M5) d a b").mask == MaskControl{5, false});
}

TEST_CASE("text form: source modifiers -, (abs), -(abs) (and IGC's (-), (-abs))",
          "[visa][text][S27]") {
  const Instruction i = text_ok("MIN (4) d -a (abs)b");
  CHECK(i.src0_mod == SourceModifier{true, false});
  CHECK(i.src1_mod == SourceModifier{false, true});
  const Instruction j = text_ok("MIN (4) d -(abs)a (ABS)b");
  CHECK(j.src0_mod == SourceModifier{true, true});
  CHECK(j.src1_mod == SourceModifier{false, true});
  CHECK(text_ok("MIN (4) d (-)a (-abs)b").src0_mod == SourceModifier{true, false});
  CHECK(text_ok("MIN (4) d (-)a (-abs)b").src1_mod == SourceModifier{true, true});
  // vISA operands with regions are single tokens.
  CHECK(text_ok("MIN (16) V33(0,0)<1> -V34(0,0)<1;1,0> V35(0,0)<1;1,0>").src0_mod.neg);
}

TEST_CASE("text form: errors name the problem", "[visa][text]") {
  CHECK_THAT(text_error("MUL (8) d a b"), Contains("unknown opcode 'MUL'"));
  CHECK_THAT(text_error("MIN.rn (8) d a b"), Contains("'.rn'") && Contains(".sat"));
  CHECK_THAT(text_error("MIN.sat.sat (8) d a b"), Contains("unknown modifier"));
  CHECK_THAT(text_error(""), Contains("missing opcode"));
  CHECK_THAT(text_error("MIN 8 d a b"), Contains("expected '(<exec_size>)' after MIN"));
  CHECK_THAT(text_error("MIN (8 d a b"), Contains("missing ')'"));
  CHECK_THAT(text_error("MIN (3) d a b"), Contains("bad exec size '3'"));
  CHECK_THAT(text_error("MIN (64) d a b"), Contains("bad exec size '64'"));
  CHECK_THAT(text_error("MIN () d a b"), Contains("bad exec size ''"));
  CHECK_THAT(text_error("MIN (M9, 8) d a b"), Contains("unknown mask control 'M9'"));
  CHECK_THAT(text_error("MIN (M1_X, 8) d a b"), Contains("unknown mask control"));
  CHECK_THAT(text_error("MIN (M5) d a b"), Contains("missing exec size"));
  CHECK_THAT(text_error("MIN (M1, M2, 8) d a b"), Contains("mask control given twice"));
  CHECK_THAT(text_error("MIN (8, 8) d a b"), Contains("exec size given twice"));
  CHECK_THAT(text_error("MIN (M1, 8, 8) d a b"), Contains("too many fields"));
  CHECK_THAT(text_error("MIN (M5, 32) d a b"), Contains("M5") && Contains("S25"));
  CHECK_THAT(text_error("MIN (8)"), Contains("missing dst"));
  CHECK_THAT(text_error("MIN (8) d a"), Contains("missing src1"));
  CHECK_THAT(text_error("MIN (8) d a b c"), Contains("unexpected 'c' after src1"));
  CHECK_THAT(text_error("MIN (8) -d a b"), Contains("dst takes no source modifier"));
  CHECK_THAT(text_error("MIN (8) d (abs) b"), Contains("src0: source modifier without an operand"));
}

TEST_CASE("text form: text_form() round-trips through decode_text()", "[visa][text]") {
  Instruction i;
  i.max = true;
  i.sat = true;
  i.exec_size = 8;
  i.mask = {5, false};
  i.src0_mod = {true, true};
  CHECK(text_form(i) == "MAX.sat (M5, 8) dst -(abs)src0 src1");
  for (int mods = 0; mods < 16; ++mods) {
    for (int group = 1; group <= 8; ++group) {
      i.mask = {group, mods % 2 == 0};
      i.exec_size = group <= 5 ? 16 : 4;
      i.src0_mod = {(mods & 1) != 0, (mods & 2) != 0};
      i.src1_mod = {(mods & 4) != 0, (mods & 8) != 0};
      i.type = static_cast<Type>(mods % kVisaTypeCount);
      CHECK(text_ok(text_form(i), i.type) == i);
    }
  }
}
