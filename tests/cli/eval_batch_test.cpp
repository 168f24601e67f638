// `halfpipe eval` and `halfpipe eval --batch`, run as the built binary: the line-for-line output
// contract that external oracles and scripts depend on.
#include <catch2/catch.hpp>

#include <string>

#include "tests/support/run_halfpipe.h"

namespace {

using halfpipe::test::Run;

// Runs `halfpipe ARGS` with `input` on stdin; stdout in `output`, stderr in `error`.
Run run(const std::string& args, const std::string& input = "") {
  return halfpipe::test::run_halfpipe(args, input, halfpipe::test::Stderr::Separate);
}

}  // namespace

// f16: 1.0 = 0x3c00, 2.0 = 0x4000, 3.0 = 0x4200; bf16: 1.0 = 0x3f80, 2.0 = 0x4000, 3.0 = 0x4040.
TEST_CASE("eval --batch: a mixed input gives one aligned line per evaluated line and exit 1",
          "[cli][batch]") {
  const std::string input =
      "# a comment line, then a blank one\n"
      "\n"
      "add.f16 3c00 3c00\n"
      "add.f16 3c00 zz\n"
      "   \t  \n"
      "add.f16 0x3C00 0X3c00   # hex case and 0x are free; a trailing comment\n"
      "add.f16 3c00\n"
      "add.f16 3c00 3c00 3c00\n"
      "add.f16 13c00 0\n"
      "add.f16x2 0x3c004000 3c003c00\n"
      "add.f16x2 13c004000 0\n"
      "frob.f16 1 2\n"
      "add.ftz.bf16 1 2\n"
      "fma.rn.oob.relu.bf16x2 7ff73f80 3f803f80 3f803f80\n"
      "fma.f16 1 2 3\n"
      "neg.bf16 3f80\n"
      "add.f16 0x 1\n"
      "mul.bf16 4040 4000\r\n"
      "min.NaN.f16 7e00 3c00";  // no final newline
  const std::string expected =
      "0x4000\n"
      "error: bad hex operand 'zz'\n"
      "0x4000\n"
      "error: 'add.f16' takes 2 operands, got 1\n"
      "error: 'add.f16' takes 2 operands, got 3\n"
      "error: operand '13c00' is too wide: 'add.f16' takes at most 4 hex digits\n"
      "0x40004200\n"
      "error: operand '13c004000' is too wide: 'add.f16x2' takes at most 8 hex digits\n"
      "error: unknown opcode 'frob'\n"
      "error: illegal modifier '.ftz' for 'add.bf16'\n"
      "0x00004000\n"
      "error: 'fma' requires a rounding modifier\n"
      "0xbf80\n"
      "error: bad hex operand '0x'\n"
      "0x40c0\n"
      "0x7fff\n";
  Run r = run("eval --batch", input);
  CHECK(r.output == expected);
  CHECK(r.status == 1);
  CHECK(r.error == "halfpipe eval --batch: 9 of 16 lines failed; the first, <stdin>:4: bad hex operand 'zz'\n");
}

TEST_CASE("eval --batch: an input where every line succeeds exits 0", "[cli][batch]") {
  Run r = run("eval --batch",
                   "add.f16 3c00 3c00\n"
                   "# fine\n"
                   "sub.rn.f16x2 42004200 3c003c00\n"
                   "fma.rn.relu.bf16 3f80 4000 3f80\n"
                   "max.xorsign.abs.bf16 c000 bf80\n");
  CHECK(r.output == "0x4000\n0x40004000\n0x4040\n0x4000\n");
  CHECK(r.status == 0);
  CHECK(r.error.empty());
}

TEST_CASE("eval --batch: empty input writes nothing and exits 0", "[cli][batch]") {
  Run r = run("eval --batch", "# only a comment\n\n");
  CHECK(r.output.empty());
  CHECK(r.status == 0);
}

TEST_CASE("S23: eval --batch --target and --ptx reject forms above the target, line by line",
          "[cli][batch][S23]") {
  const std::string input =
      "add.f16 3c00 3c00\n"
      "add.bf16 3f80 3f80\n"
      "fma.rn.relu.bf16 3f80 4000 3f80\n"
      "min.xorsign.abs.f16 c000 3c00\n";
  Run r = run("eval --batch --target sm_80", input);
  CHECK(r.output ==
        "0x4000\n"
        "error: 'add.bf16' requires sm_90 or higher\n"
        "0x4040\n"
        "error: 'min.xorsign.abs.f16' requires sm_86 or higher\n");
  CHECK(r.status == 1);

  r = run("eval --batch --target sm_90 --ptx 7.2", input);
  CHECK(r.output ==
        "0x4000\n"
        "error: 'add.bf16' requires PTX ISA .version 7.8\n"
        "0x4040\n"
        "0xbc00\n");
  CHECK(r.status == 1);

  r = run("eval --batch --target sm_90 --ptx 7.8", input);
  CHECK(r.output == "0x4000\n0x4000\n0x4040\n0xbc00\n");
  CHECK(r.status == 0);
}

TEST_CASE("eval: one instruction prints its result, an error goes to stderr with exit 2", "[cli]") {
  Run r = run("eval fma.rn.f16 4000 4200 3c00");
  CHECK(r.output == "0x4700\n");
  CHECK(r.status == 0);

  r = run("eval add.bf16x2 0x3f804000 0x3f803f80");
  CHECK(r.output == "0x40004040\n");
  CHECK(r.status == 0);

  r = run("eval add.bf16 3f80 3f80 --target sm_89");
  CHECK(r.output.empty());
  CHECK(r.error == "halfpipe eval: 'add.bf16' requires sm_90 or higher\n");
  CHECK(r.status == 2);  // an input error; 1 until the contract of sim/exit_status.h

  r = run("eval neg.f16");
  CHECK(r.error == "halfpipe eval: 'neg.f16' takes 1 operand, got 0\n");
  CHECK(r.status == 2);
}

TEST_CASE("eval: a malformed target is named and nothing is evaluated", "[cli]") {
  Run r = run("eval --batch --target 90", "add.f16 3c00 3c00\n");
  CHECK(r.output.empty());
  CHECK(r.error == "halfpipe eval: bad target '90': expected sm_NN, e.g. sm_90\n");
  CHECK(r.status == 2);  // a usage error; 1 until the contract of sim/exit_status.h

  r = run("eval add.f16 3c00 3c00 --ptx 8");
  CHECK(r.error == "halfpipe eval: bad PTX ISA version '8': expected X.Y, e.g. 8.1\n");
  CHECK(r.status == 2);
}

// vISA lines (model/isa/visa.h) share the stream. MIN (2) with mask control M1 and execution
// mask 0b01 computes channel 0 only; channel 1 keeps its destination element (S25).
TEST_CASE("eval --batch: vISA MIN/MAX lines and PTX lines share one stream, line for line",
          "[cli][batch][S25]") {
  Run r = run("eval --batch",
                   "add.f16 3c00 3c00\n"
                   "MAX (1) hf 1 0 3c00 4000\n"
                   "min.f16 3c00 4000\n"
                   "MIN (2) w 1 7,7 5,3 4,1\n"
                   "max (3) hf 1 0 0 0\n"
                   "max.f16 3c00 4000\n");
  std::istringstream lines(r.output);
  std::string line[7];
  int n = 0;
  while (n < 7 && std::getline(lines, line[n])) ++n;
  REQUIRE(n == 6);
  CHECK(line[0] == "0x4000");
  CHECK(line[1] == "0x4000");
  CHECK(line[2] == "0x3c00");
  CHECK(line[3] == "0x0004,0x0007");
  CHECK(line[4].rfind("error: ", 0) == 0);  // an exec size of 3 (S24); the message is visa.cpp's
  CHECK(line[5] == "0x4000");
  CHECK(r.status == 1);
}
