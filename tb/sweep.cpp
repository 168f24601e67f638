#include "tb/sweep.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <random>
#include <tuple>
#include <vector>
#include <ostream>

#include <fmt/format.h>

#include "model/isa/visa.h"
#include "model/ref/visa_minmax.h"
#include "tb/visa_beats.h"
#include "vectors/vector_file.h"
#include "tb/drive.h"
#include "tb/scoreboard.h"
#include "model/sc/traffic.h"

namespace halfpipe::tb {
namespace {

using Clock = std::chrono::steady_clock;

}  // namespace

std::string progress_duration(double seconds) {
  const auto s = static_cast<uint64_t>(seconds);
  if (s >= 3600) return fmt::format("{}h{:02}m", s / 3600, s / 60 % 60);
  if (s >= 60) return fmt::format("{}m{:02}s", s / 60, s % 60);
  return fmt::format("{}s", s);
}

std::string hex16(uint32_t v) { return fmt::format("0x{:04x}", v); }

std::string sweep_command_line(std::string_view arguments) {
  return "halfpipe sweep" + std::string(arguments);
}

std::string reproduce_command(const BeatSource& source, const Expected& beat, int lane) {
  return sweep_command_line(" " + replay_arguments(source, beat, lane));
}

std::string replay_arguments(const BeatSource& source, const Expected& beat, int lane) {
  const std::string& form = source.forms()[beat.plan];
  if (source.is_visa(beat.plan)) {
    isa::visa::BatchLine line;
    line.instruction = source.visa_form(beat.plan);
    const Uop u = decode(beat.uop_word, beat.lane_mask).value_or(Uop{});
    line.instruction.src0_mod = u.src0_mod;
    line.instruction.src1_mod = u.src1_mod;
    line.exec_mask = 0xFFFFFFFFu;
    const uint64_t mask = ref::element_mask(ref::traits(line.instruction.type).bits);
    // The failing lane's element: for a 32- or 64-bit type, its group's slices joined.
    const int n = visa_lanes_per_element(line.instruction.type);
    const int first = lane - lane % n;
    uint64_t src0 = 0, src1 = 0;
    for (int s = 0; s < n; ++s) {
      src0 |= uint64_t{beat.operands[first + s][0]} << (16 * s);
      src1 |= uint64_t{beat.operands[first + s][1]} << (16 * s);
    }
    for (int ch = 0; ch < line.instruction.exec_size; ++ch) {
      line.src0[ch] = src0 & mask;
      line.src1[ch] = src1 & mask;
    }
    const std::string text = isa::visa::format_batch_line(line);
    return fmt::format("'{}' --vector '{}'", form, text.substr(form.size() + 1));
  }
  const Uop& u = source.uop(beat.plan);
  const int first = u.packed ? lane & ~1 : lane;
  std::string vector;
  for (int i = 0; i < operand_count(u.op); ++i) {
    uint32_t reg = beat.operands[first][i];
    if (u.packed) reg |= uint32_t{beat.operands[first + 1][i]} << 16;
    vector += (i ? "," : "") + vectors::format_register(u, reg);
  }
  return fmt::format("{} --vector {}", form, vector);
}

SweepTotals run_sweep(Dut& dut, BeatSource& source, const SweepSettings& settings,
                      std::ostream& report) {
  SweepTotals totals;
  int reports = 0;

  auto print = [&](const Mismatch& m) {
    const std::string& form = source.forms()[m.plan];
    if (!totals.first_mismatch)
      totals.first_mismatch =
          WaveMarker{m.cycle, m.kind == Mismatch::Kind::Result
                                  ? fmt::format("first mismatch: {} lane {}", form, m.lane)
                                  : std::string("first mismatch")};
    if (reports >= settings.max_mismatches) return;
    ++reports;
    switch (m.kind) {
      case Mismatch::Kind::Result: {
        const Uop u = decode(m.beat->uop_word, m.beat->lane_mask).value_or(Uop{});
        report << fmt::format("mismatch: {} {}: expected {}, got {} (lane {})\n"
                              "  reproduce: {}{} --wave mismatch-{}.fst\n",
                              form, operands_text(m.operands, operand_count(u.op)),
                              hex16(m.expected), hex16(m.got), m.lane,
                              reproduce_command(source, *m.beat, m.lane),
                              settings.reproduce_options, reports);
        break;
      }
      case Mismatch::Kind::Tag:
      case Mismatch::Kind::LaneMask:
        report << fmt::format("mismatch: {}: {} expected {:#x}, got {:#x} (a transaction was lost, "
                              "duplicated or reordered)\n",
                              form, m.kind == Mismatch::Kind::Tag ? "tag" : "lane mask",
                              m.expected, m.got);
        break;
      case Mismatch::Kind::Unexpected:
        report << fmt::format("mismatch: an output (tag {:#x}) that no accepted input explains\n", m.got);
        break;
    }
    report.flush();
  };
  Scoreboard scoreboard(dut.lanes(), print);
  sc::Traffic traffic(settings.seed, settings.gap_probability, settings.stall_probability);
  DriveSettings drive_settings;
  drive_settings.hang_cycles = settings.hang_cycles;
  drive_settings.max_failures = static_cast<uint64_t>(std::max(settings.max_mismatches, 0));
  drive_settings.draw_ahead = settings.draw_ahead;
  drive_settings.ready_is_advance = settings.ready_is_advance;
  drive_settings.out_of_order = settings.out_of_order;
  if (settings.any_nan) scoreboard.accept_any_nan();

  const uint64_t total_instructions = source.instructions();
  const auto start = Clock::now();
  const std::clock_t cpu_start = std::clock();
  auto last_progress = start;
  drive_settings.stop = settings.stop;
  // Where the run stands: the share of instructions drawn, the rate, the time left.
  auto standing = [&](const DriveProgress& p, Clock::time_point now) {
    const double elapsed = std::chrono::duration<double>(now - start).count();
    const double done = static_cast<double>(p.drawn) / (total_instructions ? total_instructions : 1);
    const double remaining = done > 0 ? elapsed * (1 - done) / done : 0;
    const double rate = static_cast<double>(scoreboard.passed() + scoreboard.failed()) /
                        (elapsed > 0 ? elapsed : 1) / 1e6;
    return std::tuple{done, rate, elapsed, remaining};
  };
  if (settings.progress) {
    drive_settings.progress = [&](const DriveProgress& p) {
      const auto now = Clock::now();
      if (now - last_progress <= std::chrono::milliseconds(500)) return;
      last_progress = now;
      const auto [done, rate, elapsed, remaining] = standing(p, now);
      std::fprintf(stderr, "\r%-28s %5.1f%%  %6.2f M lane-ops/s  ETA %-8s",
                   p.plan >= 0 ? source.forms()[p.plan].c_str() : "", 100.0 * done, rate,
                   progress_duration(remaining).c_str());
      std::fflush(stderr);
    };
  } else if (settings.heartbeat_seconds >= 0) {
    drive_settings.progress = [&](const DriveProgress& p) {
      const auto now = Clock::now();
      if (std::chrono::duration<double>(now - last_progress).count() < settings.heartbeat_seconds)
        return;
      last_progress = now;
      const auto [done, rate, elapsed, remaining] = standing(p, now);
      std::fprintf(stderr,
                   "sweep: %.1f%% (%llu of %llu instructions), %llu passed, %llu failed, %.3f M "
                   "lane-ops/s, %s elapsed, ETA %s\n",
                   100.0 * done, static_cast<unsigned long long>(p.drawn),
                   static_cast<unsigned long long>(total_instructions),
                   static_cast<unsigned long long>(scoreboard.passed()),
                   static_cast<unsigned long long>(scoreboard.failed()), rate,
                   progress_duration(elapsed).c_str(), progress_duration(remaining).c_str());
      std::fflush(stderr);
    };
  }

  const DriveResult run = drive(dut, source, traffic, scoreboard, drive_settings);
  if (settings.progress) std::fprintf(stderr, "\r\033[K");
  totals.cycles = run.cycles;
  switch (run.end) {
    case DriveResult::End::Done:
      break;
    case DriveResult::End::Failures:
      totals.stopped_early = true;
      break;
    case DriveResult::End::Interrupted:
      totals.interrupted = true;
      break;
    case DriveResult::End::Protocol:
      ++totals.failed;
      report << "protocol: in_ready_o differs from !out_valid_o || out_ready_i (rtl/TIMING.md)\n";
      totals.stopped_early = true;
      break;
    case DriveResult::End::Hang:
      ++totals.failed;
      report << fmt::format("hang: no output taken{} for {} cycles, with {} transaction{} in "
                            "flight{}\n", run.waiting ? " and no input accepted" : "",
                            settings.hang_cycles, run.in_flight, run.in_flight == 1 ? "" : "s",
                            run.waiting ? fmt::format(" and tag {:#x} waiting to be accepted",
                                                    run.waiting_tag) : "");
      totals.stopped_early = true;
      break;
  }

  totals.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  totals.cpu_seconds = static_cast<double>(std::clock() - cpu_start) / CLOCKS_PER_SEC;
  totals.passed = scoreboard.passed();
  totals.failed += scoreboard.failed();
  totals.nan_differences = scoreboard.nan_differences();
  totals.forms = scoreboard.plan_counts();
  totals.forms.resize(source.forms().size());
  return totals;
}

std::string form_table(const BeatSource& source, const SweepTotals& totals, bool any_nan,
                       const std::function<std::string(const std::string&)>& spelling) {
  std::vector<std::string> names;
  size_t width = 4;
  for (const auto& form : source.forms()) {
    names.push_back(spelling(form));
    width = std::max(width, names.back().size());
  }
  const std::string total = fmt::format("all {} forms", names.size());
  width = std::max(width, total.size());
  auto row = [&](const std::string& name, uint64_t passed, uint64_t failed, uint64_t nans) {
    std::string line = fmt::format("{:<{}} {:>12} {:>8}", name, width, passed, failed);
    if (any_nan) line += fmt::format(" {:>12}", nans);
    return line + "\n";
  };
  std::string out = fmt::format("{:<{}} {:>12} {:>8}{}\n", "form", width, "passed", "failed",
                                any_nan ? fmt::format(" {:>12}", "NaN accepted") : "");
  for (size_t i = 0; i < names.size(); ++i) {
    const Scoreboard::PlanCounts& c = totals.forms[i];
    out += row(names[i], c.passed, c.failed, c.nan_differences);
  }
  return out + row(total, totals.passed, totals.failed, totals.nan_differences);
}

Throughput bare_throughput(Dut& dut, const Uop& u, uint64_t cycles, BareOperands operands) {
  InBeat beat;
  beat.uop_word = encode(u);
  beat.lane_mask = (1u << dut.lanes()) - 1;
  for (int lane = 0; lane < dut.lanes(); ++lane) {
    beat.a[lane] = 0x3C00;
    beat.b[lane] = 0x4000;
    beat.c[lane] = 0x3800;
  }
  // A power of two, so that the beat is picked with a mask; large enough that the branch
  // predictor does not learn the data, small enough to stay in the first-level cache.
  constexpr size_t kBlock = 4096;
  const size_t mask = operands == BareOperands::Random ? kBlock - 1 : 0;
  std::vector<InBeat> beats(mask + 1, beat);
  std::mt19937 rng(2026);
  if (operands == BareOperands::Random) {
    for (InBeat& b : beats) {
      for (int lane = 0; lane < dut.lanes(); ++lane) {
        b.a[lane] = static_cast<uint16_t>(rng());
        b.b[lane] = static_cast<uint16_t>(rng());
        b.c[lane] = static_cast<uint16_t>(rng());
      }
    }
  }
  OutBeat out;
  const auto start = Clock::now();
  const std::clock_t cpu_start = std::clock();
  for (uint64_t i = 0; i < cycles; ++i) dut.cycle(true, beats[i & mask], true, out);
  const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
  const double cpu_seconds = static_cast<double>(std::clock() - cpu_start) / CLOCKS_PER_SEC;
  const double lane_ops = static_cast<double>(cycles) * dut.lanes();
  return {lane_ops / seconds, lane_ops / cpu_seconds};
}

}  // namespace halfpipe::tb
