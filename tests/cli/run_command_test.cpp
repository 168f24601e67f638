// What no command catches itself is mapped to the exit-status contract in one place,
// cli::run_command (sim/exit_status.h): an assertion bound to the RTL that fails mid-run is a
// verification failure.
#include <catch2/catch.hpp>

#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "sim/commands.h"
#include "sim/exit_status.h"
#include "tb/dut.h"

namespace {

int fails_an_rtl_assertion(const std::vector<std::string>&) {
  throw halfpipe::tb::RtlAssertionFailure("an assertion bound to hp_alu (rtl/sva) failed in cycle 9");
}

int passes(const std::vector<std::string>& args) { return args.empty() ? 0 : 2; }

// Holds what is written to std::cerr while it lives.
class CapturedCerr {
 public:
  CapturedCerr() : saved_(std::cerr.rdbuf(text_.rdbuf())) {}
  ~CapturedCerr() { std::cerr.rdbuf(saved_); }
  std::string text() const { return text_.str(); }

 private:
  std::ostringstream text_;
  std::streambuf* saved_;
};

}  // namespace

TEST_CASE("exit status: an RTL assertion failure during a command is a verification failure (1), reported with the command's name") {
  const halfpipe::cli::CommandEntry command{"sweep", "", fails_an_rtl_assertion};
  CapturedCerr cerr;
  CHECK(halfpipe::cli::run_command(command, {}) == halfpipe::cli::kVerificationFailure);
  CHECK(cerr.text() ==
        "halfpipe sweep: an assertion bound to hp_alu (rtl/sva) failed in cycle 9\n");
}

TEST_CASE("exit status: run_command returns what the command returns") {
  const halfpipe::cli::CommandEntry command{"eval", "", passes};
  CHECK(halfpipe::cli::run_command(command, {}) == 0);
  CHECK(halfpipe::cli::run_command(command, {"x"}) == 2);
}
