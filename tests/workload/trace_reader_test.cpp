// The trace reader (model/workload/trace_reader.h, doc/trace-format.md): warps, registers as
// words, forms of the unit and others, and bad lines as FILE:LINE: problem, lines counted here.
#include <catch2/catch.hpp>

#include <string>

#include "model/workload/trace_reader.h"

namespace {

using namespace halfpipe::workload;

std::string error_of(const std::string& text) {
  try {
    parse_trace(text, "t.trace");
  } catch (const ReadError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("trace reader: warp lines start streams, each with its own registers", "[workload][trace]") {
  const Trace t = parse_trace(
      "# two warps\n"
      "fma.rn.f16x2 acc, a, b, acc   # warp 0 before any warp line\n"
      "\n"
      "warp 3\n"
      "ld.global.u32 a, p\n"
      "add.f16x2 s, a, a\n",
      "t.trace");
  CHECK(t.names_warps);
  REQUIRE(t.warps.size() == 2);
  const Program& w0 = t.warps[0];
  CHECK(w0.name == "warp 0");
  REQUIRE(w0.code.size() == 1);
  CHECK(w0.code[0].line == 2);
  CHECK(w0.code[0].destinations == std::vector<int>{0});   // acc
  CHECK(w0.code[0].sources == std::vector<int>{1, 2, 0});  // a, b, acc
  CHECK(w0.forms[0].uop.has_value());
  const Program& w3 = t.warps[1];
  CHECK(w3.name == "warp 3");
  REQUIRE(w3.code.size() == 2);
  CHECK(w3.registers == std::vector<std::string>{"a", "p", "s"});  // warp 3's own `a`
  CHECK_FALSE(w3.forms[w3.code[0].form].uop);  // ld.global.u32: another unit's
  CHECK(w3.forms[w3.code[1].form].uop);
  CHECK_FALSE(parse_trace("add.f16 a, b, c\n", "t.trace").names_warps);
}

TEST_CASE("trace reader: a bad line is FILE:LINE: problem", "[workload][trace][bad-input]") {
  const std::string good = "add.f16 a, b, c\n";
  CHECK(error_of(good + "add.f16\n") == "t.trace:2: add.f16 has no destination register");
  CHECK(error_of(good + "fma.rn.f16 a, b, c, d, e\n") == "t.trace:2: fma.rn.f16 has 4 sources; at most 3");
  CHECK(error_of(good + "add.f16 a, b+1, c\n") == "t.trace:2: operand 'b+1' is not a register word");
  CHECK(error_of(good + "add.f16 a, , c\n") == "t.trace:2: operand '' is not a register word");
  CHECK(error_of(good + "1add a, b\n") == "t.trace:2: '1add' is not an opcode word");
  CHECK(error_of(good + "warp -1\n") == "t.trace:2: 'warp -1': expected 'warp N', N a warp number");
  CHECK(error_of("warp 1\n" + good + "warp 1\n" + good) == "t.trace:3: warp 1 is given twice");
  CHECK(error_of("warp 0\n" + good + "warp 2\n# nothing\n") == "t.trace:3: warp 2 has no instructions");
  CHECK(error_of("# only a comment\n") == "t.trace:1: no instructions in the trace");
  CHECK(error_of(good + "add.f16 a,\x02 b, c\n") == "t.trace:2: control character 0x02");
  CHECK(error_of(good + std::string(5000, 'x') + "\n") == "t.trace:2: line longer than 4096 characters");
}
