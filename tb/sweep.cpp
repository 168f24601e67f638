#include "tb/sweep.h"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <ctime>
#include <exception>
#include <mutex>
#include <ostream>
#include <thread>

#include <fmt/format.h>

#include "model/ref/visa_minmax.h"
#include "vectors/vector_file.h"
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

// The beats of a BeatSource in order, drawn either when asked or, with a worker, a batch ahead on
// a second thread: a sweep spends about a third of its instructions drawing operands and
// computing the reference's results, which need not wait for the model's cycles.
class BeatFeed {
 public:
  BeatFeed(BeatSource& source, bool worker) : source_(source) {
    if (worker) worker_ = std::thread([this] { draw(); });
  }
  ~BeatFeed() {
    if (!worker_.joinable()) return;
    {
      const std::lock_guard<std::mutex> lock(mutex_);
      stopping_ = true;
    }
    changed_.notify_all();
    worker_.join();
  }
  BeatFeed(const BeatFeed&) = delete;
  BeatFeed& operator=(const BeatFeed&) = delete;

  // The next beat, or nullptr at the end. Valid until the next call. Rethrows what the worker
  // threw (a form the reference cannot evaluate).
  Expected* next() {
    if (!worker_.joinable()) {
      if (!source_.next(single_)) return nullptr;
      drawn_ = source_.drawn();
      return &single_;
    }
    Batch& batch = batches_[consuming_];
    if (position_ == 0) {
      std::unique_lock<std::mutex> lock(mutex_);
      changed_.wait(lock, [&] { return batch.full; });
    }
    if (position_ < batch.count) {
      drawn_ = batch.drawn;
      return &batch.beats[position_++];
    }
    if (batch.error) std::rethrow_exception(batch.error);
    if (batch.last) return nullptr;
    {
      const std::lock_guard<std::mutex> lock(mutex_);
      batch.full = false;
    }
    changed_.notify_all();
    consuming_ ^= 1;
    position_ = 0;
    return next();
  }

  // Instructions drawn for the beats handed out so far (to the end of the current batch).
  uint64_t drawn() const { return drawn_; }

 private:
  static constexpr size_t kBatchBeats = 2048;
  struct alignas(64) Batch {  // a cache line of its own: each is written by one thread at a time
    std::vector<Expected> beats = std::vector<Expected>(kBatchBeats);
    size_t count = 0;
    uint64_t drawn = 0;
    bool last = false;
    bool full = false;  // owned by the consumer until it hands the batch back
    std::exception_ptr error;
  };

  void draw() {
    for (int filling = 0;; filling ^= 1) {
      Batch& batch = batches_[filling];
      {
        std::unique_lock<std::mutex> lock(mutex_);
        changed_.wait(lock, [&] { return !batch.full || stopping_; });
        if (stopping_) return;
      }
      // Counted in a local: a shared count written per beat would be read by the model's thread
      // on every beat from a cache line this one keeps taking back.
      size_t count = 0;
      try {
        while (count < kBatchBeats && source_.next(batch.beats[count])) ++count;
      } catch (...) {
        batch.error = std::current_exception();
      }
      batch.count = count;
      batch.last = count < kBatchBeats || batch.error;
      batch.drawn = source_.drawn();
      {
        const std::lock_guard<std::mutex> lock(mutex_);
        batch.full = true;
      }
      changed_.notify_all();
      if (batch.last) return;
    }
  }

  BeatSource& source_;
  Expected single_;
  uint64_t drawn_ = 0;
  Batch batches_[2];
  int consuming_ = 0;
  size_t position_ = 0;
  std::mutex mutex_;
  std::condition_variable changed_;
  bool stopping_ = false;
  std::thread worker_;  // joined by the destructor, which stops it if the run ends early
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

}  // namespace

std::string hex16(uint32_t v) { return fmt::format("0x{:04x}", v); }

std::string reproduce_command(const BeatSource& source, const Expected& beat, int lane) {
  const std::string& form = source.forms()[beat.plan];
  if (source.is_visa(beat.plan)) {
    isa::visa::BatchLine line;
    line.instruction = source.visa_form(beat.plan);
    const Uop u = decode(beat.uop_word, beat.lane_mask).value_or(Uop{});
    line.instruction.src0_mod = u.src0_mod;
    line.instruction.src1_mod = u.src1_mod;
    line.exec_mask = 0xFFFFFFFFu;
    const uint64_t mask = ref::element_mask(ref::traits(line.instruction.type).bits);
    for (int ch = 0; ch < line.instruction.exec_size; ++ch) {
      line.src0[ch] = beat.operands[lane][0] & mask;
      line.src1[ch] = beat.operands[lane][1] & mask;
    }
    const std::string text = vectors::format_visa_line(line);
    return fmt::format("halfpipe sweep '{}' --vector '{}'", form, text.substr(form.size() + 1));
  }
  const Uop& u = source.uop(beat.plan);
  const int first = u.packed ? lane & ~1 : lane;
  std::string vector;
  for (int i = 0; i < operand_count(u.op); ++i) {
    uint32_t reg = beat.operands[first][i];
    if (u.packed) reg |= uint32_t{beat.operands[first + 1][i]} << 16;
    vector += (i ? "," : "") + vectors::format_register(u, reg);
  }
  return fmt::format("halfpipe sweep {} --vector {}", form, vector);
}

SweepTotals run_sweep(Dut& dut, BeatSource& source, const SweepSettings& settings,
                      std::ostream& report) {
  const uint32_t tag_mask = (1u << dut.tag_width()) - 1;
  SweepTotals totals;
  int reports = 0;

  auto print = [&](const Mismatch& m) {
    if (reports >= settings.max_mismatches) return;
    ++reports;
    const std::string& form = source.forms()[m.plan];
    switch (m.kind) {
      case Mismatch::Kind::Result: {
        const Uop u = decode(m.beat->uop_word, m.beat->lane_mask).value_or(Uop{});
        report << fmt::format("mismatch: {} {}: expected {}, got {} (lane {})\n  reproduce: {}{}\n",
                              form, operands_text(m.operands, operand_count(u.op)),
                              hex16(m.expected), hex16(m.got), m.lane,
                              reproduce_command(source, *m.beat, m.lane),
                              settings.reproduce_options);
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

  const uint64_t total_instructions = source.instructions();
  TrafficRandom random(settings.seed);
  const auto threshold = static_cast<uint32_t>(settings.stall_probability * 65536.0);
  const auto gap_threshold = static_cast<uint32_t>(settings.gap_probability * 65536.0);
  const auto start = Clock::now();
  const std::clock_t cpu_start = std::clock();
  auto last_progress = start;

  BeatFeed feed(source, settings.draw_ahead);
  const int lanes = dut.lanes();
  uint32_t next_tag = 0;
  bool inputs_done = false;
  Expected* expected = nullptr;  // the beat on the inputs, held stable until it is accepted
  bool pending = false;
  InBeat beat;
  OutBeat out;
  uint64_t idle_cycles = 0;

  while (true) {
    if (inputs_done && !pending && scoreboard.in_flight() == 0) break;
    if (reports >= settings.max_mismatches) {
      totals.stopped_early = true;
      break;
    }

    const uint64_t coin = random.next();
    const bool out_ready = (coin & 0xFFFF) >= threshold;
    const bool gap = ((coin >> 16) & 0xFFFF) < gap_threshold;
    if (!pending && !inputs_done && !gap) {
      if ((expected = feed.next())) {
        expected->tag = next_tag;
        next_tag = (next_tag + 1) & tag_mask;
        beat.uop_word = expected->uop_word;
        beat.lane_mask = expected->lane_mask;
        beat.tag = expected->tag;
        for (int lane = 0; lane < lanes; ++lane) {
          const bool enabled = (expected->lane_mask >> lane) & 1u;
          const auto junk = static_cast<uint16_t>(coin >> (32 + lane));  // what an off lane reads
          beat.a[lane] = enabled ? expected->operands[lane][0] : junk;
          beat.b[lane] = enabled ? expected->operands[lane][1] : junk;
          beat.c[lane] = enabled ? expected->operands[lane][2] : junk;
        }
        pending = true;
      } else {
        inputs_done = true;
      }
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
      scoreboard.expect(*expected);
      pending = false;
    }

    if (settings.progress && (totals.cycles & 0xFFF) == 0) {
      const auto now = Clock::now();
      if (now - last_progress > std::chrono::milliseconds(500)) {
        last_progress = now;
        const double elapsed = std::chrono::duration<double>(now - start).count();
        const double done = static_cast<double>(feed.drawn()) / (total_instructions ? total_instructions : 1);
        const double remaining = done > 0 ? elapsed * (1 - done) / done : 0;
        std::fprintf(stderr, "\r%-28s %5.1f%%  %6.2f M lane-ops/s  ETA %-8s",
                     expected ? source.forms()[expected->plan].c_str() : "", 100.0 * done,
                     static_cast<double>(scoreboard.passed() + scoreboard.failed()) / elapsed / 1e6,
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
