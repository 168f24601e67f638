// `halfpipe cosim` as users run it: the summary and closing line, exit codes, a seed that
// reproduces a run, errors that name the problem, and a waveform aligned with the log.
#include <catch2/catch.hpp>

#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include <gtkwave/fstapi.h>

#include "tests/support/run_halfpipe.h"

using halfpipe::test::read_file;

namespace {

const std::string kHalfpipe = std::string(HALFPIPE_BINARY_DIR) + "/sim/halfpipe";

using halfpipe::test::Run;
Run run(const std::string& arguments) { return halfpipe::test::run_halfpipe("cosim " + arguments); }

std::string scratch_dir() {
  char name[] = "/tmp/halfpipe-cosim-test-XXXXXX";
  REQUIRE(mkdtemp(name) != nullptr);
  return name;
}

std::string last_line(const std::string& text) {
  const size_t end = text.find_last_not_of('\n');
  if (end == std::string::npos) return {};
  const size_t start = text.rfind('\n', end);
  return text.substr(start == std::string::npos ? 0 : start + 1, end + 1 - (start == std::string::npos ? 0 : start + 1));
}

struct LogLine {
  uint64_t cycle;
  unsigned tag;
  std::string form;
};

std::vector<LogLine> transactions_in_log(const std::string& path) {
  std::ifstream in(path);
  std::vector<LogLine> lines;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    LogLine l{};
    std::string tag;
    fields >> l.cycle >> tag >> l.form;
    l.tag = static_cast<unsigned>(std::stoul(tag, nullptr, 16));
    lines.push_back(l);
  }
  return lines;
}

}  // namespace

TEST_CASE("command: a table per form with the seed and the closing line and exit 0 when all match", "[cosim][cli]") {
  const Run r = run("add.f16 fma.rn.relu.bf16x2 --random 200 --seed 5");
  INFO(r.output);
  CHECK(r.status == 0);
  CHECK(r.output.find("form") != std::string::npos);
  CHECK(r.output.find("cycle deviations") != std::string::npos);
  CHECK(r.output.find("\nadd.f16 ") != std::string::npos);
  CHECK(r.output.find("\nfma.rn.relu.bf16x2 ") != std::string::npos);
  CHECK(r.output.find("seed 5") != std::string::npos);
  CHECK(r.output.find("reset after transaction") != std::string::npos);  // the default: mid-run
  const std::string closing = last_line(r.output);
  CHECK(closing.find(" passed, 0 failed") != std::string::npos);
  CHECK(closing.find("0 passed") != 0);
}

// The coverage line must describe exactly the vectors run: the same vectors written by `gen` and
// measured by `coverage` give the same line.
TEST_CASE("command: the summary's coverage line is the coverage of the vectors run", "[cosim][cli]") {
  const std::string dir = scratch_dir();
  const std::string file = dir + "/v.vec";
  REQUIRE(std::system((kHalfpipe + " gen add.f16 fma.rn.relu.bf16x2 --corner -o " + file).c_str()) == 0);
  const std::string expected = last_line(halfpipe::test::run_halfpipe("coverage " + file).output);
  REQUIRE(expected.rfind("coverage: ", 0) == 0);

  const Run r = run("--vectors " + file);
  INFO(r.output);
  CHECK(r.status == 0);
  CHECK(r.output.find("\n" + expected + "\n") != std::string::npos);
}

TEST_CASE("command: the same seed reproduces the run line for line and another seed does not", "[cosim][cli]") {
  const std::string dir = scratch_dir();
  const std::string options = "min.NaN.bf16x2 sub.ftz.sat.f16 --random 300 --backpressure 0.4 --gaps 0.3";
  REQUIRE(run(options + " --seed 21 --log " + dir + "/a.log").status == 0);
  REQUIRE(run(options + " --seed 21 --log " + dir + "/b.log").status == 0);
  REQUIRE(run(options + " --seed 22 --log " + dir + "/c.log").status == 0);
  const std::string a = read_file(dir + "/a.log");
  CHECK(transactions_in_log(dir + "/a.log").size() == 600);
  CHECK(a == read_file(dir + "/b.log"));
  // The header names the seed; the transactions alone show whether seed 22 changed the run.
  auto transaction_lines = [](const std::string& log) {
    std::istringstream in(log);
    std::string kept;
    for (std::string line; std::getline(in, line);)
      if (!line.empty() && line[0] != '#') kept += line + "\n";
    return kept;
  };
  CHECK(transaction_lines(a) != transaction_lines(read_file(dir + "/c.log")));
  std::system(("rm -rf " + dir).c_str());
}

TEST_CASE("command: TIMING.md with no back-pressure transaction n leaves at cycle n + Depth", "[cosim][cli]") {
  const std::string dir = scratch_dir();
  for (int depth : {2, 4}) {
    CAPTURE(depth);
    const std::string log = dir + "/d" + std::to_string(depth) + ".log";
    const Run r = run("neg.f16 --random 50 --backpressure 0 --gaps 0 --reset-at 0 --depth " +
                      std::to_string(depth) + " --log " + log);
    INFO(r.output);
    REQUIRE(r.status == 0);
    const auto lines = transactions_in_log(log);
    REQUIRE(lines.size() == 50);
    for (size_t n = 0; n < lines.size(); ++n) {
      CHECK(lines[n].cycle == n + static_cast<uint64_t>(depth));
      CHECK(lines[n].tag == (n & 0xFF));
    }
  }
  std::system(("rm -rf " + dir).c_str());
}

TEST_CASE("command: a corrupted RTL result and a mispredicting model each exit 1", "[cosim][cli]") {
  const Run fault = run("add.f16 --random 100 --inject-rtl-fault 3");
  INFO(fault.output);
  CHECK(fault.status == 1);
  CHECK(fault.output.find("mismatch: RTL add.f16") != std::string::npos);
  CHECK(last_line(fault.output).find(" passed, 1 failed") != std::string::npos);

  const Run late = run("mul.f16 --random 100 --model-latency arith=3");
  INFO(late.output);
  CHECK(late.status == 1);
  CHECK(late.output.find("cycle deviation: mul.f16") != std::string::npos);
  CHECK(late.output.find("model latencies changed from the RTL's: arith=3") != std::string::npos);
}

TEST_CASE("command: bad input is named with exit 2", "[cosim][cli]") {
  const std::string dir = scratch_dir();
  const Run form = run("add.rz.f16");
  CHECK(form.status == 2);
  CHECK(form.output.find("halfpipe cosim: 'add.rz.f16'") != std::string::npos);

  const Run missing = run("--vectors " + dir + "/none.vec");
  CHECK(missing.status == 2);
  CHECK(missing.output.find(dir + "/none.vec: cannot read") != std::string::npos);

  std::ofstream(dir + "/bad.vec") << "add.f16 0x3c00 0x3c00 0x4000\nadd.f16 0x3c00 0x4000\n";
  const Run malformed = run("--vectors " + dir + "/bad.vec");
  INFO(malformed.output);
  CHECK(malformed.status == 2);
  CHECK(malformed.output.find(dir + "/bad.vec:2:") != std::string::npos);

  const Run lanes = run("add.f16 --lanes 6");
  CHECK(lanes.status == 2);
  CHECK(lanes.output.find("no Verilated hp_alu with Lanes=6") != std::string::npos);

  const Run latency = run("add.f16 --model-latency arith");
  CHECK(latency.status == 2);
  CHECK(latency.output.find("--model-latency arith") != std::string::npos);
  std::system(("rm -rf " + dir).c_str());
}

TEST_CASE("command: a vector file runs with the file's expected results", "[cosim][cli]") {
  const std::string dir = scratch_dir();
  // 1 + 1 = 2, 2 * 3 = 6, packed: (1 + 2, 0.5 + 0.5) = (3, 1): lane 1 in bits [31:16].
  std::ofstream(dir + "/good.vec") << "add.f16 0x3c00 0x3c00 0x4000\n"
                                      "mul.f16 0x4000 0x4200 0x4600\n"
                                      "add.f16x2 0x38003c00 0x38004000 0x3c004200\n";
  const Run good = run("--vectors " + dir + "/good.vec --log " + dir + "/good.log");
  INFO(good.output);
  CHECK(good.status == 0);
  CHECK(last_line(good.output) == "3 passed, 0 failed");
  CHECK(read_file(dir + "/good.log").find("add.f16x2 a=0x38003c00 b=0x38004000 expected=0x3c004200 "
                                          "rtl=0x3c004200 model=0x3c004200") != std::string::npos);

  // A wrong expected value in the file: both units disagree with it.
  std::ofstream(dir + "/wrong.vec") << "add.f16 0x3c00 0x3c00 0x4001\n";
  const Run wrong = run("--vectors " + dir + "/wrong.vec");
  CHECK(wrong.status == 1);
  CHECK(wrong.output.find("mismatch: RTL add.f16") != std::string::npos);
  CHECK(wrong.output.find("mismatch: model add.f16") != std::string::npos);
  CHECK(last_line(wrong.output) == "0 passed, 1 failed");
  std::system(("rm -rf " + dir).c_str());
}

TEST_CASE("command: the --wave FST shows each --log transaction on the output ports at its cycle", "[cosim][cli]") {
  const std::string dir = scratch_dir();
  const Run r = run("fma.rn.f16x2 abs.bf16 --random 150 --backpressure 0.3 --gaps 0.3 --seed 9 "
                    "--wave " + dir + "/run.fst --log " + dir + "/run.log");
  INFO(r.output);
  REQUIRE(r.status == 0);
  const auto lines = transactions_in_log(dir + "/run.log");
  REQUIRE(lines.size() == 300);

  void* fst = fstReaderOpen((dir + "/run.fst").c_str());
  REQUIRE(fst != nullptr);
  std::map<std::string, fstHandle> handles;
  for (fstHier* h; (h = fstReaderIterateHier(fst)) != nullptr;) {
    if (h->htyp != FST_HT_VAR) continue;
    std::string name(h->u.var.name, h->u.var.name_length);
    name = name.substr(0, name.find_first_of(" ["));
    handles.emplace(name, h->u.var.handle);  // the first is the top-level port
  }
  for (const char* port : {"out_valid_o", "out_ready_i", "out_tag_o", "rst_ni", "clk_i"})
    REQUIRE(handles.count(port) == 1);
  fstReaderSetFacProcessMaskAll(fst);
  char value[256];
  auto at = [&](const char* port, uint64_t time) {
    return std::stoul(fstReaderGetValueFromHandleAtTime(fst, time, handles.at(port), value), nullptr, 2);
  };
  // Cycle c's inputs are driven at 10c ns and its rising edge is at 10c + 5: between the two,
  // a transaction handed out at c is on the output ports with out_ready_i high.
  for (const LogLine& l : lines) {
    CAPTURE(l.cycle, l.tag, l.form);
    CHECK(at("out_valid_o", 10 * l.cycle + 1) == 1);
    CHECK(at("out_ready_i", 10 * l.cycle + 1) == 1);
    CHECK(at("out_tag_o", 10 * l.cycle + 1) == l.tag);
    CHECK(at("clk_i", 10 * l.cycle + 5) == 1);
  }
  // The mid-run reset shows between two cycles.
  const std::string log = read_file(dir + "/run.log");
  const size_t reset = log.find("# reset after the edge at cycle ");
  REQUIRE(reset != std::string::npos);
  const uint64_t reset_cycle = std::stoull(log.substr(reset + 32));
  CHECK(at("rst_ni", 10 * reset_cycle + 7) == 0);
  CHECK(at("rst_ni", 10 * reset_cycle + 9) == 1);
  fstReaderClose(fst);
  std::system(("rm -rf " + dir).c_str());
}

namespace {

// The summary without its one line of timing figures, which differ from run to run.
std::string without_timing(const std::string& output) {
  std::istringstream in(output);
  std::string kept;
  for (std::string line; std::getline(in, line);)
    if (line.find(" transactions/s per CPU second") == std::string::npos) kept += line + "\n";
  return kept;
}

}  // namespace

TEST_CASE("command: temporal decoupling changes nothing: --quantum 1, the default and 7 give byte-identical logs", "[cosim][cli]") {
  const std::string dir = scratch_dir();
  const std::string forms = "add.f16 fma.rn.relu.bf16x2 min.NaN.bf16x2 neg.ftz.f16x2 --random 400 --seed 9";
  // A clean run with a reset; one where the model mispredicts (model-cycle= on every arith
  // line); one where the RTL's third result is corrupted (MISMATCH) and the run fails.
  const std::vector<std::pair<std::string, std::string>> cases{
      {"clean", " --backpressure 0.4 --gaps 0.3 --reset-at 700"},
      {"late", " --model-latency arith=3"},
      {"fault", " --inject-rtl-fault 2"},
  };
  for (const auto& [name, options] : cases) {
    CAPTURE(name);
    const std::string one = dir + "/" + name + "-1.log";
    const Run reference = run(forms + options + " --quantum 1 --log " + one);
    INFO(reference.output);
    CHECK(reference.status == (name == "clean" ? 0 : 1));
    const std::string log = read_file(one);
    CHECK(transactions_in_log(one).size() == 1600);
    if (name == "clean") CHECK(log.find("# reset after the edge at cycle") != std::string::npos);
    if (name == "late") CHECK(log.find(" model-cycle=") != std::string::npos);
    if (name == "fault") CHECK(log.find(" MISMATCH") != std::string::npos);
    for (const std::string quantum : {"", " --quantum 7"}) {
      CAPTURE(quantum);
      const std::string other = dir + "/" + name + "-q.log";
      const Run decoupled = run(forms + options + quantum + " --log " + other);
      CHECK(decoupled.status == reference.status);
      CHECK(without_timing(decoupled.output) == without_timing(reference.output));
      CHECK(read_file(other) == log);
    }
  }
  const Run zero = run("add.f16 --quantum 0");
  CHECK(zero.status == 2);  // a usage error (sim/exit_status.h)
  CHECK(zero.output.find("--quantum: '0' is not in 1..1048576") != std::string::npos);
  std::system(("rm -rf " + dir).c_str());
}

TEST_CASE("command: a vISA form co-simulates beat by beat, its lanes listed in the log",
          "[cosim][cli][visa]") {
  const std::string dir = scratch_dir();
  const Run r = run("'MIN (4, M2) w' --corner --lanes 4 --log " + dir + "/visa.log");
  INFO(r.output);
  CHECK(r.status == 0);
  // 15 W corner elements: 225 pairs, 57 instructions of 4 channels under each of the 16
  // source-modifier pairs, and 6 execution-mask patterns: 918 instructions of one beat each.
  CHECK(last_line(r.output) == "918 passed, 0 failed");
  CHECK(r.output.find("coverage:") == std::string::npos);  // PTX's coverage model only
  // The first: channels (0, 0), (0, 1), (0, -1), (0, 2), all enabled; signed min (S26).
  CHECK(read_file(dir + "/visa.log")
            .find(" 0x00 MIN (4, M2) w mask=0xf a=0x0000,0x0000,0x0000,0x0000 b=0x0000,0x0001,0xffff,0x0002 "
                  "expected=0x0000,0x0000,0xffff,0x0000 rtl=0x0000,0x0000,0xffff,0x0000 "
                  "model=0x0000,0x0000,0xffff,0x0000") != std::string::npos);
  std::system(("rm -rf " + dir).c_str());
}

TEST_CASE("command: wide vISA types co-simulate on the lanes their elements fit, and are refused "
          "on others (exit 2)",
          "[cosim][cli][visa]") {
  // UQ on Lanes=8: 2 elements a beat, 4 channels -> 2 beats an instruction, each a transaction.
  const Run uq = run("'MIN (4) uq' --random 20 --lanes 8");
  INFO(uq.output);
  CHECK(uq.status == 0);
  CHECK(last_line(uq.output) == "40 passed, 0 failed");
  // A 64-bit element spans four lanes: not at the default Lanes=2.
  const Run refused = run("'MIN (4) uq' --random 2");
  INFO(refused.output);
  CHECK(refused.status == 2);
  CHECK(refused.output.find("type uq needs a lane count that is a multiple of 4") != std::string::npos);
  const Run all = run("--all-visa --random 1 --lanes 2");
  CHECK(all.status == 0);
  CHECK(all.output.rfind("--all-visa at Lanes=2: 2368 vISA forms, 888 skipped", 0) == 0);
}
