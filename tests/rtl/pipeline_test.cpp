// rtl/TIMING.md's contract, held against a plain model of a Depth-stage line, and what must
// survive back-pressure, a reset in the middle of traffic and uninitialised state.
#include <catch2/catch.hpp>

#include <deque>
#include <random>
#include <sstream>
#include <vector>

#include "model/ref/execute.h"
#include "tb/dut_factory.h"
#include "tb/scoreboard.h"
#include "tb/sweep.h"
#include "tests/rtl/support.h"

namespace {

using namespace halfpipe;

// The line of TIMING.md, written from its text: Depth slots; the outputs show the last; at an
// edge the whole line shifts when advance = !last.valid || out_ready.
class LineModel {
 public:
  explicit LineModel(int depth) : valid_(depth, false), tag_(depth, 0) {}
  bool out_valid() const { return valid_.back(); }
  uint32_t out_tag() const { return tag_.back(); }
  bool in_ready(bool out_ready) const { return !out_valid() || out_ready; }
  void edge(bool in_valid, uint32_t in_tag, bool out_ready) {
    if (!in_ready(out_ready)) return;
    for (size_t i = valid_.size() - 1; i > 0; --i) {
      valid_[i] = valid_[i - 1];
      tag_[i] = tag_[i - 1];
    }
    valid_[0] = in_valid;
    tag_[0] = in_tag;
  }

 private:
  std::vector<bool> valid_;
  std::vector<uint32_t> tag_;
};

tb::InBeat beat_for(const Uop& u, int lanes, uint32_t tag, uint32_t mask, std::mt19937_64& rng) {
  tb::InBeat in;
  in.uop_word = encode(u);
  in.tag = tag;
  in.lane_mask = mask;
  for (int lane = 0; lane < lanes; ++lane) {
    const uint64_t r = rng();
    in.a[lane] = static_cast<uint16_t>(r);
    in.b[lane] = static_cast<uint16_t>(r >> 16);
    in.c[lane] = static_cast<uint16_t>(r >> 32);
  }
  return in;
}

tb::Expected expectation(const Uop& u, int lanes, const tb::InBeat& in) {
  tb::Expected e;
  e.tag = in.tag;
  e.lane_mask = in.lane_mask;
  for (int lane = 0; lane < lanes; ++lane) {
    e.operands[lane] = {in.a[lane], in.b[lane], in.c[lane]};
    e.result[lane] = (in.lane_mask >> lane & 1) ? ref::execute_lane(u, in.a[lane], in.b[lane], in.c[lane]) : 0;
  }
  return e;
}

// Everything observable in one cycle, to compare two runs.
struct Observation {
  bool in_ready, out_valid;
  uint32_t tag;
  std::array<uint16_t, tb::kMaxLanes> result;
  bool operator==(const Observation& o) const {
    return in_ready == o.in_ready && out_valid == o.out_valid &&
           (!out_valid || (tag == o.tag && result == o.result));
  }
};

}  // namespace

TEST_CASE("TIMING.md: with no back-pressure the latency is Depth cycles and one Uop enters per cycle") {
  for (const auto& [lanes, depth] : tb::available_configs()) {
    INFO("Lanes=" << lanes << " Depth=" << depth);
    auto dut = tb::make_dut(lanes, depth);
    std::mt19937_64 rng(1);
    const Uop fma = rtl_test::uop_of("fma.rn.f16");  // the longest op takes no longer
    std::vector<int> accepted_at, consumed_at;
    tb::OutBeat out;
    for (int cycle = 0; cycle < 30 + depth + 1; ++cycle) {  // 30 sent, then drained
      const bool send = cycle < 30;
      const tb::CycleResult r =
          dut->cycle(send, beat_for(fma, lanes, static_cast<uint32_t>(cycle), 1, rng), true, out);
      if (send) REQUIRE(r.accepted);  // II = 1
      if (r.accepted) accepted_at.push_back(cycle);
      if (r.consumed) {
        REQUIRE(out.tag == consumed_at.size());
        consumed_at.push_back(cycle);
      }
    }
    REQUIRE(consumed_at.size() == accepted_at.size());
    for (size_t i = 0; i < accepted_at.size(); ++i) CHECK(consumed_at[i] - accepted_at[i] == depth);
  }
}

TEST_CASE("TIMING.md: under random back-pressure and gaps every cycle matches a Depth-stage line") {
  for (const auto& [lanes, depth] : tb::available_configs()) {
    INFO("Lanes=" << lanes << " Depth=" << depth);
    auto dut = tb::make_dut(lanes, depth);
    LineModel line(depth);
    std::mt19937_64 rng(depth * 100 + lanes);
    const Uop mul = rtl_test::uop_of("mul.rn.bf16");
    uint32_t tag = 0;
    tb::InBeat pending = beat_for(mul, lanes, tag, 1, rng);
    bool have_pending = false;
    tb::OutBeat out;
    for (int cycle = 0; cycle < 5000; ++cycle) {
      const int pressure = (cycle / 500) % 4;  // phases from none to heavy
      const bool out_ready = rng() % 4 >= static_cast<unsigned>(pressure);
      if (!have_pending && rng() % 4 >= static_cast<unsigned>(pressure)) {
        pending = beat_for(mul, lanes, tag, 1, rng);
        tag = (tag + 1) & 0xFF;
        have_pending = true;
      }
      const bool expect_ready = line.in_ready(out_ready);
      const bool expect_valid = line.out_valid();
      const uint32_t expect_tag = line.out_tag();
      const tb::CycleResult r = dut->cycle(have_pending, pending, out_ready, out);
      INFO("cycle " << cycle);
      REQUIRE(r.in_ready == expect_ready);
      REQUIRE(r.out_valid == expect_valid);
      if (r.consumed) REQUIRE(out.tag == expect_tag);
      line.edge(have_pending, pending.tag, out_ready);
      if (r.accepted) have_pending = false;
    }
  }
}

TEST_CASE("back-pressure: heavy stalls and gaps lose, duplicate and reorder nothing") {
  for (const auto& [lanes, depth] : tb::available_configs()) {
    INFO("Lanes=" << lanes << " Depth=" << depth);
    auto dut = tb::make_dut(lanes, depth);
    for (double stall : {0.0, 0.3, 0.7, 0.9}) {
      INFO("stall probability " << stall);
      tb::BeatSource source(lanes, tb::BeatSource::Packing::Fill);
      for (const char* form : {"fma.rn.relu.f16", "max.xorsign.abs.bf16", "neg.f16"})  // 3001: a partial last beat
        rtl_test::add_ptx_form(source, form, rtl_test::stream_specs(false, 3001, 17));
      tb::SweepSettings settings;
      settings.stall_probability = stall;
      settings.gap_probability = stall;
      settings.seed = static_cast<uint64_t>(stall * 10) + 1;
      std::ostringstream report;
      const tb::SweepTotals t = tb::run_sweep(*dut, source, settings, report);
      INFO(report.str());
      CHECK(t.failed == 0);
      CHECK(t.passed == 3 * 3001);
    }
  }
}

TEST_CASE("S2 lane mask: a lane outside the mask reads zero, the others compute as if alone") {
  auto dut = tb::make_dut(8, 4);
  std::mt19937_64 rng(8);
  const Uop add = rtl_test::uop_of("add.f16");
  std::ostringstream report;
  tb::Scoreboard sb(8, [&](const tb::Mismatch& m) {
    report << "lane " << m.lane << " expected " << m.expected << " got " << m.got << "\n";
  });
  tb::OutBeat out;
  for (uint32_t mask = 0; mask < 256; ++mask) {
    const tb::InBeat in = beat_for(add, 8, mask, mask, rng);
    bool sent = false;
    while (!sent) {
      const tb::CycleResult r = dut->cycle(true, in, true, out);
      if (r.consumed) sb.check(out);
      if (r.accepted) {
        sb.expect(expectation(add, 8, in));
        sent = true;
      }
    }
  }
  for (int i = 0; i < 10; ++i) {
    const tb::CycleResult r = dut->cycle(false, {}, true, out);
    if (r.consumed) sb.check(out);
  }
  INFO(report.str());
  CHECK(sb.failed() == 0);
  CHECK(sb.in_flight() == 0);
  CHECK(sb.passed() == 8 * 128);  // every lane is enabled in half of the 256 masks
}

TEST_CASE("reset in the middle of traffic empties the unit, which is correct afterwards") {
  for (const auto& [lanes, depth] : tb::available_configs()) {
    INFO("Lanes=" << lanes << " Depth=" << depth);
    auto dut = tb::make_dut(lanes, depth);
    std::mt19937_64 rng(lanes + depth);
    const Uop fma = rtl_test::uop_of("fma.rn.sat.f16");
    const uint32_t all = (1u << lanes) - 1;
    std::ostringstream report;
    tb::Scoreboard sb(lanes, [&](const tb::Mismatch& m) {
      report << "kind " << static_cast<int>(m.kind) << " lane " << m.lane << "\n";
    });
    tb::OutBeat out;
    uint32_t tag = 0;
    for (int round = 0; round < 20; ++round) {
      // Traffic with back-pressure, so that the reset finds the line full and stalled in some
      // rounds and half-empty in others.
      const int cycles = 3 + static_cast<int>(rng() % 12);
      for (int c = 0; c < cycles; ++c) {
        const tb::InBeat in = beat_for(fma, lanes, tag, all, rng);
        const tb::CycleResult r = dut->cycle(rng() % 4 != 0, in, rng() % 3 == 0, out);
        if (r.consumed) sb.check(out);
        if (r.accepted) {
          sb.expect(expectation(fma, lanes, in));
          tag = (tag + 1) & 0xFF;
        }
      }
      dut->reset(1 + static_cast<int>(rng() % 2));
      sb.drop_in_flight();
      // Empty: nothing comes out, however long we wait.
      for (int c = 0; c < depth + 2; ++c) {
        const tb::CycleResult r = dut->cycle(false, {}, true, out);
        REQUIRE_FALSE(r.out_valid);
        REQUIRE(r.in_ready);
      }
    }
    // And correct afterwards: a clean stream passes in full.
    tb::BeatSource source(lanes, tb::BeatSource::Packing::Fill);
    rtl_test::add_ptx_form(source, "fma.rn.sat.f16", rtl_test::stream_specs(false, 2000, 99));
    const tb::SweepTotals t = tb::run_sweep(*dut, source, {}, report);
    INFO(report.str());
    CHECK(sb.failed() == 0);
    CHECK(t.failed == 0);
    CHECK(t.passed == 2000);
  }
}

// The X rule of rtl/sva/hp_alu_assertions.sv, which Verilator cannot assert (it has no X): every
// valid output is free of X. tests/rtl/assertions_test.cpp shows the comparison catches a unit
// that breaks it.
TEST_CASE("X rule: every valid output is free of X: two x-initial unique seeds give the same outputs, cycle for cycle") {
  for (const auto& [lanes, depth] : tb::available_configs()) {
    INFO("Lanes=" << lanes << " Depth=" << depth);
    std::vector<std::vector<Observation>> runs;
    for (uint64_t x_seed : {11u, 987654321u}) {
      auto dut = tb::make_dut(lanes, depth, x_seed);
      std::mt19937_64 rng(42);  // the same traffic for both
      std::vector<Observation> trace;
      tb::OutBeat out;
      const Uop forms[] = {rtl_test::uop_of("fma.rn.f16"), rtl_test::uop_of("min.NaN.bf16"),
                           rtl_test::uop_of("abs.f16")};
      for (int cycle = 0; cycle < 3000; ++cycle) {
        const tb::InBeat in = beat_for(forms[cycle % 3], lanes, cycle & 0xFF,
                                       static_cast<uint32_t>(rng()) & ((1u << lanes) - 1), rng);
        const bool in_valid = rng() % 3 != 0, out_ready = rng() % 3 != 0;
        out = {};
        const tb::CycleResult r = dut->cycle(in_valid, in, out_ready, out);
        trace.push_back({r.in_ready, r.out_valid, out.tag, out.result});
        if (cycle == 1500) dut->reset(1);
      }
      runs.push_back(trace);
    }
    REQUIRE(runs[0].size() == runs[1].size());
    for (size_t i = 0; i < runs[0].size(); ++i) {
      INFO("cycle " << i);
      REQUIRE(runs[0][i] == runs[1][i]);
    }
  }
}
