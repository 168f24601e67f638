// `halfpipe --version`: the version a user reports, the one the C API (hp_version) and the
// installed CMake package and halfpipe.pc carry, i.e. project(VERSION) of CMakeLists.txt.
#include <catch2/catch.hpp>

#include <regex>
#include <string>

#include "tests/support/read_file.h"
#include "tests/support/run_halfpipe.h"

TEST_CASE("cli: halfpipe --version prints project(VERSION) of CMakeLists.txt, exit 0", "[cli]") {
  const std::string cmake = halfpipe::test::read_file(HALFPIPE_SOURCE_DIR "/CMakeLists.txt");
  std::smatch m;
  REQUIRE(std::regex_search(cmake, m, std::regex(R"(project\(halfpipe VERSION ([0-9.]+))")));
  const halfpipe::test::Run run = halfpipe::test::run_halfpipe("--version");
  CHECK(run.status == 0);
  CHECK(run.output == "halfpipe " + m[1].str() + "\n");
}

TEST_CASE("cli: the usage lists --version beside the commands", "[cli]") {
  const halfpipe::test::Run run = halfpipe::test::run_halfpipe("--help");
  CHECK(run.status == 0);
  CHECK(run.output.find("\n       halfpipe --version\n") != std::string::npos);
}
