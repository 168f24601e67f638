// One line read once (vectors/line.h): the tokenizer, the hex parser and the form cache that
// `halfpipe eval --batch`, the vector file and `halfpipe sweep --vector` share, and the PTX
// evaluator's operand rules (vectors/batch.h). Each case is named after the rule it pins.
#include <catch2/catch.hpp>

#include <string>

#include "model/isa/visa.h"
#include "vectors/batch.h"
#include "vectors/line.h"

using namespace halfpipe;
using namespace halfpipe::vectors;
using Catch::Matchers::Contains;

// ---- tokenize ----------------------------------------------------------------------------------

TEST_CASE("tokenize: blanks of any kind separate tokens, commas do not", "[line][tokens]") {
  const Tokens t = tokenize(" \tadd.f16\v3c00 \f 0x4000,1\r");
  REQUIRE(t.count == 3);
  CHECK(t[0] == "add.f16");
  CHECK(t[1] == "3c00");
  CHECK(t[2] == "0x4000,1");
}

TEST_CASE("tokenize: '#' ends the line, even attached to a token", "[line][tokens]") {
  const Tokens t = tokenize("neg.f16 3c00# a comment 1 2");
  REQUIRE(t.count == 2);
  CHECK(t[1] == "3c00");
  CHECK(tokenize("   # only a comment").empty());
  CHECK(tokenize("").empty());
  CHECK(tokenize(" \t ").empty());
}

TEST_CASE("tokenize: a '#' is reported, so that a reader can tell a comment from a bare line", "[line][tokens]") {
  CHECK(tokenize("neg.f16 3c00 # note").comment);
  CHECK(tokenize("#").comment);
  CHECK_FALSE(tokenize("neg.f16 3c00").comment);
  CHECK_FALSE(tokenize("").comment);
}

TEST_CASE("tokenize: a long token ends at its first blank or '#', not at another control byte", "[line][tokens]") {
  // Tokens of 8 and more bytes, ending at each of the six blanks and at '#'; a control byte that
  // is no blank (0x01, 0x1f) and '"' (0x22) stay inside the token.
  for (const char* blank : {" ", "\t", "\n", "\v", "\f", "\r", "#"}) {
    const std::string line = std::string("mul.rn.ftz.sat.f16x2") + blank + "0x01234567";
    const Tokens t = tokenize(line);
    INFO(static_cast<int>(blank[0]));
    CHECK(t[0] == "mul.rn.ftz.sat.f16x2");
    CHECK(t.count == (blank[0] == '#' ? 1 : 2));
  }
  const std::string odd = std::string("abc\x01" "defgh\x1f" "ij\"klmnop q");
  const Tokens t = tokenize(odd);
  REQUIRE(t.count == 2);
  CHECK(t[0].size() == 3 + 1 + 5 + 1 + 2 + 1 + 6);
  CHECK(t[1] == "q");
}

TEST_CASE("tokenize: tokens past the kept ones are still counted", "[line][tokens]") {
  const Tokens t = tokenize("a b c d e f g h");
  CHECK(t.count == 8);
  CHECK(t[kMaxTokens - 1] == "f");
}

TEST_CASE("tokenize: the tokens are views into the line, not copies", "[line][tokens]") {
  const std::string line = "fma.rn.f16 1 2 3";
  const Tokens t = tokenize(line);
  CHECK(t[3].data() == line.data() + 15);
}

TEST_CASE("TokenCursor: cuts a line as tokenize does, one token at a time", "[line][tokens]") {
  TokenCursor c(" \tadd.f16\v3c00 \f 0x4000,1\r# note");
  REQUIRE_FALSE(c.at_end());
  CHECK(c.next() == "add.f16");
  REQUIRE_FALSE(c.at_end());
  CHECK(c.next() == "3c00");
  REQUIRE_FALSE(c.at_end());
  CHECK(c.next() == "0x4000,1");
  CHECK(c.at_end());
  CHECK(c.comment());
  TokenCursor bare("neg.f16  ");
  CHECK(bare.next() == "neg.f16");
  CHECK(bare.at_end());
  CHECK_FALSE(bare.comment());
}

TEST_CASE("TokenCursor: next_hex takes exactly the tokens parse_hex takes under a digit limit, "
          "with the same value",
          "[line][tokens][hex]") {
  // parse_hex is the rule (its own cases are in tests/isa); each token is followed by a blank,
  // a '#', or nothing.
  for (const char* token : {"0x3c00", "3c00", "0X3C00", "3C00", "0", "0x0", "0x", "x12", "0xq",
                            "0x12345", "3c0g", "0x3c00,", "0x0000ffff", "ffffffff",
                            "0x123456789", "0xx1", "00000"}) {
    for (int digits : {4, 8}) {
      for (const char* after : {" 1", "#c", ""}) {
        CAPTURE(token, digits, after);
        const Hex expected = parse_hex(token, HexLimit::digits(digits));
        const std::string line = std::string(token) + after;  // the cursor reads it in place
        TokenCursor c(line);
        REQUIRE_FALSE(c.at_end());
        const std::optional<uint32_t> got = c.next_hex(digits);
        CHECK(got.has_value() == static_cast<bool>(expected));
        if (got && expected) CHECK(*got == expected.value);
      }
    }
  }
}

// ---- parse_hex ---------------------------------------------------------------------------------

TEST_CASE("parse_hex: 0x is optional, in either case, and digits are either case", "[line][hex]") {
  for (const char* token : {"3c00", "0x3c00", "0X3C00", "3C00"}) {
    const Hex h = parse_hex(token, HexLimit::digits(4));
    INFO(token);
    REQUIRE(h);
    CHECK(h.value == 0x3C00u);
    CHECK(h.digits == 4);
  }
}

TEST_CASE("parse_hex: nothing after 0x, or nothing at all, is empty", "[line][hex]") {
  CHECK(parse_hex("0x", HexLimit::digits(4)).problem == HexProblem::Empty);
  CHECK(parse_hex("", HexLimit::bits(16)).problem == HexProblem::Empty);
}

TEST_CASE("parse_hex: a character that is not a hex digit is refused", "[line][hex]") {
  CHECK(parse_hex("3g00", HexLimit::digits(4)).problem == HexProblem::NotHex);
  CHECK(parse_hex("0x-1", HexLimit::bits(16)).problem == HexProblem::NotHex);
  CHECK(parse_hex("0x0x1", HexLimit::digits(8)).problem == HexProblem::NotHex);
}

TEST_CASE("parse_hex: a digit limit counts leading zeros, so too many digits are refused",
          "[line][hex]") {
  CHECK(parse_hex("ffff", HexLimit::digits(4)));
  const Hex h = parse_hex("0x00001", HexLimit::digits(4));
  CHECK(h.problem == HexProblem::TooWide);
  CHECK(h.digits == 5);
  CHECK(parse_hex("12345678", HexLimit::digits(8)).value == 0x12345678u);
}

TEST_CASE("parse_hex: a bit limit lets leading zeros through and refuses a wider value",
          "[line][hex]") {
  CHECK(parse_hex("0x000000ff", HexLimit::bits(8)).value == 0xFFu);
  CHECK(parse_hex("0x100", HexLimit::bits(8)).problem == HexProblem::TooWide);
  CHECK(parse_hex("ffffffffffffffff", HexLimit::bits(64)).value == ~uint64_t{0});
  CHECK(parse_hex("10000000000000000", HexLimit::bits(64)).problem == HexProblem::TooWide);
}

TEST_CASE("parse_hex: a digit count is known only at the end, so a bad character anywhere wins",
          "[line][hex]") {
  CHECK(parse_hex("00000z", HexLimit::digits(4)).problem == HexProblem::NotHex);
}

TEST_CASE("parse_hex: a value overflows at the digit that makes it too wide, before a later "
          "bad character",
          "[line][hex]") {
  CHECK(parse_hex("fffz", HexLimit::bits(8)).problem == HexProblem::TooWide);
  CHECK(parse_hex("fzff", HexLimit::bits(8)).problem == HexProblem::NotHex);
}

TEST_CASE("append_hex: 0x and lowercase digits, zero-padded to the width", "[line][hex]") {
  std::string out = "r=";
  append_hex(out, 0xAB, 4);
  append_hex(out, 0x1234ABCD, 8);
  append_hex(out, 0xF0, 2);
  append_hex(out, 0xFEDCBA9876543210ull, 16);
  CHECK(out == "r=0x00ab0x1234abcd0xf00xfedcba9876543210");
}

TEST_CASE("write_hex: the same text as append_hex, written in place, the end returned", "[line][hex]") {
  char text[32];
  char* end = isa::write_hex(text, 0x3C00, 4);
  CHECK(std::string(text, end) == "0x3c00");
  end = isa::write_hex(text, 0xDEADBEEF, 8);
  CHECK(std::string(text, end) == "0xdeadbeef");
}

// ---- FormCache ---------------------------------------------------------------------------------

TEST_CASE("FormCache: a spelling is decoded once, however often it is asked for", "[line][forms]") {
  FormCache forms;
  const Form& first = forms.get("add.f16");
  REQUIRE(first.uop);
  CHECK(&forms.get(std::string("add.f16")) == &first);
  // Another spelling of the same instruction is its own entry with the same Uop.
  const Form& other = forms.get("add.rn.f16");
  CHECK(&other != &first);
  CHECK(other.uop == first.uop);
  CHECK(other.text == "add.rn.f16");
}

TEST_CASE("FormCache: an illegal form keeps the decoder's message", "[line][forms]") {
  FormCache forms;
  const Form& f = forms.get("add.f32");
  CHECK_FALSE(f.uop);
  CHECK_THAT(f.error, Contains("f32"));
  CHECK(&forms.get("add.f32") == &f);
}

TEST_CASE("FormCache: with a target, a form it does not reach is refused (S23)", "[line][forms]") {
  FormCache forms(isa::Target{80, 0});
  CHECK_THAT(forms.get("add.bf16").error, Contains("sm_90"));
  CHECK(forms.get("add.f16").uop);
}

TEST_CASE("FormCache: past the first forms seen, lookups still find every form", "[line][forms]") {
  FormCache forms;
  const auto& legal = isa::legal_ptx_forms();
  REQUIRE(legal.size() > 64);
  for (const std::string& f : legal) REQUIRE(forms.get(f).uop);
  for (const std::string& f : legal) CHECK(forms.get(f).text == f);
}

// ---- the PTX evaluator's operand rules ---------------------------------------------------------

namespace {

std::string ptx_line(const std::string& line) {
  FormCache forms;
  const Tokens t = tokenize(line);
  std::string out;
  return evaluate_ptx(forms.get(t[0]), t, out) ? out : "error: " + out;
}

}  // namespace

TEST_CASE("evaluate_ptx: a wrong operand count names the count wanted and the count given",
          "[line][eval]") {
  CHECK(ptx_line("add.f16 3c00") == "error: 'add.f16' takes 2 operands, got 1");
  CHECK(ptx_line("neg.f16 3c00 3c00") == "error: 'neg.f16' takes 1 operand, got 2");
  CHECK(ptx_line("fma.rn.f16 1 2 3 4 5 6 7") == "error: 'fma.rn.f16' takes 3 operands, got 7");
}

TEST_CASE("evaluate_ptx: the register width bounds the operand's digits", "[line][eval]") {
  CHECK(ptx_line("add.f16 3c00 0x03c00") ==
        "error: operand '0x03c00' is too wide: 'add.f16' takes at most 4 hex digits");
  CHECK(ptx_line("add.f16 3c00 x") == "error: bad hex operand 'x'");
  // 1.0 + 1.0 = 2.0 in f16; packed, each lane.
  CHECK(ptx_line("add.f16 0x3C00 3c00") == "0x4000");
  CHECK(ptx_line("add.f16x2 3c003c00 3c003c00") == "0x40004000");
}

// ---- the vISA batch line -----------------------------------------------------------------------

TEST_CASE("parse_batch_line: a refused line has no value and a message naming the field",
          "[line][visa]") {
  const auto bad = halfpipe::isa::visa::parse_batch_line("MIN (2) w 3 1,2 3,4 0x1,0x10000");
  CHECK_FALSE(bad);
  CHECK_THAT(bad.error, Contains("SRC1 element 1 '0x10000' is wider than 16 bits (type w)"));
  const auto good = halfpipe::isa::visa::parse_batch_line("MIN (2) w 3 1,2 3,4 5,6");
  REQUIRE(good);
  CHECK(good.error.empty());
  CHECK(good->src1[1] == 6u);
}
