// Every legal PTX form the RTL executes, swept against the reference under random back-pressure
// and input gaps with the vectors library's corner and seeded random streams.
#include <catch2/catch.hpp>

#include <sstream>
#include <string>
#include <vector>

#include "model/isa/ptx.h"
#include "model/isa/visa.h"
#include "model/ref/execute.h"
#include "tb/dut_factory.h"
#include "tb/sweep.h"
#include "tb/visa_beats.h"
#include "vectors/line.h"
#include "tests/rtl/support.h"

namespace {

using namespace halfpipe;

std::vector<std::string> rtl_forms() { return isa::legal_ptx_forms(); }

// Sweeps each form on its own so a failure names it; returns the number of lane results.
uint64_t sweep_every_form(int lanes, int depth, bool corners, uint64_t random_per_form,
                          uint64_t seed, bool draw_ahead = false) {
  auto dut = tb::make_dut(lanes, depth);
  uint64_t checked = 0;
  for (const auto& form : rtl_forms()) {
    tb::BeatSource source(lanes, tb::BeatSource::Packing::Fill);
    const uint64_t expected_count = rtl_test::add_ptx_form(
        source, form, rtl_test::stream_specs(corners, random_per_form, seed));
    // The count is the streams' own: it must hold at least the random vectors asked for.
    REQUIRE(expected_count >= random_per_form);
    tb::SweepSettings settings;
    settings.seed = seed;
    settings.draw_ahead = draw_ahead;
    std::ostringstream report;
    const tb::SweepTotals t = tb::run_sweep(*dut, source, settings, report);
    INFO(form << " at Lanes=" << lanes << " Depth=" << depth << ":\n" << report.str());
    REQUIRE(t.failed == 0);
    REQUIRE(t.passed == expected_count);  // nothing lost, nothing extra
    checked += t.passed;
  }
  return checked;
}

}  // namespace

TEST_CASE("sweep: every legal PTX form matches the reference at Lanes=2 (corners + random)") {
  const auto forms = rtl_forms();
  REQUIRE(forms.size() > 50);  // every op, both formats, scalar and packed, the modifiers
  // At least 10^5 random vectors in total, spread evenly over the forms.
  const uint64_t per_form = 100000 / forms.size() + 1000;
  const uint64_t checked = sweep_every_form(2, 4, true, per_form, 20261121);
  CHECK(checked >= 100000);
}

TEST_CASE("sweep: every legal PTX form matches the reference at Lanes=4 and Lanes=8") {
  sweep_every_form(4, 4, true, 200, 4);
  sweep_every_form(8, 4, true, 200, 8);
}

TEST_CASE("sweep --threads 2: beats drawn ahead on a second thread check every lane, none lost") {
  // Batches of 2048 beats change hands between the threads: at Lanes=2 a form's corner vectors
  // end inside the first batch, and 10000 random vectors (a beat each) span five.
  sweep_every_form(2, 4, true, 10000, 9, true);
}

TEST_CASE("sweep: every legal PTX form matches the reference at Depth=2 (no inner registers)") {
  sweep_every_form(2, 2, true, 200, 2);
}

TEST_CASE("S19: tanh.approx and ex2.approx match the reference on every input of every form") {
  // The RTL reads the reference's tables (model/ref/approx/*.mem) and repeats its datapath; all
  // 2^16 inputs of each form prove the widths and the rounding agree.
  auto dut = tb::make_dut(8, 4);
  int forms = 0;
  for (const auto& form : isa::legal_ptx_forms()) {
    const Uop u = rtl_test::uop_of(form);
    if (u.op != Op::Tanh && u.op != Op::Ex2) continue;
    ++forms;
    tb::BeatSource source(8, tb::BeatSource::Packing::Fill);
    rtl_test::add_ptx_form(source, form, rtl_test::stream_specs(false, 0, 1, true));
    std::ostringstream report;
    const tb::SweepTotals t = tb::run_sweep(*dut, source, {}, report);
    INFO(form << ":\n" << report.str());
    REQUIRE(t.failed == 0);
    REQUIRE(t.passed == (u.packed ? 2 : 1) * 65536);  // a packed form: every input in each lane
  }
  CHECK(forms == 8);  // tanh f16/f16x2/bf16/bf16x2, ex2 f16/f16x2 and .ftz bf16/bf16x2
}

TEST_CASE("sweep: every Verilated configuration is reachable and an unknown one is refused") {
  // The RTL tests loop over this list: it must be the nine rtl/CMakeLists.txt Verilates (the
  // lane counts at the default Depth; Depth 2, 3, 4, 6, 8 at Lanes=2 and 8 at Lanes=8; Depth 13,
  // a register at every position of hp_pipe_pkg's table).
  CHECK(tb::available_configs() == std::vector<std::pair<int, int>>{
                                       {2, 4}, {4, 4}, {8, 4}, {2, 2}, {2, 3}, {2, 6}, {2, 8}, {8, 8},
                                       {2, 13}});
  for (const auto& [lanes, depth] : tb::available_configs()) {
    auto dut = tb::make_dut(lanes, depth);
    CHECK(dut->lanes() == lanes);
    CHECK(dut->depth() == depth);
  }
  CHECK_THROWS_WITH(tb::make_dut(6, 4), Catch::Contains("no Verilated hp_alu with Lanes=6 Depth=4"));
}

namespace {

// The real unit with one stuck-at-one bit in lane 1's result: what a datapath bug looks like.
class FaultyDut final : public tb::Dut {
 public:
  explicit FaultyDut(std::unique_ptr<tb::Dut> inner) : inner_(std::move(inner)) {}
  int lanes() const override { return inner_->lanes(); }
  int depth() const override { return inner_->depth(); }
  int tag_width() const override { return inner_->tag_width(); }
  void reset(int cycles) override { inner_->reset(cycles); }
  tb::CycleResult cycle(bool in_valid, const tb::InBeat& in, bool out_ready, tb::OutBeat& out) override {
    const tb::CycleResult r = inner_->cycle(in_valid, in, out_ready, out);
    if (r.consumed) out.result[1] |= 0x0001;
    return r;
  }

 private:
  std::unique_ptr<tb::Dut> inner_;
};

// What a Lanes=2 sweep of `source` through the faulty unit reports: one lane passes, one fails.
std::string faulty_report(tb::BeatSource& source, bool draw_ahead = false) {
  FaultyDut dut(tb::make_dut(2, 4));
  tb::SweepSettings settings;
  settings.reproduce_options = " --lanes 2";
  settings.draw_ahead = draw_ahead;
  std::ostringstream report;
  const tb::SweepTotals t = tb::run_sweep(dut, source, settings, report);
  CHECK(t.passed == 1);
  CHECK(t.failed == 1);
  return report.str();
}

}  // namespace

TEST_CASE("sweep: a mismatch is reported with form, operands, expected, got and a reproduce command") {
  const bool draw_ahead = GENERATE(false, true);
  INFO("draw_ahead " << draw_ahead);
  tb::BeatSource source(2, tb::BeatSource::Packing::Fill);
  // Lane 0 gets 1 + 1, lane 1 gets 1 + 2: 2 = 0x4000 and 3 = 0x4200, whose last bit is clear.
  source.add_ptx_vectors("add.f16", rtl_test::uop_of("add.f16"),
                         {{{0x3C00, 0x3C00, 0}, {}}, {{0x3C00, 0x4000, 0}, {}}});
  CHECK(faulty_report(source, draw_ahead) ==
        "mismatch: add.f16 a=0x3c00 b=0x4000: expected 0x4200, got 0x4201 (lane 1)\n"
        "  reproduce: halfpipe sweep add.f16 --vector 0x3c00,0x4000 --lanes 2 --wave mismatch-1.fst\n");
}

TEST_CASE("sweep: a sweep of several forms counts each form's lane results in a row of its own, "
          "a failure under the form that failed") {
  FaultyDut dut(tb::make_dut(2, 4));
  tb::BeatSource source(2, tb::BeatSource::Packing::Fill);
  // add.f16: 1 + 1 = 0x4000 passes in lane 0, 1 + 2 = 0x4200 gets lane 1's stuck bit and fails.
  // neg.f16: -0x3c01 = 0xbc01 and -0x0001 = 0x8001 end in a one already, so both pass.
  source.add_ptx_vectors("add.f16", rtl_test::uop_of("add.f16"),
                         {{{0x3C00, 0x3C00, 0}, {}}, {{0x3C00, 0x4000, 0}, {}}});
  source.add_ptx_vectors("neg.f16", rtl_test::uop_of("neg.f16"),
                         {{{0x3C01, 0, 0}, {}}, {{0x0001, 0, 0}, {}}});
  std::ostringstream report;
  const tb::SweepTotals t = tb::run_sweep(dut, source, tb::SweepSettings{}, report);
  REQUIRE(t.forms.size() == 2);
  CHECK(t.forms[0].passed == 1);
  CHECK(t.forms[0].failed == 1);
  CHECK(t.forms[1].passed == 2);
  CHECK(t.forms[1].failed == 0);
  const auto as_given = [](const std::string& form) { return form; };
  CHECK(tb::form_table(source, t, false, as_given) ==
        "form              passed   failed\n"
        "add.f16                1        1\n"
        "neg.f16                2        0\n"
        "all 2 forms            3        1\n");
  // Under --nan any, a column of the NaNs accepted; a unit's own spelling where it has one.
  const auto adapter = [](const std::string& form) {
    return form == "add.f16" ? "add.rn.f16 (add.f16)" : form;
  };
  CHECK(tb::form_table(source, t, true, adapter) ==
        "form                       passed   failed NaN accepted\n"
        "add.rn.f16 (add.f16)            1        1            0\n"
        "neg.f16                         2        0            0\n"
        "all 2 forms                     3        1            0\n");
}

TEST_CASE("sweep: the first mismatch is marked at the cycle its result leaves, Depth cycles after it entered") {
  // No gaps or back-pressure: the beat enters at cycle 0 and, at the fixed latency of
  // rtl/TIMING.md, is on the output ports in cycle Depth = 4: where --wave's marker goes.
  FaultyDut dut(tb::make_dut(2, 4));
  tb::BeatSource source(2, tb::BeatSource::Packing::Fill);
  source.add_ptx_vectors("add.f16", rtl_test::uop_of("add.f16"),
                         {{{0x3C00, 0x3C00, 0}, {}}, {{0x3C00, 0x4000, 0}, {}}});
  tb::SweepSettings settings;
  settings.stall_probability = 0;
  settings.gap_probability = 0;
  std::ostringstream report;
  const tb::SweepTotals t = tb::run_sweep(dut, source, settings, report);
  REQUIRE(t.first_mismatch);
  CHECK(t.first_mismatch->cycle == 4);
  CHECK(t.first_mismatch->label == "first mismatch: add.f16 lane 1");
  CHECK(tb::marker_time_ns(t.first_mismatch->cycle) == 40);
}

TEST_CASE("sweep: the run stops after 20 mismatches") {
  // With the second thread too: it is stopped while it still has beats to draw.
  const bool draw_ahead = GENERATE(false, true);
  INFO("draw_ahead " << draw_ahead);
  FaultyDut dut(tb::make_dut(2, 4));
  tb::BeatSource source(2, tb::BeatSource::Packing::Fill);
  rtl_test::add_ptx_form(source, "add.f16", rtl_test::stream_specs(false, 10000, 3));
  tb::SweepSettings settings;
  settings.draw_ahead = draw_ahead;
  std::ostringstream report;
  const tb::SweepTotals t = tb::run_sweep(dut, source, settings, report);
  CHECK(t.stopped_early);
  size_t reproduce_lines = 0;
  for (size_t at = 0; (at = report.str().find("reproduce:", at)) != std::string::npos; ++at) {
    ++reproduce_lines;
  }
  CHECK(reproduce_lines == 20);
  CHECK(t.passed + t.failed < 10000);
}

TEST_CASE("sweep: a Uop the reference refuses stops the run with the reference's error, on either "
          "thread") {
  const bool draw_ahead = GENERATE(false, true);
  INFO("draw_ahead " << draw_ahead);
  Uop add_s16;  // no PTX form: add on an integer format, which the reference does not evaluate
  add_s16.op = Op::Add;
  add_s16.format = Format::S16;
  tb::BeatSource source(2, tb::BeatSource::Packing::Fill);
  source.add_ptx_vectors("add.s16", add_s16, {{{1, 2, 0}, {}}});
  auto dut = tb::make_dut(2, 4);
  tb::SweepSettings settings;
  settings.draw_ahead = draw_ahead;
  std::ostringstream report;
  CHECK_THROWS_AS(tb::run_sweep(*dut, source, settings, report), ref::NotImplemented);
}

// ---- vISA MIN_MAX (issue: Intel vISA MIN_MAX) ---------------------------------------------------

namespace {

// Every vISA form the RTL executes at `lanes` (tb::visa_rtl_forms(lanes)), each with corner and
// random instructions; returns the enabled lane operations checked.
uint64_t sweep_every_visa_form(int lanes, uint64_t random_per_form, uint64_t seed, int depth = 4) {
  auto dut = tb::make_dut(lanes, depth);
  tb::BeatSource source(lanes, tb::BeatSource::Packing::Fill);
  for (const auto& form : tb::visa_rtl_forms(lanes).forms) {
    const std::string name = isa::visa::form_name(form);
    std::vector<vectors::VisaStream> streams;
    for (const auto& spec : rtl_test::stream_specs(true, random_per_form, seed))
      streams.emplace_back(form, name, spec);
    source.add_visa(form, std::move(streams));
  }
  tb::SweepSettings settings;
  settings.seed = seed;
  std::ostringstream report;
  const tb::SweepTotals t = tb::run_sweep(*dut, source, settings, report);
  INFO("Lanes=" << lanes << " Depth=" << depth << ":\n" << report.str());
  REQUIRE(t.failed == 0);
  REQUIRE(t.passed == source.lane_operations());
  return t.passed;
}

}  // namespace

TEST_CASE("S24-S29: every vISA form the RTL executes (all eleven types, every exec size and mask "
          "control) matches the reference at Lanes 2 and 8, corners and random") {
  // 296 forms a type (2 ops x 2 sat x 74 (exec, mask)): the 16-bit-lane types' 1480 at every
  // lane count, D UD F's 888 at every even one, Q UQ DF's 888 at multiples of 4.
  REQUIRE(tb::visa_forms({isa::visa::Type::HF, isa::visa::Type::W, isa::visa::Type::UW,
                          isa::visa::Type::B, isa::visa::Type::UB})
              .size() == 1480);
  REQUIRE(tb::visa_rtl_forms(2).forms.size() == 2368);
  REQUIRE(tb::visa_rtl_forms(4).forms.size() == 3256);
  REQUIRE(tb::visa_rtl_forms(8).forms.size() == 3256);
  CHECK(sweep_every_visa_form(2, 40, 7) > 1000000);
  CHECK(sweep_every_visa_form(8, 40, 9) > 1000000);
}

TEST_CASE("S24-S29: every vISA form the RTL executes matches the reference at Lanes=4, corners "
          "and random",
          "[shape]") {
  CHECK(sweep_every_visa_form(4, 40, 8) > 1000000);
}

TEST_CASE("pipelining: at every Depth built, every legal PTX and vISA form matches the reference "
          "(corners + random)",
          "[pipelining][shape]") {
  // Depth places registers inside the datapath (rtl/hp_pipe_pkg.sv); each configuration is a
  // different circuit, so each is swept whole. Depth 2 and 4 have their own tests above.
  for (const auto& [lanes, depth] : tb::available_configs()) {
    if (depth == 2 || depth == 4) continue;
    INFO("Lanes=" << lanes << " Depth=" << depth);
    CHECK(sweep_every_form(lanes, depth, true, 200, 30 + depth) >= rtl_forms().size() * 200);
    CHECK(sweep_every_visa_form(lanes, 10, 40 + depth, depth) > 100000);
  }
}

TEST_CASE("sweep: a vISA mismatch is reported with a batch-line reproduce command") {
  std::string error;
  const auto form = isa::visa::parse_form("min (2) w", error);
  REQUIRE(form);
  // Channel 0: min(1, 3) = 1; channel 1: min(2, 0) = 0, which lane 1's stuck bit turns into 1.
  const auto line = isa::visa::parse_batch_line("MIN (2) w ffffffff 0,0 1,2 3,0");
  REQUIRE(line);
  tb::BeatSource source(2, tb::BeatSource::Packing::Fill);
  source.add_visa_lines(*form, {*line});
  CHECK(faulty_report(source) ==
        "mismatch: MIN (2, M1) w a=0x0002 b=0x0000: expected 0x0000, got 0x0001 (lane 1)\n"
        "  reproduce: halfpipe sweep 'MIN (2, M1) w' --vector '0xffffffff 0x0000,0x0000 "
        "0x0002,0x0002 0x0000,0x0000' --lanes 2 --wave mismatch-1.fst\n");
}
