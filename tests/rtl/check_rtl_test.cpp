// `halfpipe check FILE --rtl`: a vector file replayed through the Verilated hp_alu, compared and
// reported exactly as the reference backend is (vectors/check.h). The expected values below are
// worked out by hand from the formats' encodings, not taken from either implementation.
#include <catch2/catch.hpp>

#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "tb/rtl_backend.h"
#include "tests/support/run_halfpipe.h"
#include "vectors/check.h"
#include "vectors/vector_file.h"

namespace fs = std::filesystem;

namespace {

using namespace halfpipe;
using halfpipe::test::Run;
using halfpipe::test::run_halfpipe;

// f16: 1.0 = 0x3c00, 2.0 = 0x4000, 3.0 = 0x4200, 7.0 = 0x4700; bf16: 1.0 = 0x3f80, 2.0 = 0x4000,
// 4.0 = 0x4080. A packed operand carries lane 1 in its high half (S2).
const std::string kGoodVectors =
    "# hand-worked vectors\n"
    "add.rn.f16 0x3c00 0x3c00 0x4000\n"                      // 1 + 1 = 2
    "fma.rn.f16 0x4000 0x4200 0x3c00 0x4700\n"               // 2 * 3 + 1 = 7, S5
    "mul.rn.bf16x2 0x40003f80 0x40004000 0x40804000\n"       // (2*2, 1*2) = (4, 2)
    "max.NaN.f16 0x7e00 0x3c00 0x7fff\n"                     // S15: .NaN gives the canonical NaN
    "fma.rn.relu.f16x2 0xbc003c00 0x3c003c00 0x00003c00 0x00004000\n";  // S13: (-1 -> +0, 2)

// The same, with line 4's expected value wrong (3 instead of 2 for 1 + 1).
const std::string kOneWrongVector =
    "# hand-worked vectors\n"
    "fma.rn.f16 0x4000 0x4200 0x3c00 0x4700\n"
    "mul.rn.bf16x2 0x40003f80 0x40004000 0x40804000\n"
    "add.rn.f16 0x3c00 0x3c00 0x4200\n"
    "max.NaN.f16 0x7e00 0x3c00 0x7fff\n";

std::string replay(const std::string& text, const std::string& name, int lanes,
                   vectors::CheckCounts& counts) {
  auto backend = tb::make_rtl_backend(lanes);
  std::ostringstream report;
  vectors::Checker checker(*backend, report, vectors::NanMatch::Exact);
  std::istringstream in(text);
  vectors::VectorReader reader(in, name);
  for (vectors::VectorRecord v; reader.next(v);) checker.check(name, v);
  counts = checker.counts();
  return report.str() + checker.summary() + "\n";
}

// A folder of this process's own: CTest runs the test cases side by side, and two of them write
// good.vec.
std::string write_scratch(const std::string& name, const std::string& text) {
  const fs::path dir =
      fs::path(HALFPIPE_BINARY_DIR) / "tests" / ("rtl-scratch-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const fs::path path = dir / name;
  std::ofstream(path, std::ios::binary) << text;
  return path.string();
}

}  // namespace

TEST_CASE("check --rtl: hand-worked scalar and packed vectors pass through the RTL at every lane count") {
  for (int lanes : {2, 4, 8}) {
    vectors::CheckCounts counts;
    const std::string report = replay(kGoodVectors, "good.vec", lanes, counts);
    INFO("Lanes=" << lanes << ":\n" << report);
    CHECK(counts.passed == 5);
    CHECK(counts.failed == 0);
    CHECK(counts.unsupported == 0);
  }
}

TEST_CASE("check --rtl: a wrong expected value is reported with FILE:LINE, operands, expected and got") {
  vectors::CheckCounts counts;
  const std::string report = replay(kOneWrongVector, "bad.vec", 2, counts);
  INFO(report);
  CHECK(counts.passed == 3);
  CHECK(counts.failed == 1);
  CHECK(report.find("bad.vec:4: mismatch: add.rn.f16 0x3c00 0x3c00: expected 0x4200") !=
        std::string::npos);
  CHECK(report.find("RTL (Lanes=2, Depth=4) gives 0x4000") != std::string::npos);
  CHECK(report.find("3 passed, 1 failed") != std::string::npos);
  // The reproduce command runs the instruction through the RTL again, not the reference.
  const std::string reproduce = "halfpipe sweep add.rn.f16 --vector 0x3c00,0x3c00 --lanes 2 --depth 4";
  CHECK(report.find("reproduce: " + reproduce + "\n") != std::string::npos);
  const Run rerun = run_halfpipe(reproduce.substr(std::string("halfpipe ").size()));
  INFO(rerun.output);
  CHECK(rerun.status == 0);
  CHECK(rerun.output.find("(Lanes=2, ") != std::string::npos);  // the sweep's Verilated unit
  CHECK(rerun.output.find("1 passed, 0 failed\n") != std::string::npos);
}

TEST_CASE("check --rtl: the command passes a good file and fails a bad one, naming FILE:LINE") {
  const std::string good = write_scratch("good.vec", kGoodVectors);
  const Run pass = run_halfpipe("check --rtl --lanes 4 " + good);
  INFO(pass.output);
  CHECK(pass.status == 0);
  CHECK(pass.output == "5 passed, 0 failed\n");

  const std::string bad = write_scratch("bad.vec", kOneWrongVector);
  const Run fail = run_halfpipe("check " + bad + " --rtl");
  INFO(fail.output);
  CHECK(fail.status == 1);
  CHECK(fail.output.find(bad + ":4: mismatch: add.rn.f16") != std::string::npos);
  CHECK(fail.output.find("3 passed, 1 failed\n") != std::string::npos);
}

TEST_CASE("check --rtl: a lane count that was not Verilated is refused with a clear error") {
  const std::string good = write_scratch("good.vec", kGoodVectors);
  const Run r = run_halfpipe("check --rtl --lanes 3 " + good);
  INFO(r.output);
  CHECK(r.status == 2);
  CHECK(r.output.find("halfpipe check:") != std::string::npos);
}
