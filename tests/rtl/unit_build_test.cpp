// tb::build_unit (tb/unit_build.h): what `halfpipe dut build` refuses before Verilator runs, named
// without the command line. The builds themselves run through the command (tests/dut/).
#include <catch2/catch.hpp>

#include <sstream>
#include <stdexcept>
#include <string>

#include "tb/unit_build.h"

using halfpipe::tb::build_unit;
using halfpipe::tb::UnitBuildRequest;

namespace {

std::string refusal(const UnitBuildRequest& request) {
  std::ostringstream log;
  try {
    build_unit(request, log);
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "built";
}

}  // namespace

TEST_CASE("unit build: no adapter, a missing source or folder and a malformed -G are refused before Verilator runs") {
  UnitBuildRequest none;
  CHECK(refusal(none) == "dut build: give the adapter ADAPTER.sv first");
  UnitBuildRequest missing;
  missing.files = {"/nonexistent/adapter.sv"};
  CHECK(refusal(missing) == "/nonexistent/adapter.sv: no such file");
  UnitBuildRequest folder;
  folder.files = {HALFPIPE_SOURCE_DIR "/tests/dut/sign_unit.sv"};
  folder.include_dirs = {"/nonexistent/include"};
  CHECK(refusal(folder) == "-I /nonexistent/include: no such folder");
  UnitBuildRequest setting = folder;
  setting.include_dirs.clear();
  setting.parameters = {"Lanes"};
  CHECK(refusal(setting) == "-G 'Lanes': give NAME=VALUE");
}
