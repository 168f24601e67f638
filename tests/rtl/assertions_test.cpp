// rtl/sva/hp_alu_assertions.sv, the handshake rules of rtl/TIMING.md bound to every hp_alu: each
// rule fires on a unit that breaks it, and none fires on one that keeps them all. The unit is
// tests/rtl/sva/hp_faulty_line.sv, a Depth=4 Lanes=2 line with hp_alu's ports that breaks one rule on
// request, with the same assertions bound. (Every Verilated hp_alu the other tests run carries
// them too: there a failure stops the test.)
#include <catch2/catch.hpp>

#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <memory>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include <verilated.h>

#include "Vhp_faulty_line.h"
#include "tb/verilated_dut.h"

namespace {

// hp_faulty_line's fault_i values.
enum class Fault : uint8_t {
  None = 0,
  ChangesWhileStalled = 1,  // result bit 0 flips at each stalled edge
  EmitsUnentered = 2,       // out_valid_o high with the line empty
  SwapsTagPairs = 3,        // tags 0,1,2,3 leave as 1,0,3,2
  ReadyWhileStalled = 4,    // in_ready_o stays high under a stall
  ExtraStage = 5,           // Depth+1 stages: one more in flight than Depth allows
  LeaksUninitialised = 6,   // the result read from a register that is never written
};

// What the assertions print goes to stdout (Verilator's VL_PRINTF); held in a file while a run
// lasts, so that a test can read which assertion fired.
class CapturedStdout {
 public:
  CapturedStdout() : file_(std::tmpfile()) {
    std::fflush(stdout);
    saved_ = dup(STDOUT_FILENO);
    dup2(fileno(file_), STDOUT_FILENO);
  }
  ~CapturedStdout() { restore(); std::fclose(file_); }
  std::string text() {
    restore();
    std::rewind(file_);
    std::string text;
    char buffer[4096];
    for (size_t n; (n = std::fread(buffer, 1, sizeof buffer, file_)) > 0;) text.append(buffer, n);
    return text;
  }

 private:
  void restore() {
    if (saved_ < 0) return;
    std::fflush(stdout);
    dup2(saved_, STDOUT_FILENO);
    close(saved_);
    saved_ = -1;
  }
  std::FILE* file_;
  int saved_ = -1;
};

// One cycle's valid output, to compare two runs.
struct Output {
  int cycle;
  uint32_t result, tag, lane_mask;
  bool operator==(const Output& o) const {
    return cycle == o.cycle && result == o.result && tag == o.tag && lane_mask == o.lane_mask;
  }
};

struct Run {
  bool failed = false;  // an assertion fired (Verilator's error flag)
  std::string report;   // what the assertions printed
  std::vector<Output> outputs;
};

// A run of `cycles` cycles through hp_faulty_line: consecutive tags from 0, random gaps and
// back-pressure (so that stalls, back-to-back transfers and full lines all occur), a reset in
// the middle of traffic at cycle `reset_at`. Stops at the first assertion failure. `x_seed`
// seeds the uninitialised state (--x-initial unique).
Run run_line(Fault fault, int cycles, int reset_at = -1, uint64_t x_seed = 1) {
  auto context = std::make_unique<VerilatedContext>();
  context->randReset(2);
  context->randSeed(static_cast<int>(x_seed));
  // An assertion failure sets the error flag and returns, instead of aborting the process.
  context->fatalOnError(false);
  CapturedStdout captured;
  Run run;
  {
    Vhp_faulty_line unit(context.get(), "hp_faulty_line");
    unit.fault_i = static_cast<uint8_t>(fault);
    unit.clk_i = 0;
    unit.in_valid_i = 0;
    unit.out_ready_i = 0;
    auto reset = [&] {
      unit.rst_ni = 0;  // asynchronous: the line empties without an edge
      unit.eval();
      unit.rst_ni = 1;
      unit.eval();
    };
    unit.rst_ni = 1;
    unit.eval();
    reset();
    std::mt19937_64 rng(7);
    uint32_t tag = 0;
    for (int cycle = 0; cycle < cycles && !context->gotError(); ++cycle) {
      if (cycle == reset_at) reset();
      unit.in_valid_i = rng() % 4 != 0;
      unit.in_tag_i = tag & 0xFF;
      unit.in_a_i = static_cast<uint32_t>(rng());
      unit.in_lane_mask_i = static_cast<uint8_t>(1 + rng() % 3);
      unit.out_ready_i = rng() % 3 != 0;
      unit.clk_i = 0;
      unit.eval();
      if (unit.in_valid_i && unit.in_ready_o) ++tag;
      if (unit.out_valid_o)
        run.outputs.push_back({cycle, unit.out_result_o, unit.out_tag_o, unit.out_lane_mask_o});
      unit.clk_i = 1;
      unit.eval();
    }
    run.failed = context->gotError();
    unit.final();
  }
  run.report = captured.text();
  return run;
}

// A run of the line with `fault` stops at an assertion failure whose report names `assertion`
// and begins its message with `message` (the assertions' own text, rtl/sva/hp_alu_assertions.sv).
void require_fires(Fault fault, const std::string& assertion, const std::string& message = "") {
  const Run run = run_line(fault, 5000);
  INFO(run.report);
  REQUIRE(run.failed);
  CHECK(run.report.find(".u_assertions." + assertion + ": " + assertion + ": " + message) !=
        std::string::npos);
}

}  // namespace

TEST_CASE("assertions: a line that keeps every rule runs stalls, back-to-back transfers and a reset in traffic without a report") {
  const Run run = run_line(Fault::None, 5000, 2500);
  INFO(run.report);
  CHECK_FALSE(run.failed);
  CHECK(run.report.find("Assertion failed") == std::string::npos);
  CHECK(run.outputs.size() > 2000);  // traffic did flow
}

TEST_CASE("assertions: stable_while_stalled fires when the output changes under out_valid_o && !out_ready_i") {
  require_fires(Fault::ChangesWhileStalled, "stable_while_stalled");
}

TEST_CASE("assertions: nothing_unentered fires when a transfer leaves that nothing entered") {
  require_fires(Fault::EmitsUnentered, "nothing_unentered");
}

TEST_CASE("assertions: tags_in_order fires when tags leave in another order than they entered") {
  require_fires(Fault::SwapsTagPairs, "tags_in_order", "tag 1 left before tag 0");
}

TEST_CASE("assertions: ready_is_advance fires when in_ready_o stays high under a stall") {
  require_fires(Fault::ReadyWhileStalled, "ready_is_advance");
}

TEST_CASE("assertions: at_most_depth fires when a unit holds more than Depth transactions") {
  require_fires(Fault::ExtraStage, "at_most_depth");
}

TEST_CASE("assertions: a reset in the middle of traffic clears the record of what entered") {
  // Without the reset clearing it, the first tag after the reset would be checked against one
  // that was in flight when the reset dropped it (tags_in_order), or leave with nothing recorded.
  for (int reset_at : {7, 100, 1001}) {
    INFO("reset at cycle " << reset_at);
    const Run run = run_line(Fault::None, reset_at + 200, reset_at);
    INFO(run.report);
    CHECK_FALSE(run.failed);
  }
}

// Inside the harness (and so inside `halfpipe sweep`, `cosim` and `check --rtl`) a failing
// assertion ends the run as a verification failure the command reports (exit 1), instead of
// Verilator's default, an abort of the whole process.
TEST_CASE("assertions: a failure under the harness's cycle interface is an RtlAssertionFailure, not an abort") {
  halfpipe::tb::VerilatedDut<Vhp_faulty_line, 2, 4> dut(1);
  dut.model().fault_i = static_cast<uint8_t>(Fault::ChangesWhileStalled);
  halfpipe::tb::InBeat beat;
  beat.lane_mask = 0x3;
  halfpipe::tb::OutBeat out;
  CapturedStdout captured;
  int cycles = 0;
  auto stall_with_traffic = [&] {
    // Four transfers fill the line, then the consumer stalls it: the faulty unit's result flips
    // at the first stalled edge, which the next edge's check sees.
    for (; cycles < 20; ++cycles) {
      beat.tag = static_cast<uint32_t>(cycles);
      dut.cycle(true, beat, /*out_ready=*/false, out);
    }
  };
  REQUIRE_THROWS_AS(stall_with_traffic(), halfpipe::tb::RtlAssertionFailure);
  CHECK(cycles < 20);
  const std::string report = captured.text();
  CHECK(report.find("stable_while_stalled") != std::string::npos);
}

// The X rule: every valid output is free of X. Verilator has no X; with --x-initial unique every
// uninitialised bit is drawn from the run's seed instead, so a valid output that depends on one
// differs between two seeds. tests/rtl/pipeline_test.cpp holds hp_alu to it; here the comparison
// is shown to catch a unit that breaks it.
TEST_CASE("X rule: two x-initial seeds tell a valid output read from an unwritten register apart") {
  const Run first = run_line(Fault::LeaksUninitialised, 300, -1, 11);
  const Run second = run_line(Fault::LeaksUninitialised, 300, -1, 987654321);
  REQUIRE_FALSE(first.failed);  // no assertion covers it: only the comparison does
  REQUIRE(first.outputs.size() == second.outputs.size());
  REQUIRE_FALSE(first.outputs.empty());
  CHECK_FALSE(first.outputs == second.outputs);
  // And the same comparison passes a unit whose outputs depend on nothing uninitialised.
  CHECK(run_line(Fault::None, 300, -1, 11).outputs == run_line(Fault::None, 300, -1, 987654321).outputs);
}
