// `halfpipe uop WORD` and `halfpipe forms`: what a Uop word names, and the legal forms. The words
// below are composed by hand from model/uop/uop.h's layout ([3:0] op, [6:4] format, [7] packed,
// [8] ftz, [9] sat, [10] relu, [14] nan_policy, [15] src0 neg, [18] src1 abs, [19] format[3]),
// not taken from the encoder.
#include <catch2/catch.hpp>

#include <set>
#include <sstream>
#include <string>

#include "model/isa/ptx.h"
#include "tb/uop_name.h"
#include "tests/support/form_counts.h"
#include "tests/support/run_halfpipe.h"

namespace {

using halfpipe::test::kOps;
using halfpipe::test::kPtxForms;
using halfpipe::test::run_halfpipe;
using halfpipe::tb::uop_name;

size_t line_count(const std::string& text) {
  size_t n = 0;
  for (const char c : text) n += c == '\n';
  return n;
}

}  // namespace

TEST_CASE("uop: a PTX word names its canonical form") {
  CHECK(uop_name(0x00000).form == "add.f16");               // op 0, f16, no modifiers
  CHECK(uop_name(0x00102).form == "mul.ftz.f16");           // op 2, ftz 0x100
  CHECK(uop_name(0x00493).form == "fma.rn.relu.bf16x2");    // op 3, bf16 0x10, packed 0x80, relu 0x400
  CHECK(uop_name(0x00009).form == "ex2.approx.f16");        // op 9: .approx is not a bit
}

TEST_CASE("uop: a vISA word names its element operation, source modifiers included") {
  // MAX (7), nan_policy 0x4000, sat 0x200, format 2 = s16 (W) 0x20, src0 neg 0x8000.
  CHECK(uop_name(0x0C227).form == "MAX.sat w -src0 src1");
  // MIN (6), nan_policy, format 11 = f64 (DF): [6:4] = 3 (0x30) and [19] = 1, src1 abs 0x40000.
  CHECK(uop_name(0xC4036).form == "MIN df src0 (abs)src1");
}

TEST_CASE("uop: a word that names no form says which field") {
  CHECK(uop_name(0x0000C).error ==
        "op field [3:0] is 12: ops are 0.." + std::to_string(kOps - 1));
  CHECK(uop_name(0x80070).error.find("format field [19,6:4] is 15") == 0);
  CHECK(uop_name(0x00402).error == "relu [10] is set, which mul.f16 does not take");
  CHECK(uop_name(0x40006).error.find("src1_abs [18] is set, which only vISA words set") == 0);
  CHECK(uop_name(0x04000).error.find("nan_policy [14] is set, which only vISA MIN/MAX words set") == 0);
  CHECK(uop_name(0x100000).error.find("bits set above bit 19") != std::string::npos);
  for (const uint32_t bad : {0x0000Cu, 0x00402u, 0x100000u}) CHECK(uop_name(bad).form.empty());
}

TEST_CASE("uop: the table lists every legal PTX form once and 704 vISA element operations, sorted") {
  const auto& table = halfpipe::tb::uop_name_table();
  // 124 PTX forms; vISA: MIN/MAX x .sat x 11 types x 4 x 4 source modifier pairs.
  CHECK(table.size() == halfpipe::isa::legal_ptx_forms().size() + 2 * 2 * 11 * 16);
  std::set<std::string> ptx(halfpipe::isa::legal_ptx_forms().begin(),
                            halfpipe::isa::legal_ptx_forms().end());
  size_t ptx_named = 0;
  for (size_t i = 0; i < table.size(); ++i) {
    CAPTURE(table[i].first);
    if (i) CHECK(table[i - 1].first < table[i].first);
    CHECK(uop_name(table[i].first).form == table[i].second);
    ptx_named += ptx.count(table[i].second);
  }
  CHECK(ptx_named == ptx.size());
}

TEST_CASE("uop command: prints the form and the fields, and exits 2 naming the invalid field") {
  const auto ok = run_halfpipe("uop 0x00493");
  INFO(ok.output);
  CHECK(ok.status == 0);
  CHECK(ok.output.rfind("0x00493 fma.rn.relu.bf16x2\n", 0) == 0);
  CHECK(ok.output.find("  op           [3:0]      3  fma\n") != std::string::npos);
  CHECK(ok.output.find("  format       [19,6:4]   1  bf16\n") != std::string::npos);
  CHECK(ok.output.find("  relu         [10]       1") != std::string::npos);

  const auto bad = run_halfpipe("uop 402", "", halfpipe::test::Stderr::Separate);
  CHECK(bad.status == 2);
  CHECK(bad.error == "halfpipe uop: 0x00402 names no form: relu [10] is set, which mul.f16 does "
                     "not take\n");
  CHECK(run_halfpipe("uop xyz").status == 2);
  CHECK(run_halfpipe("uop").status == 2);

  // The table is GTKWave's translate filter: five upper-case hex digits, the name.
  const auto table = run_halfpipe("uop --table");
  CHECK(table.status == 0);
  CHECK(table.output.find("\n00493 fma.rn.relu.bf16x2\n") != std::string::npos);
  CHECK(line_count(table.output) == 1 + halfpipe::tb::uop_name_table().size());
}

TEST_CASE("uop --ops: one line per op of the table, and --sv the RTL's op_e with the same codes") {
  // Codes as model/uop/uop.h's op field gives them; operand counts from the PTX pages (fma reads
  // a, b and c; neg, abs, tanh and ex2 one source).
  const auto ops = run_halfpipe("uop --ops");
  INFO(ops.output);
  CHECK(ops.status == 0);
  CHECK(ops.output.find("\n0 Add add 2 Rounding\n") != std::string::npos);
  CHECK(ops.output.find("\n3 Fma fma 3 Rounding\n") != std::string::npos);
  CHECK(ops.output.find("\n5 Abs abs 1 Selection\n") != std::string::npos);
  CHECK(ops.output.find("\n9 Ex2 ex2 1 Approximate\n") != std::string::npos);
  CHECK(line_count(ops.output) == 2 + kOps);

  const auto sv = run_halfpipe("uop --ops --sv");
  CHECK(sv.status == 0);
  CHECK(sv.output.find("typedef enum logic [OpWidth-1:0] {\n  OpAdd  = 4'd0,\n") != std::string::npos);
  CHECK(sv.output.find("  OpEx2  = 4'd9") != std::string::npos);
  CHECK(sv.output.size() > 8);
  CHECK(sv.output.compare(sv.output.size() - 8, 8, "} op_e;\n") == 0);

  CHECK(run_halfpipe("uop --ops --table").status == 2);
  CHECK(run_halfpipe("uop --ops 0x00493").status == 2);
  CHECK(run_halfpipe("uop --sv 0x00493").status == 2);
}

TEST_CASE("forms command: PTX then vISA, one per line, selected by --ptx, --visa and a target") {
  const auto all = run_halfpipe("forms");
  const auto ptx = run_halfpipe("forms --ptx");
  const auto visa = run_halfpipe("forms --visa");
  CHECK(all.status == 0);
  CHECK(line_count(ptx.output) == kPtxForms);
  CHECK(line_count(visa.output) == 11 * 296);
  CHECK(all.output == ptx.output + visa.output);
  CHECK(ptx.output.rfind("add.f16\n", 0) == 0);
  CHECK(visa.output.rfind("MIN (1, M1) hf\n", 0) == 0);
  // S23: min.bf16 and the bf16 arithmetic forms need sm_80 or sm_90; sm_70 takes fewer forms,
  // every one of them in the full list.
  const auto sm70 = run_halfpipe("forms --target sm_70");
  CHECK(sm70.status == 0);
  CHECK(line_count(sm70.output) < kPtxForms);
  std::istringstream lines(sm70.output);
  for (std::string form; std::getline(lines, form);) CHECK(ptx.output.find(form + "\n") != std::string::npos);
  CHECK(sm70.output.find("bf16") == std::string::npos);
  CHECK(run_halfpipe("forms --ptx 7.0").output == run_halfpipe("forms --all-ptx --ptx 7.0").output);
  CHECK(run_halfpipe("forms --visa --target sm_90").status == 2);
  CHECK(run_halfpipe("forms --target sm_xx").status == 2);
}

TEST_CASE("eval: operands as values, rounded to the form's format and said so, and --show decodes the result") {
  const auto exact = run_halfpipe("eval add.f16 1.0 2.0 --show", "", halfpipe::test::Stderr::Separate);
  CHECK(exact.status == 0);
  CHECK(exact.output == "0x4200\n  = 3 (normal)\n");  // 1 + 2 = 3
  CHECK(exact.error.empty());
  // Bits stay the default: 1 and 2 are two subnormals.
  CHECK(run_halfpipe("eval add.f16 1 2").output == "0x0003\n");
  CHECK(run_halfpipe("eval add.f16 1 2 --values").output == "0x4200\n");
  const auto tenth = run_halfpipe("eval add.f16 0.1 -0f", "", halfpipe::test::Stderr::Separate);
  CHECK(tenth.output == "0x2e66\n");
  CHECK(tenth.error == "halfpipe eval: 0.1 is not exact in f16: rounded to nearest even, 0x2e66 = "
                       "0.0999755859375 (normal)\n");
  // -inf is an operand, not an option; .sat clamps it to 0 and --show says so.
  const auto sat = run_halfpipe("eval add.sat.f16 -inf 1.5 --show");
  CHECK(sat.output == "0x0000\n  = 0 (zero)\n  .sat acted: without it 0xfc00 = -inf\n");
  const auto relu = run_halfpipe("eval fma.rn.relu.f16x2 -1.5 2.0 0.5 --show");
  CHECK(relu.output.find("  .relu acted: without it 0xc100c100 = lane 0 -2.5 (normal), lane 1 -2.5 (normal)\n") !=
        std::string::npos);
  const auto bad = run_halfpipe("eval add.f16 1.0 --values 0x3c00", "", halfpipe::test::Stderr::Separate);
  CHECK(bad.status == 2);
  CHECK(bad.error.find("'0x3c00' is not a value") != std::string::npos);
}
