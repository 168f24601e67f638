// `halfpipe gen`, `check` and `coverage` as a user runs them: the built binary, its output and
// its exit status.
#include <catch2/catch.hpp>

#include <sys/wait.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "tests/support/run_halfpipe.h"

namespace fs = std::filesystem;

namespace {

const std::string kData = HALFPIPE_SOURCE_DIR "/tests/vectors/data/";

using halfpipe::test::Run;
Run run(const std::string& args) { return halfpipe::test::run_halfpipe(args); }

// A scratch directory of this test binary's own.
fs::path scratch() {
  const fs::path dir = fs::path(HALFPIPE_BINARY_DIR) / "tests" / "vectors-scratch";
  fs::create_directories(dir);
  return dir;
}

std::string write(const std::string& name, const std::string& text) {
  const fs::path path = scratch() / name;
  std::ofstream(path, std::ios::binary) << text;
  return path.string();
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// The vector lines of a file, without its '#' header (which names the command and the seed).
std::string vector_lines(const std::string& text) {
  std::string lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
    if (line.rfind("#", 0) != 0) lines += line + "\n";
  return lines;
}

size_t line_count(const std::string& text) { return std::count(text.begin(), text.end(), '\n'); }

std::string read(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace

TEST_CASE("gen then check: a generated file replays with no mismatch") {
  const std::string file = (scratch() / "gen.vec").string();
  Run gen = run("gen add.rn.f16 fma.rn.oob.relu.bf16x2 --corner --random 300 --seed 0x2a -o " + file);
  REQUIRE(gen.status == 0);
  CHECK(gen.output.empty());
  // Every vector of the file counted as passed: "0 passed, 0 failed" is no replay.
  const size_t vectors = line_count(vector_lines(read(file)));
  CHECK(vectors > 2 * 300);
  Run check = run("check " + file);
  CHECK(check.status == 0);
  CHECK(contains("\n" + check.output, "\n" + std::to_string(vectors) + " passed, 0 failed\n"));
}

TEST_CASE("gen writes the same bytes for the same seed, and the seed in the header") {
  Run a = run("gen mul.bf16x2 --random 50 --seed 99");
  Run b = run("gen mul.bf16x2 --random 50 --seed 99");
  REQUIRE(a.status == 0);
  CHECK(a.output == b.output);
  CHECK(contains(a.output, "# seed: 99\n"));
  CHECK(contains(a.output, "# generator: halfpipe-vectors 2\n"));
  // The header names the seed, so only the vectors tell whether another seed changed anything.
  REQUIRE(line_count(vector_lines(a.output)) == 50);
  CHECK(vector_lines(a.output) != vector_lines(run("gen mul.bf16x2 --random 50 --seed 98").output));
}

TEST_CASE("gen --shard K/N: the shards concatenated are the whole stream") {
  const std::string whole = vector_lines(run("gen sub.f16x2 --corner --random 101").output);
  // Empty shards of an empty stream would concatenate to it too: the 101 random vectors and
  // some corner ones must be there.
  CHECK(line_count(whole) > 101);
  std::string joined;
  for (int k = 1; k <= 3; ++k)
    joined += vector_lines(run("gen sub.f16x2 --corner --random 101 --shard " + std::to_string(k) + "/3").output);
  CHECK(joined == whole);
  Run bad = run("gen sub.f16x2 --shard 4/3");
  CHECK(bad.status == 2);
  CHECK(contains(bad.output, "halfpipe gen: --shard: shard '4/3' needs 1 <= K <= N"));
}

TEST_CASE("gen rejects an illegal form with exit 2 and leaves no output file") {
  const std::string file = (scratch() / "illegal.vec").string();
  fs::remove(file);
  Run r = run("gen add.ftz.bf16 -o " + file);
  CHECK(r.status == 2);  // an input error; 1 until the contract of sim/exit_status.h
  CHECK(contains(r.output, "halfpipe gen: unknown form 'add.ftz.bf16': "));
  CHECK_FALSE(fs::exists(file));
  CHECK_FALSE(fs::exists(file + ".partial"));
}

TEST_CASE("check reports a mismatch with a reproducing command, and exits 1") {
  const std::string file = write("wrong.vec",
                                 "add.f16 0x3c00 0x3c00 0x4000\n"
                                 "add.f16 0x3c00 0x1000 0x3c01\n");
  Run r = run("check " + file);
  CHECK(r.status == 1);
  CHECK(contains(r.output, file + ":2: mismatch: add.f16 0x3c00 0x1000: expected 0x3c01, reference "
                           "gives 0x3c00; reproduce: halfpipe eval add.f16 0x3c00 0x1000\n"));
  CHECK(contains(r.output, "1 passed, 1 failed\n"));
}

TEST_CASE("check stops reporting after --max-errors but counts on") {
  std::string text;
  for (int i = 0; i < 30; ++i) text += "neg.f16 0x3c00 0x3c00\n";
  Run r = run("check --max-errors 5 " + write("many.vec", text));
  CHECK(r.status == 1);
  size_t reported = 0;
  for (size_t at = r.output.find("mismatch:"); at != std::string::npos; at = r.output.find("mismatch:", at + 1))
    ++reported;
  CHECK(reported == 5);
  CHECK(contains(r.output, "0 passed, 30 failed\n"));
}

TEST_CASE("check: bad input gives FILE:LINE: what is wrong and exit 2, never a crash") {
  struct Case {
    const char* name;
    std::string text;
    std::string message;
  };
  const Case cases[] = {
      {"malformed.vec", "add.f16 0x3c00 0x3c00 0x4000\nadd.f16 3c00 zz 4000\n",
       ":2: operand B of add.f16: 'zz' is not a hexadecimal number"},
      {"unknown.vec", "# header\nmadd.f16 0x1 0x2 0x3\n", ":2: unknown form 'madd.f16': "},
      {"width.vec", "min.f16 0x3c003c00 0x0 0x0\n",
       ":1: operand A of min.f16: '0x3c003c00' has 8 hex digits"},
      {"count.vec", "fma.rn.f16 0x1 0x2 0x3\n",
       ":1: fma.rn.f16 takes 3 operands and the expected result (4 values), found 3"},
      {"cut.vec", "add.f16 0x3c00 0x3c00 0x4000\nadd.f16 0x3c00 0x3c",
       ":2: truncated: the last line has no end of line"},
      {"short.vec", "# vectors: 5\nadd.f16 0x3c00 0x3c00 0x4000\n",
       ":2: truncated: the header declares 5 vectors, the file holds 1"},
      {"huge.vec", std::string(1 << 20, 'x') + "\n", ":1: line longer than 4096 characters"},
      {"empty.vec", "", ":1: no vectors in the file"},
  };
  for (const auto& c : cases) {
    INFO(c.name);
    const std::string file = write(c.name, c.text);
    Run r = run("check " + file);
    CHECK(r.status == 2);
    CHECK(contains(r.output, file + c.message));
  }
  Run missing = run("check " + (scratch() / "no-such-file.vec").string());
  CHECK(missing.status == 2);
  CHECK(contains(missing.output, "cannot open"));
}

TEST_CASE("check --testfloat reads TestFloat files and refuses unknown functions") {
  Run ok = run("check --testfloat f16_mulAdd " + kData + "f16_mulAdd.tf");
  CHECK(ok.status == 0);
  CHECK(contains(ok.output, "7 passed, 0 failed\n"));
  Run wrong = run("check --testfloat f16_add " + kData + "f16_mulAdd.tf");
  CHECK(wrong.status == 2);
  CHECK(contains(wrong.output, "f16_mulAdd.tf:1: f16_add lines hold 2 operands"));
  Run unknown = run("check --testfloat f16_div " + kData + "f16_add.tf");
  CHECK(unknown.status == 2);
  CHECK(contains(unknown.output, "unknown TestFloat function 'f16_div'"));
}

TEST_CASE("gen --format testfloat round-trips through check --testfloat") {
  const std::string file = (scratch() / "gen.tf").string();
  REQUIRE(run("gen sub.rn.f16 --corner --random 500 --format testfloat -o " + file).status == 0);
  const size_t vectors = line_count(read(file));  // TestFloat lines have no header
  CHECK(vectors > 500);
  Run r = run("check --testfloat f16_sub " + file);
  CHECK(r.status == 0);
  CHECK(contains("\n" + r.output, "\n" + std::to_string(vectors) + " passed, 0 failed\n"));
  Run bad = run("gen max.f16 --format testfloat");
  CHECK(bad.status == 2);  // an input error; 1 until the contract of sim/exit_status.h
  CHECK(contains(bad.output, "has no TestFloat counterpart"));
}

TEST_CASE("coverage prints the hit table, the empty bins and the unreachable ones") {
  const std::string file = (scratch() / "cov.vec").string();
  REQUIRE(run("gen add.ftz.sat.f16 -o " + file).status == 0);
  Run r = run("coverage --fail-on-empty " + file);
  CHECK(r.status == 0);
  CHECK(contains(r.output, "empty reachable bins: 0\n"));
  CHECK(contains(r.output, "result:inf: S12: .sat clamps to [+0, 1] (1 form)"));
  CHECK(contains(r.output, " reachable bins hit, 0 empty\n"));
  // One vector cannot fill the bins: --fail-on-empty says so.
  Run thin = run("coverage --fail-on-empty " + write("thin.vec", "add.f16 0x3c00 0x3c00 0x4000\n"));
  CHECK(thin.status == 1);
  CHECK(contains(thin.output, "  add.f16 lane0 a:-0\n"));
}

TEST_CASE("a vector file minus its last column is eval --batch input giving that column") {
  Run gen = run("gen add.f16 fma.rn.oob.relu.bf16x2 ex2.approx.f16x2 min.NaN.xorsign.abs.f16 "
                "--corner --random 100");
  REQUIRE(gen.status == 0);
  std::string batch, expected;
  std::istringstream lines(gen.output);
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind('#', 0) == 0) {
      batch += line + "\n";  // eval --batch skips comments too
      continue;
    }
    const size_t last = line.rfind(' ');
    batch += line.substr(0, last) + "\n";
    expected += line.substr(last + 1) + "\n";
  }
  // Four forms of 100 random vectors each, and their corners: an empty file would match too.
  CHECK(line_count(expected) > 4 * 100);
  Run eval = run("eval --batch < " + write("batch.txt", batch));
  CHECK(eval.status == 0);
  CHECK(eval.output == expected);
}
