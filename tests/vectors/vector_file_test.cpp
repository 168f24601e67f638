// The vector file format (vectors/FORMAT.md): what is written, and every malformed input
// reported as FILE:LINE: <what is wrong>.
#include <catch2/catch.hpp>

#include <sstream>

#include "model/isa/ptx.h"
#include "vectors/vector_file.h"
#include "tests/vectors/decoded.h"

using namespace halfpipe;
using namespace halfpipe::vectors;
using halfpipe::vectors_test::uop;

namespace {

std::vector<VectorRecord> read_all(const std::string& text) {
  std::istringstream in(text);
  VectorReader reader(in, "t.vec");
  std::vector<VectorRecord> out;
  for (VectorRecord v; reader.next(v);) out.push_back(v);
  return out;
}

// The message of the ParseError that reading `text` throws ("" if none).
std::string error_of(const std::string& text) {
  try {
    read_all(text);
  } catch (const ParseError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("registers are written as 0x and lowercase hex, 4 digits scalar, 8 packed") {
  CHECK(format_register(uop("add.f16"), 0x3C00) == "0x3c00");
  CHECK(format_register(uop("add.f16x2"), 0x3C00) == "0x00003c00");
  CHECK(format_vector_line("fma.rn.bf16", uop("fma.rn.bf16"), {0x3f80, 0xbf80, 0x0001}, 0xABCD) ==
        "fma.rn.bf16 0x3f80 0xbf80 0x0001 0xabcd\n");
  CHECK(format_vector_line("neg.f16x2", uop("neg.f16x2"), {0x80003c00, 0, 0}, 0x0000bc00) ==
        "neg.f16x2 0x80003c00 0x0000bc00\n");
}

TEST_CASE("a written file reads back, header and all, and dropping the last column gives eval input") {
  GenerationRequest request;
  request.forms = {"add.rn.f16", "fma.rn.relu.bf16x2"};
  request.random_count = 20;
  request.corner = true;
  std::ostringstream out;
  write_vector_file(out, request);
  const std::string text = out.str();
  CHECK(text.rfind("# halfpipe vectors", 0) == 0);
  CHECK(text.find("# generator: halfpipe-vectors 2\n") != std::string::npos);
  // The forms are written canonically (add.rn.f16 is add.f16).
  CHECK(text.find("# command: halfpipe gen add.f16 fma.rn.relu.bf16x2 --corner --random 20 --seed 1\n") !=
        std::string::npos);
  const auto records = read_all(text);
  REQUIRE(!records.empty());
  CHECK(records.front().form == "add.f16");
  CHECK(records.back().form == "fma.rn.relu.bf16x2");
  CHECK(records.back().uop.packed);
}

TEST_CASE("readers accept comments, blank lines, tabs, CRLF, missing 0x and upper case") {
  const auto records = read_all(
      "# a comment\n"
      "\n"
      "add.f16\t3C00 0x3c00   0x4000   # trailing comment\r\n"
      "  # indented comment\n"
      "fma.rn.f16x2 0X00003c00 1 0 0x00000000\n");
  REQUIRE(records.size() == 2);
  CHECK(records[0].operands == Operands{0x3c00, 0x3c00, 0});
  CHECK(records[0].expected == 0x4000);
  CHECK(records[0].line == 3);
  CHECK(records[1].operands == Operands{0x3c00, 1, 0});
  CHECK(records[1].line == 5);
}

TEST_CASE("bad input: a malformed value names the file, line and column of the value") {
  CHECK(error_of("add.f16 0x3c00 0x3c00 0x4000\nadd.f16 0x3c0g 0x3c00 0x4000\n") ==
        "t.vec:2: operand A of add.f16: '0x3c0g' is not a hexadecimal number");
  CHECK(error_of("add.f16 0x3c00 - 0x4000\n") ==
        "t.vec:1: operand B of add.f16: '-' is not a hexadecimal number");
  CHECK(error_of("add.f16 0x3c00 0x3c00 0x\n") ==
        "t.vec:1: expected result of add.f16: '0x' is not a hexadecimal number");
}

TEST_CASE("bad input: an unknown or illegal form, with the decoder's reason") {
  const std::string unknown = error_of("frobnicate.f16 0x0 0x0 0x0\n");
  CHECK(unknown.rfind("t.vec:1: unknown form 'frobnicate.f16': ", 0) == 0);
  // S22: .ftz is illegal on bf16 add.
  const std::string illegal = error_of("add.ftz.bf16 0x0 0x0 0x0\n");
  CHECK(illegal.rfind("t.vec:1: unknown form 'add.ftz.bf16': ", 0) == 0);
  CHECK(illegal.find(".ftz") != std::string::npos);
}

TEST_CASE("bad input: the wrong number of values for the form") {
  CHECK(error_of("add.f16 0x3c00 0x4000\n") ==
        "t.vec:1: add.f16 takes 2 operands and the expected result (3 values), found 2");
  CHECK(error_of("neg.f16 0x3c00 0x3c00 0xbc00\n") ==
        "t.vec:1: neg.f16 takes 1 operand and the expected result (2 values), found 3");
  CHECK(error_of("fma.rn.f16 0x3c00 0x3c00 0x3c00\n") ==
        "t.vec:1: fma.rn.f16 takes 3 operands and the expected result (4 values), found 3");
}

TEST_CASE("bad input: a value wider than the form's register") {
  CHECK(error_of("add.f16 0x00003c00 0x3c00 0x4000\n") ==
        "t.vec:1: operand A of add.f16: '0x00003c00' has 8 hex digits, more than the 4 of a "
        "16-bit register");
  CHECK(error_of("add.f16x2 0x3c00 0x3c00 0x123456789\n") ==
        "t.vec:1: expected result of add.f16x2: '0x123456789' has 9 hex digits, more than the 8 "
        "of a 32-bit register");
}

TEST_CASE("bad input: a truncated file") {
  // Cut inside the last line: no end of line.
  CHECK(error_of("add.f16 0x3c00 0x3c00 0x4000\nadd.f16 0x3c00 0x3c00 0x40") ==
        "t.vec:2: truncated: the last line has no end of line (the file was cut short?)");
  // Cut at a line boundary: fewer vectors than the header declares.
  CHECK(error_of("# vectors: 3\nadd.f16 0x3c00 0x3c00 0x4000\nadd.f16 0x3c00 0x3c00 0x4000\n") ==
        "t.vec:3: truncated: the header declares 3 vectors, the file holds 2");
  CHECK(error_of("# vectors: 1\nadd.f16 0x3c00 0x3c00 0x4000\nadd.f16 0x3c00 0x3c00 0x4000\n") ==
        "t.vec:3: the header declares 1 vectors, the file holds 2");
  CHECK(error_of("# vectors: many\n") == "t.vec:1: the '# vectors:' header field is not a count");
  CHECK(error_of("") == "t.vec:1: no vectors in the file");
  CHECK(error_of("# only a header\n") == "t.vec:1: no vectors in the file");
}

TEST_CASE("bad input: a line of a megabyte, and bytes that are not text") {
  const std::string huge = "add.f16 0x3c00 0x3c00 0x4000\n" + std::string(1 << 20, '7') + "\n";
  CHECK(error_of(huge) == "t.vec:2: line longer than 4096 characters");
  // The same without an end of line at all.
  CHECK(error_of(std::string(1 << 20, 'a')) == "t.vec:1: line longer than 4096 characters");
  CHECK(error_of(std::string("add.f16 0x3c00\0 0x3c00 0x4000\n", 30)) ==
        "t.vec:1: byte 0x00 in column 15 is not text");
}
