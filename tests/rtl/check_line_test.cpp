// `halfpipe check FILE --line N`: one vector of a file replayed alone, or with -o cut into a file of
// its own. The vectors are hand-worked (f16 1.0 = 0x3c00, 2.0 = 0x4000, 3.0 = 0x4200).
#include <catch2/catch.hpp>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "tests/support/read_file.h"
#include "tests/support/run_halfpipe.h"

namespace fs = std::filesystem;

namespace {

using halfpipe::test::Run;
using halfpipe::test::run_halfpipe;
using halfpipe::test::Stderr;

// Lines 1-3 are the header, 4 a comment, 5-7 vectors, 8 blank.
const std::string kFile =
    "# halfpipe vectors, format 1 (vectors/FORMAT.md): FORM A [B [C]] EXPECTED, hex\n"
    "# command: hand-worked\n"
    "# vectors: 3\n"
    "# a comment between the header and the vectors\n"
    "add.rn.f16 0x3c00 0x3c00 0x4000\n"   // 1 + 1 = 2
    "add.rn.f16 0x3c00 0x4000 0x4200\n"   // 1 + 2 = 3
    "mul.rn.f16 0x4000 0x3c00 0x4000\n"   // 2 * 1 = 2
    "\n";

// A folder of this process's own: CTest runs each test case as a process of its own, side by
// side, and cases that shared one folder rewrote each other's three.vec while it was read.
std::string scratch(const std::string& name, const std::string& text = "") {
  const fs::path dir = fs::path(HALFPIPE_BINARY_DIR) / "tests" /
                       ("check-line-scratch-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const fs::path path = dir / name;
  if (!text.empty()) std::ofstream(path, std::ios::binary) << text;
  return path.string();
}

}  // namespace

TEST_CASE("check --line: only the vectors on those lines are replayed, through the RTL too") {
  const std::string file = scratch("three.vec", kFile);
  const Run ref = run_halfpipe("check " + file + " --line 6");
  INFO(ref.output);
  CHECK(ref.status == 0);
  CHECK(ref.output == "1 passed, 0 failed\n");
  const Run rtl = run_halfpipe("check " + file + " --line 5 --line 7 --rtl");
  INFO(rtl.output);
  CHECK(rtl.status == 0);
  CHECK(rtl.output == "2 passed, 0 failed\n");
}

TEST_CASE("check --line -o: a well-formed file of those vectors, its own count, the original's header as provenance") {
  const std::string file = scratch("three.vec", kFile);
  const std::string cut = scratch("cut.vec");
  fs::remove(cut);
  const Run run = run_halfpipe("check " + file + " --line 7 --line 5 -o " + cut);
  INFO(run.output);
  CHECK(run.status == 0);
  CHECK(halfpipe::test::read_file(cut) ==
        "# halfpipe vectors, format 1 (vectors/FORMAT.md): FORM A [B [C]] EXPECTED, hex\n"
        "# cut: halfpipe check " + file + " --line 5 --line 7 -o ...: the vectors on those lines of " +
            file + "\n"
        "# from " + file + ": command: hand-worked\n"
        "# from " + file + ": a comment between the header and the vectors\n"
        "# vectors: 2\n"
        "add.rn.f16 0x3c00 0x3c00 0x4000\n"
        "mul.rn.f16 0x4000 0x3c00 0x4000\n");
  // The header's count holds for the cut file as a whole: it replays, on both backends.
  CHECK(run_halfpipe("check " + cut).output == "2 passed, 0 failed\n");
  CHECK(run_halfpipe("check --rtl " + cut).output == "2 passed, 0 failed\n");
}

TEST_CASE("check --line: a line past the end, or without a vector, is an input error naming FILE:LINE") {
  const std::string file = scratch("three.vec", kFile);
  const Run past = run_halfpipe("check " + file + " --line 99 --rtl", "", Stderr::Separate);
  CHECK(past.status == 2);
  CHECK(past.output.empty());  // nothing ran
  CHECK(past.error == file + ":99: --line 99 is past the file's end (it has 8 lines)\n");
  for (const int line : {2, 4, 8}) {
    const Run none = run_halfpipe("check " + file + " --line " + std::to_string(line), "", Stderr::Separate);
    CAPTURE(line);
    CHECK(none.status == 2);
    CHECK(none.error == file + ":" + std::to_string(line) + ": --line " + std::to_string(line) +
                            ": the line holds no vector (a comment, the header or a blank line)\n");
  }
  CHECK(run_halfpipe("check " + file + " --line 0").status == 2);
}

TEST_CASE("check: -o needs --line, --line one FILE, --wave the RTL, and an unwritable --wave stops before the run") {
  const std::string file = scratch("three.vec", kFile);
  const Run no_line = run_halfpipe("check " + file + " -o " + scratch("x.vec"), "", Stderr::Separate);
  CHECK(no_line.status == 2);
  CHECK(no_line.error == "halfpipe check: -o writes the vectors --line picks; give --line N\n");
  CHECK(run_halfpipe("check " + file + " " + file + " --line 5").status == 2);
  const Run no_rtl = run_halfpipe("check " + file + " --wave " + scratch("x.fst"), "", Stderr::Separate);
  CHECK(no_rtl.status == 2);
  CHECK(no_rtl.error == "halfpipe check: --wave records the RTL: give --rtl or --netlist\n");
  const Run unwritable =
      run_halfpipe("check --rtl " + file + " --wave /nonexistent/dir/x.fst", "", Stderr::Separate);
  CHECK(unwritable.status == 2);
  CHECK(unwritable.output.empty());
  CHECK(unwritable.error.rfind("halfpipe check: --wave: /nonexistent/dir/x.fst: cannot write", 0) == 0);
}
