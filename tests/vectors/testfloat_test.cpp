// TestFloat interoperability, against the hand-written samples in tests/vectors/data/ (not
// TestFloat's output: TestFloat is not vendored).
#include <catch2/catch.hpp>

#include <algorithm>
#include <fstream>
#include <sstream>

#include "model/isa/ptx.h"
#include "model/ref/format.h"
#include "vectors/check.h"
#include "vectors/testfloat.h"
#include "tests/support/read_file.h"

using namespace halfpipe;
using namespace halfpipe::vectors;

using halfpipe::test::read_file;

namespace {

const std::string kData = HALFPIPE_SOURCE_DIR "/tests/vectors/data/";

std::vector<VectorRecord> read_testfloat(const std::string& text, const char* function) {
  std::istringstream in(text);
  const auto f = find_testfloat_function(function);
  REQUIRE(f);
  TestFloatReader reader(in, "t.tf", *f);
  std::vector<VectorRecord> out;
  for (VectorRecord v; reader.next(v);) out.push_back(v);
  return out;
}

CheckCounts check_text(const std::string& text, const char* function, std::string* report = nullptr) {
  auto backend = make_reference_backend();
  std::ostringstream out;
  Checker checker(*backend, out, NanMatch::AnyNan);
  for (const auto& v : read_testfloat(text, function)) checker.check("t.tf", v);
  if (report) *report = out.str();
  return checker.counts();
}

std::string error_of(const std::string& text, const char* function) {
  try {
    read_testfloat(text, function);
  } catch (const ParseError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("the four TestFloat functions map to the plain IEEE forms") {
  CHECK(std::string(find_testfloat_function("f16_add")->form) == "add.rn.f16");
  CHECK(std::string(find_testfloat_function("f16_sub")->form) == "sub.rn.f16");
  CHECK(std::string(find_testfloat_function("f16_mul")->form) == "mul.rn.f16");
  CHECK(std::string(find_testfloat_function("f16_mulAdd")->form) == "fma.rn.f16");
  CHECK_FALSE(find_testfloat_function("f16_div"));
  CHECK_FALSE(find_testfloat_function("f32_add"));
  CHECK(testfloat_function_for(*isa::decode_ptx("add.f16").uop));
  CHECK_FALSE(testfloat_function_for(*isa::decode_ptx("add.ftz.f16").uop));
  CHECK_FALSE(testfloat_function_for(*isa::decode_ptx("fma.rn.bf16").uop));
}

TEST_CASE("hand-written TestFloat samples pass through the reference, NaN as any NaN") {
  for (const char* function : {"f16_add", "f16_sub", "f16_mul", "f16_mulAdd"}) {
    INFO(function);
    std::string report;
    const std::string text = read_file(kData + function + ".tf");
    const CheckCounts c = check_text(text, function, &report);
    CHECK(report.empty());
    CHECK(c.failed == 0);
    // Every sample line (they hold no comments) checked: none dropped by the reader.
    CHECK(c.passed == static_cast<uint64_t>(std::count(text.begin(), text.end(), '\n')));
    CHECK(c.passed >= 5);
  }
}

TEST_CASE("a wrong TestFloat result is a mismatch, and a NaN matches only a NaN") {
  std::string report;
  CHECK(check_text("3C00 3C00 4001 00\n", "f16_add", &report).failed == 1);
  CHECK(report ==
        "t.tf:1: mismatch: add.rn.f16 0x3c00 0x3c00: expected 0x4001, "
        "reference gives 0x4000; reproduce: halfpipe eval add.rn.f16 0x3c00 0x3c00\n");
  CHECK(check_text("3C00 3C00 7E00 00\n", "f16_add", &report).failed == 1);  // expects NaN, gets 2
  CHECK(report ==
        "t.tf:1: mismatch: add.rn.f16 0x3c00 0x3c00: expected 0x7e00 (any NaN for a NaN), "
        "reference gives 0x4000; reproduce: halfpipe eval add.rn.f16 0x3c00 0x3c00\n");
  CHECK(check_text("7C00 FC00 0000 10\n", "f16_add").failed == 1);  // expects 0, gets NaN
  CHECK(check_text("7C00 FC00 FFFF 10\n", "f16_add").passed == 1);  // any NaN payload
  // Flags are ignored, and may be missing.
  CHECK(check_text("3C00 3C00 4000 1F\n3C00 3C00 4000\n", "f16_add").passed == 2);
}

TEST_CASE("the summary counts the passes that matched an expected NaN by another NaN") {
  // inf + -inf is NaN: the reference gives the canonical 0x7fff (S10). TestFloat's 0xffff and
  // 0x7e00 match it only as any NaN; 0x7fff matches bit for bit; 1 + 1 = 2 is no NaN at all.
  const std::string lines = "7C00 FC00 FFFF 10\n7C00 FC00 7E00 10\n7C00 FC00 7FFF 10\n"
                            "3C00 3C00 4000 00\n";
  auto backend = make_reference_backend();
  std::ostringstream out;
  Checker checker(*backend, out, NanMatch::AnyNan);
  for (const auto& v : read_testfloat(lines, "f16_add")) checker.check("t.tf", v);
  CHECK(checker.counts().passed == 4);
  CHECK(checker.counts().passed_by_any_nan == 2);
  CHECK(checker.any_nan_note() ==
        "2 of the passes matched an expected NaN by another NaN (any NaN for a NaN)");
  CHECK(checker.summary() == "4 passed, 0 failed");

  Checker exact(*backend, out, NanMatch::AnyNan);
  for (const auto& v : read_testfloat("3C00 3C00 4000 00\n", "f16_add")) exact.check("t.tf", v);
  CHECK(exact.any_nan_note().empty());
}

TEST_CASE("bad TestFloat input: FILE:LINE: what is wrong") {
  CHECK(error_of("3C00 4000 00\n", "f16_mulAdd") ==
        "t.tf:1: f16_mulAdd lines hold 3 operands, the result and the flags (5 values), found 3");
  CHECK(error_of("3C00 3C00 4000 00\n3C00 3C0 G000 00\n", "f16_add") ==
        "t.tf:2: result of f16_add: 'G000' is not a hexadecimal number");
  CHECK(error_of("3C00 3C00 14000 00\n", "f16_add") ==
        "t.tf:1: result of f16_add: '14000' has 5 hex digits, more than the 4 of a 16-bit register");
  CHECK(error_of("3C00 3C00 4000 100\n", "f16_add") ==
        "t.tf:1: flags of f16_add: '100' has 3 hex digits, more than the 2 of a 8-bit register");
  CHECK(error_of("3C00 3C00 4000 00", "f16_add") ==
        "t.tf:1: truncated: the last line has no end of line (the file was cut short?)");
  CHECK(error_of("", "f16_add") == "t.tf:1: no vectors in the file");
}

TEST_CASE("vectors written in TestFloat's format reproduce the hand-written samples") {
  // Every sample line whose result is not a NaN is what gen --format testfloat writes for the
  // same operands, flags included; NaN lines differ only in the payload (0x7FFF vs 0xFE00).
  for (const char* function : {"f16_add", "f16_sub", "f16_mul", "f16_mulAdd"}) {
    const std::string text = read_file(kData + function + ".tf");
    const auto records = read_testfloat(text, function);
    // One record per sample line, or the loop below compares only a prefix of the file.
    CHECK(records.size() == static_cast<size_t>(std::count(text.begin(), text.end(), '\n')));
    std::istringstream lines(text);
    std::string line;
    for (const auto& v : records) {
      std::getline(lines, line);
      auto backend = make_reference_backend();
      const uint32_t result = backend->execute(v.uop, v.operands);
      const std::string written = format_testfloat_line(v.uop, v.operands, result);
      INFO(function << ": " << line);
      if (ref::kF16.is_nan(static_cast<uint16_t>(v.expected))) {
        CHECK(written.substr(written.size() - 8) == "7FFF " + line.substr(line.size() - 2) + "\n");
      } else {
        CHECK(written == line + "\n");
      }
    }
  }
}

TEST_CASE("gen --format testfloat refuses forms TestFloat has no function for") {
  GenerationRequest request;
  request.forms = {"add.ftz.f16"};
  request.corner = true;
  std::ostringstream out;
  CHECK_THROWS_WITH(write_testfloat_file(out, request),
                    Catch::Contains("'add.ftz.f16' has no TestFloat counterpart"));
  request.forms = {"fma.rn.f16"};
  write_testfloat_file(out, request);
  std::istringstream in(out.str());
  TestFloatReader reader(in, "gen.tf", *find_testfloat_function("f16_mulAdd"));
  auto backend = make_reference_backend();
  std::ostringstream report;
  Checker checker(*backend, report, NanMatch::AnyNan);
  for (VectorRecord v; reader.next(v);) checker.check("gen.tf", v);
  CHECK(checker.counts().passed > 400);
  CHECK(checker.ok());
}
