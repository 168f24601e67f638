// The `halfpipe eval --batch` line for vISA: MIN|MAX[.sat] (EXEC[, MASK]) TYPE EMASK DST SRC0 SRC1.
// Every expected output line is worked out by hand, channel by channel.
#include <catch2/catch.hpp>

#include <cstdio>
#include <string>

#include "model/isa/visa.h"
#include "vectors/batch.h"

using halfpipe::isa::visa::is_batch_line;
using Catch::Matchers::Contains;
using Catch::Matchers::StartsWith;

namespace {

// The line `halfpipe eval --batch` prints for a vISA line.
std::string evaluate_batch_line(std::string_view line) {
  std::string out;
  return halfpipe::vectors::evaluate_visa(line, out) ? out : "error: " + out;
}

std::string batch_error(std::string_view line) {
  const std::string out = evaluate_batch_line(line);
  INFO(line);
  CHECK_THAT(out, StartsWith("error: "));
  return out;
}

}  // namespace

TEST_CASE("batch: W min over four channels, all enabled", "[visa][batch][S26]") {
  // min(-32768, 32767) = 0x8000; min(1, 0) = 0; min(2, 3) = 2; min(3, 2) = 2.
  CHECK(evaluate_batch_line("MIN (4) w ffffffff 0,0,0,0 0x8000,1,2,3 0x7fff,0,3,2") ==
        "0x8000,0x0000,0x0002,0x0002");
}

TEST_CASE("batch S25: mask control M2 over a sparse mask, and disabled channels keep DST",
          "[visa][batch][S25]") {
  // EMASK 0x50: bits 4..7 = 0b0101, so channels 0 and 2 compute.
  CHECK(evaluate_batch_line("MAX (4, M2) ub 0x50 aa,bb,cc,dd 1,2,3,4 5,1,7,1") ==
        "0x05,0xbb,0x07,0xdd");
  // M1 (the default) reads bits 0..3 = 0: nothing computes.
  CHECK(evaluate_batch_line("MAX (4) ub 0x50 aa,bb,cc,dd 1,2,3,4 5,1,7,1") ==
        "0xaa,0xbb,0xcc,0xdd");
  // M2_NM ignores the mask.
  CHECK(evaluate_batch_line("MAX (4, M2_NM) ub 0 aa,bb,cc,dd 1,2,3,4 5,1,7,1") ==
        "0x05,0x02,0x07,0x04");
  // M8 with one channel reads bit 28.
  CHECK(evaluate_batch_line("MIN (1, M8) uw 10000000 0xffff 3 4") == "0x0003");
  CHECK(evaluate_batch_line("MIN (1, M8) uw 0fffffff 0xffff 3 4") == "0xffff");
}

TEST_CASE("batch S29: .sat on HF clamps, and a disabled channel is not saturated",
          "[visa][batch][S29]") {
  // ch0: max(2.0, 0.5) = 2.0 -> 1.0; ch1 disabled: old -1.0 stays.
  CHECK(evaluate_batch_line("MAX.sat (2) hf 1 0,0xbc00 0x4000,0xbc00 0x3800,0xc000") ==
        "0x3c00,0xbc00");
  CHECK(evaluate_batch_line("min.SAT (1) f 1 0 0x7fc00001 0xffc00002") == "0x00000000");
}

TEST_CASE("batch S27: source modifier prefixes on SRC0 and SRC1", "[visa][batch][S27]") {
  // -(abs)5 = -5 = 0xfb < 0.
  CHECK(evaluate_batch_line("MIN (1) b 1 0 -(abs)0x05 0x00") == "0xfb");
  // (abs) of the most negative B is itself: max(-128, -1) = -1.
  CHECK(evaluate_batch_line("MAX (1) b 1 0 (abs)0x80 0xff") == "0xff");
  // -(1, 2) = (-1, -2); min with (0, 0): (-1, -2).
  CHECK(evaluate_batch_line("MIN (2) d 3 0,0 0,0 -1,2") == "0xffffffff,0xfffffffe");
  // Upper-case modifier spelling.
  CHECK(evaluate_batch_line("MAX (1) hf 1 0 (ABS)0xc000 0x3c00") == "0x4000");
}

TEST_CASE("batch S26, S28: 64-bit types, -0 < +0, NaNs, full-width zero padding",
          "[visa][batch][S26][S28]") {
  CHECK(evaluate_batch_line("MAX (1) df 1 0 0x8000000000000000 0") == "0x0000000000000000");
  CHECK(evaluate_batch_line("MIN (1) df 1 0 0 0x8000000000000000") == "0x8000000000000000");
  CHECK(evaluate_batch_line("MIN (1) uq 1 0 ffffffffffffffff 1") == "0x0000000000000001");
  CHECK(evaluate_batch_line("MIN (1) q 1 0 ffffffffffffffff 1") == "0xffffffffffffffff");
  CHECK(evaluate_batch_line("MIN (1) f 1 0 0x7fc00001 0xff800001") == "0xff800001");
  CHECK(evaluate_batch_line("MAX (1) f 1 0 0x7fc00001 0x1") == "0x00000001");
  CHECK(evaluate_batch_line("MAX (2) ud 3 0,0 0x80000000,1 0x7fffffff,2") ==
        "0x80000000,0x00000002");
}

TEST_CASE("batch: 32 channels", "[visa][batch]") {
  std::string dst, src0, src1, want;
  for (int ch = 0; ch < 32; ++ch) {
    const char* sep = ch ? "," : "";
    dst += sep + std::string("ee");
    src0 += sep + std::to_string(ch % 10);  // decimal digits are also hex digits
    src1 += sep + std::string("5");
    // EMASK 0x0000ffff: channels 0..15 compute max(ch % 10, 5).
    const int v = ch < 16 ? (ch % 10 > 5 ? ch % 10 : 5) : 0xee;
    char buf[8];
    std::snprintf(buf, sizeof buf, "%s0x%02x", sep, v);
    want += buf;
  }
  CHECK(evaluate_batch_line("MAX (32) ub 0000ffff " + dst + " " + src0 + " " + src1) == want);
}

TEST_CASE("batch: case, 0X prefixes, blanks around commas, trailing comment", "[visa][batch]") {
  CHECK(evaluate_batch_line("max (2, m1) UW 0X3 0, 0 0XFFFF , 1 2 ,3") == "0xffff,0x0003");
  CHECK(evaluate_batch_line("  MIN(1)  hf  1  0  1  2  # comment") == "0x0001");
  CHECK(evaluate_batch_line("MIN (M1, 1) hf 1 0 1 2") == "0x0001");
}

TEST_CASE("batch: errors name the field", "[visa][batch]") {
  CHECK_THAT(batch_error("MIN (4) w f 0,0,0 1,2,3,4 1,2,3,4"),
             Contains("DST has 3 elements; EXEC is 4"));
  CHECK_THAT(batch_error("MIN (2) w f 0,0 1,2,3 1,2"), Contains("SRC0 has 3 elements; EXEC is 2"));
  CHECK_THAT(batch_error("MIN (1) b 1 0 0x100 0"), Contains("SRC0 element 0 '0x100'") &&
                                                       Contains("wider than 8 bits"));
  CHECK_THAT(batch_error("MIN (2) w 1 0,0 0,1 0,0x10000"), Contains("SRC1 element 1") &&
                                                                Contains("16 bits"));
  CHECK_THAT(batch_error("MIN (1) q 1 0 0 0x10000000000000000"), Contains("wider than 64 bits"));
  CHECK_THAT(batch_error("MIN (1) x 1 0 0 0"), Contains("bad type 'x'"));
  CHECK_THAT(batch_error("MIN (1) bf 1 0 0 0"), Contains("bad type 'bf'"));
  CHECK_THAT(batch_error("MIN (1) hf 1 0 0x1g 0"), Contains("'0x1g' is not hex"));
  CHECK_THAT(batch_error("MIN (2) hf 3 0,0 1,,2 0,0"), Contains("SRC0 element 1 is empty"));
  CHECK_THAT(batch_error("MIN (1) hf 1 0 0x 0"), Contains("SRC0 element 0 is empty"));
  CHECK_THAT(batch_error("MIN (1) hf 100000000 0 0 0"), Contains("EMASK") &&
                                                            Contains("wider than 32 bits"));
  CHECK_THAT(batch_error("MIN (1) hf zz 0 0 0"), Contains("EMASK 'zz' is not hex"));
  CHECK_THAT(batch_error("MIN (1) hf"), Contains("missing EMASK"));
  CHECK_THAT(batch_error("MIN (1)"), Contains("missing TYPE"));
  CHECK_THAT(batch_error("MIN (1) hf 1 0 0"), Contains("missing SRC1"));
  CHECK_THAT(batch_error("MIN (1) hf 1 0 0 0 0"), Contains("unexpected '0' after SRC1"));
  CHECK_THAT(batch_error("MIN (1) hf 1 -0 0 0"), Contains("DST takes no source modifier"));
  CHECK_THAT(batch_error("MIN (3) hf 1 0 0 0"), Contains("bad exec size '3'"));
  CHECK_THAT(batch_error("MIN (32, M2) hf 1 0 0 0"), Contains("M2") && Contains("S25"));
  CHECK_THAT(batch_error("MIN (1, M0) hf 1 0 0 0"), Contains("unknown mask control 'M0'"));
  CHECK_THAT(batch_error("MIX (1) hf 1 0 0 0"), Contains("unknown opcode 'MIX'"));
  CHECK_THAT(batch_error(""), Contains("missing opcode"));
}

TEST_CASE("batch: is_batch_line tells vISA lines from PTX lines", "[visa][batch]") {
  CHECK(is_batch_line("MIN (1) hf 1 0 0 0"));
  CHECK(is_batch_line("  max.sat(8) w ..."));
  CHECK(is_batch_line("Min.Sat (1)"));
  CHECK_FALSE(is_batch_line("min.f16 3c00 4000"));
  CHECK_FALSE(is_batch_line("max.NaN.xorsign.abs.bf16x2 1 2"));
  CHECK_FALSE(is_batch_line("add.f16 1 2"));
  CHECK_FALSE(is_batch_line(""));
}
