// Co-simulation runs: the Verilated RTL and the SystemC model on the same vectors under
// back-pressure, gaps and a reset, in every configuration kind the RTL is built in (Lanes 2
// and 4, Depth 4 and 2), and proof that the scoreboard notices a model that mispredicts time
// and an RTL that returns a wrong result or loses one. SystemC elaborates once per process:
// CTest runs each test case in its own (tests/sc/systemc_process.h).
#include <catch2/catch.hpp>

#include <sstream>
#include <string>
#include <vector>

#include "model/isa/ptx.h"
#include "model/isa/visa.h"
#include "tb/cosim/cosim.h"
#include "tb/dut_factory.h"
#include "tb/visa_beats.h"
#include "vectors/visa_stream.h"
#include "tests/sc/systemc_process.h"

namespace {

using halfpipe::sc::test::elaborate_here;
using halfpipe::tb::cosim::Report;
using halfpipe::tb::cosim::RtlFault;
using halfpipe::tb::cosim::Settings;
using halfpipe::tb::cosim::Stimulus;
using halfpipe::vectors::StreamKind;
using halfpipe::vectors::StreamSpec;

// One form of each op family, scalar and packed, both formats, with modifiers.
const std::vector<std::string> kForms{
    "add.rn.ftz.sat.f16",   "sub.bf16x2",      "mul.rn.f16x2",        "fma.rn.relu.bf16x2",
    "fma.rn.oob.sat.f16",   "min.NaN.xorsign.abs.f16x2", "max.bf16",  "neg.ftz.f16x2",
    "abs.bf16",             "tanh.approx.f16", "ex2.approx.ftz.bf16x2",
};

Stimulus stimulus(const std::vector<std::string>& forms, uint64_t random, uint64_t seed,
                  bool corner = true) {
  Stimulus s;
  std::vector<StreamSpec> specs;
  if (corner) specs.push_back({StreamKind::Corner, 0, seed, {}, {}});
  if (random) specs.push_back({StreamKind::Random, random, seed, {}, {}});
  for (const auto& f : forms) s.add_streams(f, specs);
  return s;
}

// Everything right: every transaction checked once on both units, the reset really hit work
// in flight, and the summary ends with the closing line.
void check_clean_run(Stimulus& s, const Settings& settings) {
  const uint64_t vectors = s.size();
  std::ostringstream out;
  const Report r = run_cosim(s, settings, out);
  INFO(out.str());
  CHECK(r.error.empty());
  CHECK(r.failed == 0);
  CHECK(r.passed == vectors);
  CHECK(r.reset);
  CHECK(r.replayed > 0);
  uint64_t checked = 0, deviations = 0, mismatches = 0;
  for (const auto& f : r.forms) {
    checked += f.vectors;
    deviations += f.cycle_deviations;
    mismatches += f.mismatches;
  }
  CHECK(checked == vectors);
  CHECK(deviations == 0);
  CHECK(mismatches == 0);
  CHECK(out.str().find("seed " + std::to_string(settings.seed)) != std::string::npos);
  const std::string closing = std::to_string(vectors) + " passed, 0 failed\n";
  CHECK(out.str().size() >= closing.size());
  CHECK(out.str().compare(out.str().size() - closing.size(), closing.size(), closing) == 0);
}

Settings busy_traffic(int lanes, int depth, uint64_t seed, uint64_t reset_at) {
  Settings s;
  s.lanes = lanes;
  s.depth = depth;
  s.seed = seed;
  s.backpressure = 0.3;
  s.gaps = 0.2;
  s.reset_at = reset_at;
  return s;
}

// A run whose RTL never hands out its `output`-th result (from 0); what stays in flight ends
// the run after 200 idle cycles.
Report run_losing_result(Stimulus& s, Settings settings, uint64_t output, std::ostringstream& out) {
  settings.hang_cycles = 200;
  RtlFault fault;
  fault.kind = RtlFault::Kind::Drop;
  fault.output = output;
  settings.rtl_fault = fault;
  return run_cosim(s, settings, out);
}

}  // namespace

TEST_CASE("Lanes=2 Depth=4: RTL and model equal the reference and agree on every cycle", "[cosim]") {
  if (!elaborate_here()) return;
  Stimulus s = stimulus(kForms, 300, 11);
  check_clean_run(s, busy_traffic(2, 4, 11, s.size() / 2));
}

TEST_CASE("Lanes=4 Depth=4: the same with the lanes beyond the mask reading zero", "[cosim]") {
  if (!elaborate_here()) return;
  Stimulus s = stimulus(kForms, 300, 12);
  check_clean_run(s, busy_traffic(4, 4, 12, s.size() / 3));
}

TEST_CASE("Lanes=2 Depth=2: the model's prediction follows the depth", "[cosim]") {
  if (!elaborate_here()) return;
  Stimulus s = stimulus(kForms, 300, 13);
  check_clean_run(s, busy_traffic(2, 2, 13, s.size() / 2));
}

TEST_CASE("Lanes=8 Depth=4: heavy back-pressure and an early reset", "[cosim]") {
  if (!elaborate_here()) return;
  Stimulus s = stimulus({"fma.rn.f16x2", "min.bf16", "ex2.approx.f16"}, 500, 14, false);
  Settings settings = busy_traffic(8, 4, 14, 50);
  settings.backpressure = 0.7;
  check_clean_run(s, settings);
}

TEST_CASE("a model one cycle too slow for add/sub/mul/fma is caught on every transaction", "[cosim]") {
  if (!elaborate_here()) return;
  // No back-pressure and no gaps: transaction n is accepted at edge n and leaves the Depth 4
  // RTL at edge n + 4 (rtl/TIMING.md); a model with latency 5 predicts n + 5 for every one.
  Stimulus s = stimulus({"add.f16"}, 0, 1);
  const uint64_t adds = s.size();
  Settings settings;
  settings.backpressure = 0;
  settings.gaps = 0;
  settings.model_latency = {"arith=5"};
  std::ostringstream out;
  const Report r = run_cosim(s, settings, out);
  INFO(out.str());
  CHECK(r.error.empty());
  REQUIRE(r.forms.size() == 1);
  CHECK(r.forms[0].vectors == adds);
  CHECK(r.forms[0].cycle_deviations == adds);
  CHECK(r.forms[0].mismatches == 0);  // the values are still the reference's
  CHECK(r.failed == adds);
  CHECK(r.passed == 0);
  CHECK(out.str().find("cycle deviation: add.f16 tag 0x00: the RTL handed it out at cycle 4, the "
                       "model predicted cycle 5") != std::string::npos);
  CHECK(out.str().find("cycle deviation: add.f16 tag 0x01: the RTL handed it out at cycle 5, the "
                       "model predicted cycle 6") != std::string::npos);
  CHECK_FALSE(r.ok());
}

TEST_CASE("a corrupted RTL result is caught and only that transaction fails", "[cosim]") {
  if (!elaborate_here()) return;
  Stimulus s = stimulus({"add.f16", "fma.rn.bf16x2"}, 200, 3);
  const uint64_t vectors = s.size();
  Settings settings = busy_traffic(2, 4, 3, vectors / 2);
  RtlFault fault;
  fault.output = 100;
  fault.lane = 0;
  fault.flip = 0x0001;
  settings.rtl_fault = fault;
  std::ostringstream out;
  const Report r = run_cosim(s, settings, out);
  INFO(out.str());
  CHECK(r.error.empty());
  CHECK(r.failed == 1);
  CHECK(r.passed == vectors - 1);
  REQUIRE(stimulus({"add.f16"}, 200, 3).size() > 100);  // so output 100 is an add.f16
  CHECK(r.forms[0].mismatches == 1);
  CHECK(r.forms[0].cycle_deviations == 0);
  CHECK(out.str().find("mismatch: RTL add.f16 at cycle") != std::string::npos);
  CHECK(out.str().find("(lane 0)") != std::string::npos);
  const std::string closing = std::to_string(vectors - 1) + " passed, 1 failed\n";
  CHECK(out.str().compare(out.str().size() - closing.size(), closing.size(), closing) == 0);
}

TEST_CASE("a result the RTL loses shows as tags out of order and one never handed back", "[cosim]") {
  if (!elaborate_here()) return;
  Stimulus s = stimulus({"mul.f16"}, 100, 4, false);
  std::ostringstream out;
  const Report r = run_losing_result(s, busy_traffic(2, 4, 4, 0), 10, out);
  INFO(out.str());
  CHECK(r.lost == 1);
  CHECK(r.failed >= 1);
  CHECK_FALSE(r.ok());
  CHECK(out.str().find("mismatch: RTL handed out tag 0x0b at cycle") != std::string::npos);
  CHECK(out.str().find("where tag 0x0a (mul.f16) was due") != std::string::npos);
}

// A soak resets every few hundred cycles: a result lost between two resets shows as outputs
// with the wrong tag until the next reset, and the soak fails however the resets realign it.
TEST_CASE("soak: a result the RTL loses between periodic resets is counted out of order and fails the run", "[cosim][soak]") {
  if (!elaborate_here()) return;
  Stimulus s = stimulus({"mul.f16"}, 3000, 5, false);
  Settings settings = busy_traffic(2, 4, 5, 0);
  settings.reset_every = 500;
  settings.soak = true;
  std::ostringstream out;
  const Report r = run_losing_result(s, settings, 1000, out);
  INFO(out.str());
  CHECK(r.accounting.resets >= 4);  // 3000 transactions take more than 3000 cycles
  CHECK(r.out_of_order >= 1);
  CHECK(r.failed >= 1);
  CHECK_FALSE(r.ok());
  CHECK(out.str().find("a transaction was lost, duplicated or reordered") != std::string::npos);
  CHECK(out.str().find("soak: 3000 transactions; the RTL accepted ") != std::string::npos);
}

TEST_CASE("soak: a clean run with periodic resets balances accepted = completed + flushed on the RTL", "[cosim][soak]") {
  if (!elaborate_here()) return;
  Stimulus s = stimulus(kForms, 500, 6, false);
  Settings settings = busy_traffic(2, 4, 6, 0);
  settings.reset_every = 300;
  settings.transactions = 4000;  // of the 5500 in the stimulus
  settings.soak = true;
  std::ostringstream out;
  const Report r = run_cosim(s, settings, out);
  INFO(out.str());
  CHECK(r.ok());
  CHECK(r.passed == 4000);
  CHECK(r.accounting.completed == 4000);
  CHECK(r.accounting.accepted == r.accounting.completed + r.accounting.flushed);
  CHECK(r.accounting.flushed > 0);
  CHECK(r.accounting.resets >= (r.cycles - 1 - 300 / 4) / 300);
  CHECK(r.accounting.resets <= (r.cycles - 1 + 300 / 4) / 300);
  CHECK(r.memory_start.now_kib > 0);
  CHECK(r.memory_end.peak_kib >= r.memory_end.now_kib);
}

// ---- vISA MIN_MAX (issue: Intel vISA MIN_MAX) ---------------------------------------------------

namespace {

// Every vISA form the RTL executes at `lanes`, corners and random instructions, through both
// units with busy traffic and a reset. A transaction is a beat: ceil(exec size / e) per
// instruction, e = lanes / n elements a beat for a type whose element spans n lanes (S25).
void check_every_visa_form(int lanes, uint64_t seed, size_t forms, int depth = 4) {
  Stimulus s;
  const std::vector<StreamSpec> specs{{StreamKind::Corner, 0, seed, {}, {}},
                                      {StreamKind::Random, 20, seed, {}, {}}};
  uint64_t beats = 0;
  for (const auto& form : halfpipe::tb::visa_rtl_forms(lanes).forms) {
    const std::string name = halfpipe::isa::visa::form_name(form);
    s.add_streams(name, specs);
    const int per_beat = lanes / halfpipe::tb::visa_lanes_per_element(form.type);
    for (const auto& spec : specs) {
      const uint64_t instructions = halfpipe::vectors::VisaStream(form, name, spec).size();
      beats += instructions * static_cast<uint64_t>((form.exec_size + per_beat - 1) / per_beat);
    }
  }
  REQUIRE(s.forms().size() == forms);
  Settings settings = busy_traffic(lanes, depth, seed, beats / 2);
  std::ostringstream out;
  const Report r = run_cosim(s, settings, out);
  const std::string text = out.str();
  INFO(text.substr(text.size() > 4000 ? text.size() - 4000 : 0));
  CHECK(r.error.empty());
  CHECK(r.failed == 0);
  CHECK(r.passed == beats);
  CHECK(r.reset);
}

}  // namespace

// Lanes=2: the 16-bit-lane types and the 32-bit ones, 8 x 296 = 2368 forms (64-bit elements
// need four lanes); Lanes 4 and 8: all eleven types, 3256 forms.
TEST_CASE("S24-S29: every vISA form the RTL executes co-simulates cleanly at Lanes=2",
          "[cosim][visa]") {
  if (!elaborate_here()) return;
  check_every_visa_form(2, 24, 2368);
}

TEST_CASE("S24-S29: every vISA form the RTL executes co-simulates cleanly at Lanes=4",
          "[cosim][visa][shape]") {
  if (!elaborate_here()) return;
  check_every_visa_form(4, 25, 3256);
}

TEST_CASE("S24-S29: every vISA form the RTL executes co-simulates cleanly at Lanes=8",
          "[cosim][visa]") {
  if (!elaborate_here()) return;
  check_every_visa_form(8, 26, 3256);
}

// ---- Pipelining: every Depth built ----------------------------------------------------------------
// rtl_configuration(lanes, depth) predicts every exit cycle wherever Depth's registers stand
// inside the datapath (rtl/hp_pipe_pkg.sv): the timing contract does not depend on them. One
// co-simulation a test case (SystemC elaborates once a process); Depth 4 has its own above.

namespace {

void check_every_ptx_form(int lanes, int depth) {
  Stimulus s = stimulus(halfpipe::isa::legal_ptx_forms(), 20, 50 + depth);
  check_clean_run(s, busy_traffic(lanes, depth, 50 + depth, s.size() / 2));
}

}  // namespace

TEST_CASE("pipelining: every legal PTX form co-simulates at Lanes=2 Depth=2", "[cosim][pipelining]") {
  if (!elaborate_here()) return;
  check_every_ptx_form(2, 2);
}

TEST_CASE("pipelining: every legal PTX form co-simulates at Lanes=2 Depth=3", "[cosim][pipelining]") {
  if (!elaborate_here()) return;
  check_every_ptx_form(2, 3);
}

TEST_CASE("pipelining: every legal PTX form co-simulates at Lanes=2 Depth=6", "[cosim][pipelining]") {
  if (!elaborate_here()) return;
  check_every_ptx_form(2, 6);
}

TEST_CASE("pipelining: every legal PTX form co-simulates at Lanes=2 Depth=8", "[cosim][pipelining]") {
  if (!elaborate_here()) return;
  check_every_ptx_form(2, 8);
}

TEST_CASE("pipelining: every legal PTX form co-simulates at Lanes=8 Depth=8", "[cosim][pipelining]") {
  if (!elaborate_here()) return;
  check_every_ptx_form(8, 8);
}

TEST_CASE("pipelining: every legal PTX form co-simulates at Lanes=2 Depth=13 (every position)",
          "[cosim][pipelining]") {
  if (!elaborate_here()) return;
  check_every_ptx_form(2, 13);
}

TEST_CASE("pipelining: every vISA form the RTL executes co-simulates at Lanes=2 Depth=2",
          "[cosim][pipelining][visa][shape]") {
  if (!elaborate_here()) return;
  check_every_visa_form(2, 62, 2368, 2);
}

TEST_CASE("pipelining: every vISA form the RTL executes co-simulates at Lanes=2 Depth=3",
          "[cosim][pipelining][visa][shape]") {
  if (!elaborate_here()) return;
  check_every_visa_form(2, 63, 2368, 3);
}

TEST_CASE("pipelining: every vISA form the RTL executes co-simulates at Lanes=2 Depth=6",
          "[cosim][pipelining][visa][shape]") {
  if (!elaborate_here()) return;
  check_every_visa_form(2, 66, 2368, 6);
}

TEST_CASE("pipelining: every vISA form the RTL executes co-simulates at Lanes=2 Depth=8",
          "[cosim][pipelining][visa][shape]") {
  if (!elaborate_here()) return;
  check_every_visa_form(2, 68, 2368, 8);
}

TEST_CASE("pipelining: every vISA form the RTL executes co-simulates at Lanes=8 Depth=8",
          "[cosim][pipelining][visa][shape]") {
  if (!elaborate_here()) return;
  check_every_visa_form(8, 69, 3256, 8);
}

TEST_CASE("pipelining: every vISA form the RTL executes co-simulates at Lanes=2 Depth=13",
          "[cosim][pipelining][visa][shape]") {
  if (!elaborate_here()) return;
  check_every_visa_form(2, 73, 2368, 13);
}

TEST_CASE("pipelining: the co-simulated configurations are every one built") {
  // A configuration added to rtl/CMakeLists.txt needs its test cases above.
  CHECK(halfpipe::tb::available_configs() ==
        std::vector<std::pair<int, int>>{
            {2, 4}, {4, 4}, {8, 4}, {2, 2}, {2, 3}, {2, 6}, {2, 8}, {8, 8}, {2, 13}});
}
