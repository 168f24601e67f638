#include "tb/sweep.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <ostream>

#include <fmt/format.h>

#include "model/ref/execute.h"
#include "tb/scoreboard.h"

namespace halfpipe::tb {
namespace {

using Clock = std::chrono::steady_clock;

// xorshift64*: the per-cycle coin for stalls and gaps; cheap next to a model evaluation.
class TrafficRandom {
 public:
  explicit TrafficRandom(uint64_t seed) : state_(seed * 0x9E3779B97F4A7C15ull | 1) {}
  uint64_t next() {
    state_ ^= state_ >> 12;
    state_ ^= state_ << 25;
    state_ ^= state_ >> 27;
    return state_ * 0x2545F4914F6CDD1Dull;
  }

 private:
  uint64_t state_;
};

std::string duration(double seconds) {
  const auto s = static_cast<uint64_t>(seconds);
  if (s >= 3600) return fmt::format("{}h{:02}m", s / 3600, s / 60 % 60);
  if (s >= 60) return fmt::format("{}m{:02}s", s / 60, s % 60);
  return fmt::format("{}s", s);
}

std::string operands_text(const Operands& ops, int arity) {
  static const char* const kNames[] = {"a", "b", "c"};
  std::string text;
  for (int i = 0; i < arity; ++i) text += fmt::format("{}{}={}", i ? " " : "", kNames[i], hex16(ops[i]));
  return text;
}

std::string vector_option(const Operands& ops, int arity) {
  std::string text;
  for (int i = 0; i < arity; ++i) text += (i ? "," : "") + hex16(ops[i]);
  return text;
}

}  // namespace

std::string hex16(uint32_t v) { return fmt::format("0x{:04x}", v); }

SweepTotals run_sweep(Dut& dut, std::vector<SweepPlan>& plans, const SweepSettings& settings,
                      std::ostream& report) {
  const int lanes = dut.lanes();
  const uint32_t tag_mask = (1u << dut.tag_width()) - 1;
  SweepTotals totals;
  int reports = 0;

  auto print = [&](const Mismatch& m) {
    if (reports >= settings.max_mismatches) return;
    ++reports;
    const SweepPlan& plan = plans[m.plan];
    const int arity = operand_count(plan.uop.op);
    switch (m.kind) {
      case Mismatch::Kind::Result:
        report << fmt::format("mismatch: {} {}: expected {}, got {} (lane {})\n  reproduce: "
                              "halfpipe sweep {} --vector {}{}\n",
                              plan.form, operands_text(m.operands, arity), hex16(m.expected),
                              hex16(m.got), m.lane, plan.form, vector_option(m.operands, arity),
                              settings.reproduce_options);
        break;
      case Mismatch::Kind::Tag:
      case Mismatch::Kind::LaneMask:
        report << fmt::format("mismatch: {}: {} expected {:#x}, got {:#x} (a transaction was lost, "
                              "duplicated or reordered)\n",
                              plan.form, m.kind == Mismatch::Kind::Tag ? "tag" : "lane mask",
                              m.expected, m.got);
        break;
      case Mismatch::Kind::Unexpected:
        report << fmt::format("mismatch: an output (tag {:#x}) that no accepted input explains\n", m.got);
        break;
    }
    report.flush();
  };
  Scoreboard scoreboard(lanes, print);

  uint64_t total_vectors = 0;
  for (const auto& p : plans) total_vectors += p.stream->size();

  TrafficRandom random(settings.seed);
  const auto threshold = static_cast<uint32_t>(settings.stall_probability * 65536.0);
  const auto start = Clock::now();
  const std::clock_t cpu_start = std::clock();
  auto last_progress = start;
  uint64_t issued_vectors = 0;

  size_t plan_index = 0;
  uint64_t next_vector = 0;
  uint32_t next_tag = 0;
  bool pending = false;  // a beat on the inputs not yet accepted (held stable until it is)
  InBeat beat;
  Expected expected;
  OutBeat out;
  uint64_t idle_cycles = 0;

  uint64_t plan_size = plans.empty() ? 0 : plans[0].stream->size();
  while (true) {
    while (plan_index < plans.size() && next_vector >= plan_size) {
      ++plan_index;
      next_vector = 0;
      plan_size = plan_index < plans.size() ? plans[plan_index].stream->size() : 0;
    }
    const bool inputs_done = plan_index == plans.size() && !pending;
    if (inputs_done && scoreboard.in_flight() == 0) break;
    if (reports >= settings.max_mismatches) {
      totals.stopped_early = true;
      break;
    }

    const uint64_t coin = random.next();
    const bool out_ready = (coin & 0xFFFF) >= threshold;
    const bool gap = ((coin >> 16) & 0xFFFF) < threshold;
    if (!pending && plan_index < plans.size() && !gap) {
      SweepPlan& plan = plans[plan_index];
      beat.uop_word = encode(plan.uop);
      beat.tag = next_tag;
      beat.lane_mask = 0;
      expected.tag = next_tag;
      expected.plan = static_cast<int>(plan_index);
      const int filled = static_cast<int>(std::min<uint64_t>(lanes, plan_size - next_vector));
      plan.stream->fill(next_vector, static_cast<size_t>(filled), expected.operands.data());
      next_vector += static_cast<uint64_t>(filled);
      for (int lane = 0; lane < lanes; ++lane) {
        if (lane < filled) {
          const Operands ops = expected.operands[lane];
          beat.a[lane] = ops[0];
          beat.b[lane] = ops[1];
          beat.c[lane] = ops[2];
          beat.lane_mask |= 1u << lane;
          expected.result[lane] = ref::execute_lane(plan.uop, ops[0], ops[1], ops[2]);
          if (settings.coverage) {
            Uop lane_uop = plan.uop;  // a lane computes the form's scalar operation (S2)
            lane_uop.packed = false;
            lane_uop.lane_mask = 1;
            settings.coverage->add(plan.form, lane_uop, {ops[0], ops[1], ops[2]},
                                   expected.result[lane]);
          }
          ++issued_vectors;
        } else {  // the stream ran out mid-beat: the lane is off and must read zero
          beat.a[lane] = beat.b[lane] = beat.c[lane] = static_cast<uint16_t>(coin >> 32);
          expected.operands[lane] = {};
          expected.result[lane] = 0;
        }
      }
      expected.lane_mask = beat.lane_mask;
      next_tag = (next_tag + 1) & tag_mask;
      pending = true;
    }

    const CycleResult r = dut.cycle(pending, beat, out_ready, out);
    ++totals.cycles;
    if (r.in_ready != (!r.out_valid || out_ready)) {
      ++totals.failed;
      report << "protocol: in_ready_o differs from !out_valid_o || out_ready_i (rtl/TIMING.md)\n";
      totals.stopped_early = true;
      break;
    }
    if (r.consumed) {
      scoreboard.check(out);
      idle_cycles = 0;
    } else if (++idle_cycles > 100000 && scoreboard.in_flight() > 0) {
      ++totals.failed;
      report << "hang: transactions in flight but no output for 100000 cycles\n";
      totals.stopped_early = true;
      break;
    }
    if (r.accepted) {
      scoreboard.expect(expected);
      pending = false;
    }

    if (settings.progress && (totals.cycles & 0xFFF) == 0) {
      const auto now = Clock::now();
      if (now - last_progress > std::chrono::milliseconds(500)) {
        last_progress = now;
        const double elapsed = std::chrono::duration<double>(now - start).count();
        const double rate = issued_vectors / elapsed;
        const double remaining = (total_vectors - issued_vectors) / (rate > 0 ? rate : 1);
        std::fprintf(stderr, "\r%-28s %5.1f%%  %6.2f M lane-ops/s  ETA %-8s",
                     plans[std::min(plan_index, plans.size() - 1)].form.c_str(),
                     100.0 * issued_vectors / (total_vectors ? total_vectors : 1), rate / 1e6,
                     duration(remaining).c_str());
        std::fflush(stderr);
      }
    }
  }
  if (settings.progress) std::fprintf(stderr, "\r\033[K");

  totals.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  totals.cpu_seconds = static_cast<double>(std::clock() - cpu_start) / CLOCKS_PER_SEC;
  totals.passed = scoreboard.passed();
  totals.failed += scoreboard.failed();
  return totals;
}

Throughput bare_throughput(Dut& dut, const Uop& u, uint64_t cycles) {
  InBeat beat;
  beat.uop_word = encode(u);
  beat.lane_mask = (1u << dut.lanes()) - 1;
  for (int lane = 0; lane < dut.lanes(); ++lane) {
    beat.a[lane] = 0x3C00;
    beat.b[lane] = 0x4000;
    beat.c[lane] = 0x3800;
  }
  OutBeat out;
  const auto start = Clock::now();
  const std::clock_t cpu_start = std::clock();
  for (uint64_t i = 0; i < cycles; ++i) dut.cycle(true, beat, true, out);
  const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
  const double cpu_seconds = static_cast<double>(std::clock() - cpu_start) / CLOCKS_PER_SEC;
  const double lane_ops = static_cast<double>(cycles) * dut.lanes();
  return {lane_ops / seconds, lane_ops / cpu_seconds};
}

}  // namespace halfpipe::tb
