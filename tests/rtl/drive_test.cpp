// The traffic source (model/sc/traffic.h) and the one drive loop (tb/drive.h) that the sweep, the RTL
// tests and the co-simulation's bare baseline run: the per-cycle decisions a seed gives, and
// the hang limit, on stand-in units whose timing is known exactly; and the beats the sweep's
// bare baseline clocks the model with.
#include <catch2/catch.hpp>

#include <array>
#include <cstdint>
#include <deque>
#include <set>
#include <vector>

#include "model/isa/ptx.h"
#include "tb/beats.h"
#include "tb/drive.h"
#include "tb/dut_factory.h"
#include "tb/scoreboard.h"
#include "tb/sweep.h"
#include "model/sc/traffic.h"
#include "tests/rtl/support.h"

namespace {

using namespace halfpipe;

TEST_CASE("traffic: probability 0 never leaves a gap nor holds out_ready low, probability 1 always") {
  sc::Traffic never(7, 0.0, 0.0);
  sc::Traffic always(7, 1.0, 1.0);
  for (int cycle = 0; cycle < 100000; ++cycle) {
    never.next_cycle();
    always.next_cycle();
    REQUIRE_FALSE(never.gap());
    REQUIRE(never.out_ready());
    REQUIRE(always.gap());
    REQUIRE_FALSE(always.out_ready());
  }
}

TEST_CASE("traffic: a seed's decisions are xorshift64* from seed * 0x9E3779B97F4A7C15 | 1") {
  // The first six draws for seed 2024, computed apart from this code with Python's integers
  // from the generator's definition (Vigna, "An experimental exploration of Marsaglia's
  // xorshift generators", xorshift64*: shifts 12, 25, 27, multiplier 0x2545F4914F6CDD1D):
  //   0x23822c148c8701ee 0x335d37955b661213 0x8baed2670ca2f6b3
  //   0xac45041975153c09 0xa12a4aa398577f57 0x45f728785d0f41bf
  // Gap probability 1/2 (threshold 0x8000 on bits [31:16]: 8c87 5b66 0ca2 7515 9857 5d0f) and
  // back-pressure 1/4 (out_ready when bits [15:0] >= 0x4000: 01ee 1213 f6b3 3c09 7f57 41bf).
  const std::array<bool, 6> gap{false, true, true, true, false, true};
  const std::array<bool, 6> out_ready{false, false, true, false, true, true};
  // Bits [47:32] and [50:35]: what lanes 0 and 3 read when the lane mask leaves them off.
  const std::array<uint16_t, 6> idle_lane0{0x2c14, 0x3795, 0xd267, 0x0419, 0x4aa3, 0x2878};
  const std::array<uint16_t, 6> idle_lane3{0x4582, 0xa6f2, 0xda4c, 0xa083, 0x4954, 0xe50f};
  sc::Traffic traffic(2024, 0.5, 0.25);
  for (int cycle = 0; cycle < 6; ++cycle) {
    CAPTURE(cycle);
    traffic.next_cycle();
    CHECK(traffic.gap() == gap[cycle]);
    CHECK(traffic.out_ready() == out_ready[cycle]);
    CHECK(traffic.idle_lane_value(0) == idle_lane0[cycle]);
    CHECK(traffic.idle_lane_value(3) == idle_lane3[cycle]);
  }
}

TEST_CASE("traffic: over 65536 cycles the decisions follow the probabilities") {
  // Counted with the same Python model for seed 3: 16476 gaps at 1/4 (expected 16384) and
  // 49398 cycles ready at back-pressure 1/4 (expected 49152).
  sc::Traffic traffic(3, 0.25, 0.25);
  int gaps = 0, ready = 0;
  for (int cycle = 0; cycle < 65536; ++cycle) {
    traffic.next_cycle();
    gaps += traffic.gap();
    ready += traffic.out_ready();
  }
  CHECK(gaps == 16476);
  CHECK(ready == 49398);
}

// A stand-in unit of `lanes` lanes that always takes its input (in_ready_o high) and shows each
// transaction on its outputs `latency` cycles after accepting it, lane results equal to the
// a operands (lanes outside the mask read zero); latency 0: it never answers.
class DelayUnit final : public tb::Dut {
 public:
  DelayUnit(int lanes, uint64_t latency) : lanes_(lanes), latency_(latency) {}
  int lanes() const override { return lanes_; }
  int depth() const override { return 4; }
  int tag_width() const override { return 8; }
  void reset(int) override { held_.clear(); }
  tb::CycleResult cycle(bool in_valid, const tb::InBeat& in, bool out_ready,
                        tb::OutBeat& out) override {
    tb::CycleResult r;
    r.out_valid = latency_ > 0 && !held_.empty() && held_.front().due <= now_;
    r.consumed = r.out_valid && out_ready;
    r.in_ready = !r.out_valid || out_ready;
    r.accepted = in_valid && r.in_ready;
    if (r.consumed) {
      out = held_.front().beat;
      held_.pop_front();
    }
    if (r.accepted) {
      Held h{now_ + latency_, {}};
      h.beat.tag = in.tag;
      h.beat.lane_mask = in.lane_mask;
      for (int lane = 0; lane < lanes_; ++lane)
        h.beat.result[lane] = (in.lane_mask >> lane) & 1u ? in.a[lane] : 0;
      held_.push_back(h);
    }
    ++now_;
    return r;
  }

 private:
  struct Held {
    uint64_t due;
    tb::OutBeat beat;
  };
  int lanes_;
  uint64_t latency_;
  uint64_t now_ = 0;
  std::deque<Held> held_;
};

struct Drove {
  tb::DriveResult result;
  uint64_t passed = 0, failed = 0;
};

// One add.f16 vector, 1 + 0 = 1 (so the a operand is the result), through `unit` with no
// gaps and no back-pressure.
Drove drive_one(tb::Dut& unit, uint64_t hang_cycles) {
  tb::BeatSource source(unit.lanes(), tb::BeatSource::Packing::Fill);
  source.add_ptx_vectors("add.f16", rtl_test::uop_of("add.f16"), {{{0x3C00, 0x0000, 0}, {}}});
  tb::Scoreboard scoreboard(unit.lanes(), [](const tb::Mismatch&) {});
  sc::Traffic traffic(1, 0.0, 0.0);
  tb::DriveSettings settings;
  settings.hang_cycles = hang_cycles;
  Drove d;
  d.result = tb::drive(unit, source, traffic, scoreboard, settings);
  d.passed = scoreboard.passed();
  d.failed = scoreboard.failed();
  return d;
}

TEST_CASE("drive: a unit that never answers is a hang after exactly hang_cycles silent cycles") {
  // Accepted at cycle 0; cycles 1..N pass with it in flight and no output: stopped after N.
  for (uint64_t n : {1, 7, 1000}) {
    CAPTURE(n);
    DelayUnit silent(2, 0);
    const Drove d = drive_one(silent, n);
    CHECK(d.result.end == tb::DriveResult::End::Hang);
    CHECK(d.result.cycles == n + 1);
    CHECK(d.passed == 0);
  }
}

TEST_CASE("drive: an answer after hang_cycles - 1 silent cycles is no hang, one cycle later is") {
  // Latency L: accepted at cycle 0, handed out at cycle L, after L - 1 silent cycles.
  DelayUnit in_time(2, 7);
  const Drove ok = drive_one(in_time, 7);
  CHECK(ok.result.end == tb::DriveResult::End::Done);
  CHECK(ok.result.cycles == 8);  // cycles 0..7
  CHECK(ok.passed == 1);         // lane 0; lane 1 is outside the mask and reads zero
  CHECK(ok.failed == 0);

  DelayUnit late(2, 8);
  const Drove hang = drive_one(late, 7);
  CHECK(hang.result.end == tb::DriveResult::End::Hang);
  CHECK(hang.result.cycles == 8);  // silent cycles 1..7, as for a unit that never answers
  CHECK(hang.passed == 0);
}

TEST_CASE("drive: a beat offered under back-pressure stays on the inputs until it is taken") {
  // Back-pressure every cycle on a unit whose output is due one cycle after acceptance: the
  // first beat goes in at cycle 0, its result sits on the outputs from cycle 1 with out_ready
  // low, so in_ready is low and the second beat waits: hang after hang_cycles, one accepted.
  DelayUnit unit(2, 1);
  tb::BeatSource source(2, tb::BeatSource::Packing::OnePerBeat);
  source.add_ptx_vectors("add.f16", rtl_test::uop_of("add.f16"),
                         {{{0x3C00, 0x0000, 0}, {}}, {{0x4000, 0x0000, 0}, {}}});
  tb::Scoreboard scoreboard(2, [](const tb::Mismatch&) {});
  sc::Traffic traffic(1, 0.0, 1.0);
  tb::DriveSettings settings;
  settings.hang_cycles = 5;
  const tb::DriveResult r = tb::drive(unit, source, traffic, scoreboard, settings);
  CHECK(r.end == tb::DriveResult::End::Hang);
  CHECK(r.cycles == 6);
  CHECK(scoreboard.in_flight() == 1);
  CHECK(scoreboard.next_offer_sequence(tb::Port::Rtl) == 1);  // the second: offered, not taken
  CHECK(scoreboard.appended() == 2);
}

}  // namespace

namespace {

TEST_CASE("drive: a reset in the middle of busy traffic replays what was in flight, each lane checked once") {
  auto dut = tb::make_dut(2, 4);
  tb::BeatSource source(2, tb::BeatSource::Packing::Fill);
  const uint64_t lanes = rtl_test::add_ptx_form(source, "fma.rn.f16",
                                                rtl_test::stream_specs(false, 300, 5));
  tb::Scoreboard scoreboard(2, [](const tb::Mismatch&) {});
  sc::Traffic traffic(5, 0.2, 0.3);
  tb::DriveSettings settings;
  settings.reset_at = 40;
  const tb::DriveResult r = tb::drive(*dut, source, traffic, scoreboard, settings);
  CHECK(r.end == tb::DriveResult::End::Done);
  CHECK(r.reset);
  CHECK(r.replayed <= 4);  // Depth 4 stages hold at most 4 (rtl/TIMING.md)
  CHECK(scoreboard.failed() == 0);
  CHECK(scoreboard.passed() == lanes);  // nothing lost, nothing checked twice
  CHECK(scoreboard.in_flight() == 0);
}

}  // namespace

// A stand-in that keeps every input beat it is clocked with, for what the bare baseline drives.
class RecordingUnit final : public tb::Dut {
 public:
  int lanes() const override { return 2; }
  int depth() const override { return 4; }
  int tag_width() const override { return 8; }
  void reset(int) override {}
  tb::CycleResult cycle(bool in_valid, const tb::InBeat& in, bool, tb::OutBeat&) override {
    if (in_valid) beats.push_back(in);
    tb::CycleResult r;
    r.in_ready = r.accepted = in_valid;
    return r;
  }
  std::vector<tb::InBeat> beats;
};

TEST_CASE("sweep --bare: constant operands are one beat every cycle, random ones a new beat each "
          "cycle, the same 4096 again after 4096 cycles") {
  const Uop u = *isa::decode_ptx("add.rn.f16").uop;
  auto operands = [](const tb::InBeat& b) {
    return std::array<uint16_t, 6>{b.a[0], b.a[1], b.b[0], b.b[1], b.c[0], b.c[1]};
  };
  RecordingUnit constant;
  tb::bare_throughput(constant, u, 100, tb::BareOperands::Constant);
  REQUIRE(constant.beats.size() == 100);
  for (const tb::InBeat& b : constant.beats) {
    CHECK(b.uop_word == encode(u));
    CHECK(b.lane_mask == 0b11u);
    CHECK(operands(b) == operands(constant.beats.front()));
  }

  RecordingUnit random;
  tb::bare_throughput(random, u, 2 * 4096, tb::BareOperands::Random);
  REQUIRE(random.beats.size() == 2 * 4096);
  std::set<std::array<uint16_t, 6>> distinct;
  for (size_t i = 0; i < 4096; ++i) {
    const tb::InBeat& b = random.beats[i];
    CHECK(b.uop_word == encode(u));
    CHECK(b.lane_mask == 0b11u);
    distinct.insert(operands(b));
    CHECK(operands(random.beats[i + 4096]) == operands(b));
  }
  // 96 random bits a beat: 4096 draws repeat with probability about 2^-73.
  CHECK(distinct.size() == 4096);
  // Each lane's operand bits take both values: not a constant lane hidden among changing ones.
  uint16_t a1_ones = 0, a1_zeros = 0;
  for (size_t i = 0; i < 4096; ++i) {
    a1_ones |= random.beats[i].a[1];
    a1_zeros |= static_cast<uint16_t>(~random.beats[i].a[1]);
  }
  CHECK(a1_ones == 0xFFFF);
  CHECK(a1_zeros == 0xFFFF);
}
