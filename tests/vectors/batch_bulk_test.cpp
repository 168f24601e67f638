// `eval --batch` in bulk (vectors/batch_bulk.h): grouping PTX lines by form and evaluating them
// with execute_n changes nothing a caller sees. Every line's output and the tally are compared
// with BatchEvaluator (batch.h) taking the same lines one at a time, as eval --batch did before.
#include <catch2/catch.hpp>
#include <cstdint>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "model/isa/ptx.h"
#include "vectors/batch.h"
#include "vectors/batch_bulk.h"
#include "vectors/vector_file.h"

namespace {

using namespace halfpipe::vectors;

// The old loop of sim/cmd_eval.cpp: one line at a time through BatchEvaluator.
std::string one_at_a_time(const std::vector<std::string>& lines, BatchTally& tally) {
  BatchEvaluator evaluator;
  std::string out, message;
  for (const std::string& line : lines) {
    ++tally.line_number;
    const std::optional<std::string> problem = not_a_text_line(line);
    const Tokens tokens = tokenize(problem ? std::string_view() : line);
    if (tokens.empty() && !problem) continue;
    ++tally.evaluated;
    const size_t mark = out.size();
    if (problem || !evaluator.evaluate(line, tokens, out)) {
      if (problem) out += *problem;
      message.assign(out, mark, std::string::npos);
      out.resize(mark);
      out += "error: " + message;
      if (tally.failed++ == 0) {
        tally.first_failed_line = tally.line_number;
        tally.first_failure = message;
      }
    }
    out += '\n';
  }
  return out;
}

std::string in_blocks(const std::vector<std::string>& lines, size_t block, BatchTally& tally) {
  BulkBatchEvaluator evaluator;
  std::string out;
  for (size_t i = 0; i < lines.size(); ++i) {
    evaluator.add(lines[i]);
    if ((i + 1) % block == 0) evaluator.flush(out);
  }
  evaluator.flush(out);
  tally = evaluator.tally();
  return out;
}

std::string hex(uint32_t v, int digits) {
  char text[16];
  std::snprintf(text, sizeof text, "0x%0*x", digits, v);
  return text;
}

}  // namespace

TEST_CASE("eval --batch in bulk: every legal form, random operands, the output of one line at a time",
          "[batch]") {
  std::mt19937 rng(15);
  std::vector<std::string> lines;
  const auto& forms = halfpipe::isa::legal_ptx_forms();
  for (int round = 0; round < 40; ++round) {
    for (const std::string& form : forms) {
      const halfpipe::Uop u = *halfpipe::isa::decode_ptx(form).uop;
      const int digits = u.packed ? 8 : 4;
      std::string line = form;
      for (int k = 0; k < halfpipe::operand_count(u.op); ++k) {
        const uint32_t v = u.packed ? static_cast<uint32_t>(rng()) : rng() & 0xFFFF;
        // Spellings vary: 0x, 0X, none, short, upper-case digits, tabs.
        switch (rng() % 4) {
          case 0: line += " " + hex(v, digits); break;
          case 1: line += "\t0X" + hex(v, 1).substr(2); break;
          case 2: {
            std::string h = hex(v, digits).substr(2);
            for (char& c : h) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
            line += "  " + h;
            break;
          }
          default: line += " " + hex(v, 1).substr(2); break;
        }
      }
      lines.push_back(line);
    }
  }
  BatchTally expected, got;
  const std::string want = one_at_a_time(lines, expected);
  for (size_t block : {size_t{1}, size_t{7}, size_t{1000}, lines.size()}) {
    INFO("block of " << block << " lines");
    CHECK(in_blocks(lines, block, got) == want);
    CHECK(got.evaluated == expected.evaluated);
    CHECK(got.failed == 0);
  }
}

TEST_CASE("eval --batch in bulk: comments, blank, vISA and malformed lines keep their place, messages and tally",
          "[batch]") {
  const std::vector<std::string> lines = {
      "add.f16 0x3c00 0x3c00",
      "# a comment",
      "   ",
      "",
      "add.rn.f16 3c00 0X3C00   # trailing comment",
      "fma.rn.bf16 0x3f88 0x3f88 0x0d80",
      "fma.rn.bf16 0x3f88 0x3f88",                  // too few operands
      "add.f16 0x13c00 0x3c00",                     // too wide
      "add.f16 0x3c0g 0x3c00",                      // not hex
      "add.f16 0x 0x3c00",                          // empty
      "bogus.f16 1 2",                              // not a form
      "MAX (8) hf 0xff 0,0,0,0,0,0,0,0 1,2,3,4,5,6,7,8 8,7,6,5,4,3,2,1",
      "add.f16 0x1 0x2 0x3",                        // too many operands
      "add.f16 0x0001,0x0002",                      // a comma
      std::string("sub.f16 \x01 2"),                // a control byte
      std::string(5000, 'a'),                       // longer than a line may be
      "tanh.approx.f16 0x3c00",
      "add.f16 1 2",
  };
  BatchTally expected, got;
  const std::string want = one_at_a_time(lines, expected);
  for (size_t block : {size_t{1}, size_t{3}, lines.size()}) {
    INFO("block of " << block << " lines");
    CHECK(in_blocks(lines, block, got) == want);
    CHECK(got.line_number == expected.line_number);
    CHECK(got.evaluated == expected.evaluated);
    CHECK(got.failed == expected.failed);
    CHECK(got.first_failed_line == expected.first_failed_line);
    CHECK(got.first_failure == expected.first_failure);
  }
  // Hand-checked: 1.0 + 1.0 = 2.0, and the bf16 fma (S4, S5).
  CHECK(want.rfind("0x4000\n0x4000\n0x3f91\nerror: 'fma.rn.bf16' takes 3 operands, got 2\n", 0) == 0);
  CHECK(expected.first_failed_line == 7);
}

TEST_CASE("eval --batch in bulk: a form above --target is refused line by line, as before", "[batch]") {
  std::string error;
  const auto target = halfpipe::isa::parse_target("sm_70", "", error);
  REQUIRE(target);
  BulkBatchEvaluator bulk(target);
  BatchEvaluator single(target);
  const std::string line = "add.bf16 0x3f80 0x3f80";  // bf16 add needs sm_90
  bulk.add(line);
  std::string out, want;
  bulk.flush(out);
  const Tokens tokens = tokenize(line);
  REQUIRE_FALSE(single.evaluate(line, tokens, want));
  CHECK(out == "error: " + want + "\n");
  CHECK(bulk.tally().failed == 1);
}
