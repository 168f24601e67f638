#include "tb/drive.h"

#include <condition_variable>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace halfpipe::tb {
namespace {

// The beats of a BeatSource in order, drawn a batch at a time: on this thread when the model
// needs the next one, or, with a worker, a batch ahead on a second thread (a sweep spends about a
// third of its instructions drawing operands and computing the reference's results, which need
// not wait for the model's cycles). Drawn in a run of their own rather than one between two of
// the model's cycles, they leave the model's code and branch history alone for longer
// (rtl/README.md, "Performance").
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

  // The next beat, or nullptr at the end. Valid until the next call. Rethrows what drawing threw
  // (a form the reference cannot evaluate) once the beats drawn before it are handed out.
  Expected* next() {
    while (true) {
      Batch& batch = batches_[consuming_];
      if (position_ == 0) {
        if (worker_.joinable()) {
          std::unique_lock<std::mutex> lock(mutex_);
          changed_.wait(lock, [&] { return batch.full; });
        } else if (!batch.full) {
          fill(batch, kLocalBeats);
          batch.full = true;
        }
      }
      if (position_ < batch.count) {
        drawn_ = batch.drawn;
        return &batch.beats[position_++];
      }
      if (batch.error) std::rethrow_exception(batch.error);
      if (batch.last) return nullptr;
      if (worker_.joinable()) {
        {
          const std::lock_guard<std::mutex> lock(mutex_);
          batch.full = false;
        }
        changed_.notify_all();
        consuming_ ^= 1;
      } else {
        batch.full = false;
      }
      position_ = 0;
    }
  }

  // Instructions drawn for the beats handed out so far (to the end of the current batch).
  uint64_t drawn() const { return drawn_; }

 private:
  static constexpr size_t kBatchBeats = 2048;  // the worker's
  // On this thread: a few kilobytes, which stay in the first-level cache while the model runs.
  static constexpr size_t kLocalBeats = 64;
  struct alignas(64) Batch {  // a cache line of its own: each is written by one thread at a time
    std::vector<Expected> beats;  // sized by the first fill
    size_t count = 0;
    uint64_t drawn = 0;
    bool last = false;
    bool full = false;  // owned by the consumer until it hands the batch back
    std::exception_ptr error;
  };

  // Up to `capacity` beats into `batch`; an exception is kept for next() to rethrow in order.
  void fill(Batch& batch, size_t capacity) {
    // Counted in a local: with a worker, a shared count written per beat would be read by the
    // model's thread on every beat from a cache line this one keeps taking back.
    if (batch.beats.size() < capacity) batch.beats.resize(capacity);
    size_t count = 0;
    try {
      while (count < capacity && source_.next(batch.beats[count])) ++count;
    } catch (...) {
      batch.error = std::current_exception();
    }
    batch.count = count;
    batch.last = count < capacity || batch.error;
    batch.drawn = source_.drawn();
  }

  void draw() {
    for (int filling = 0;; filling ^= 1) {
      Batch& batch = batches_[filling];
      {
        std::unique_lock<std::mutex> lock(mutex_);
        changed_.wait(lock, [&] { return !batch.full || stopping_; });
        if (stopping_) return;
      }
      fill(batch, kBatchBeats);
      {
        const std::lock_guard<std::mutex> lock(mutex_);
        batch.full = true;
      }
      changed_.notify_all();
      if (batch.last) return;
    }
  }

  BeatSource& source_;
  uint64_t drawn_ = 0;
  Batch batches_[2];
  int consuming_ = 0;
  size_t position_ = 0;
  std::mutex mutex_;
  std::condition_variable changed_;
  bool stopping_ = false;
  std::thread worker_;  // joined by the destructor, which stops it if the run ends early
};

}  // namespace

DriveResult drive(Dut& dut, BeatSource& source, sc::Traffic& traffic, Scoreboard& scoreboard,
                  const DriveSettings& settings) {
  const uint32_t tag_mask = (1u << dut.tag_width()) - 1;
  const int lanes = dut.lanes();
  // Read once: the compiler cannot keep them in registers across the model's virtual cycle().
  const bool report_progress = static_cast<bool>(settings.progress);
  const uint64_t reset_at = settings.reset_at;
  const uint64_t max_failures = settings.max_failures;
  const uint64_t hang_cycles = settings.hang_cycles;
  BeatFeed feed(source, settings.draw_ahead);
  DriveResult result;
  bool exhausted = false;  // the feed has no more beats
  bool pending = false;    // a beat is on the inputs, held stable until it is accepted
  int plan = -1;
  InBeat beat;
  OutBeat out;
  uint64_t silent = 0;  // consecutive cycles with work outstanding and nothing moving
  const bool ready_is_advance = settings.ready_is_advance;
  const bool out_of_order = settings.out_of_order;
  if (out_of_order) scoreboard.match_by_tag(tag_mask + 1);

  while (true) {
    if (reset_at && !result.reset && scoreboard.next_offer_sequence(Port::Rtl) >= reset_at) {
      result.reset = true;
      result.reset_cycle = result.cycles - 1;
      result.replayed = scoreboard.in_flight();
      dut.reset(0);
      scoreboard.replay_in_flight(Port::Rtl);
      pending = false;
      silent = 0;
    }
    // Everything appended (so nothing waits on the inputs or to be replayed) came back.
    if (exhausted && scoreboard.delivered(Port::Rtl) == scoreboard.appended()) break;
    if (scoreboard.failed() >= max_failures) {
      result.end = DriveResult::End::Failures;
      break;
    }

    traffic.next_cycle();
    // Out of order, the next offer's tag (transaction n's is n mod 2^TagWidth; one replayed after
    // a reset keeps its own) is free again only once the last transaction that carried it left.
    bool tag_free = true;
    if (out_of_order) {
      const uint64_t sequence = scoreboard.next_offer_sequence(Port::Rtl);
      tag_free = scoreboard.tag_free(sequence < scoreboard.appended()
                                         ? scoreboard.next_offer(Port::Rtl).tag
                                         : static_cast<uint32_t>(sequence) & tag_mask);
    }
    if (!pending && !traffic.gap() && tag_free) {
      const Expected* offer = nullptr;
      const uint64_t sequence = scoreboard.next_offer_sequence(Port::Rtl);
      if (sequence < scoreboard.appended()) {
        offer = &scoreboard.next_offer(Port::Rtl);  // replayed after the reset
      } else if (!exhausted) {
        if (Expected* next = feed.next()) {
          next->tag = static_cast<uint32_t>(sequence) & tag_mask;
          scoreboard.append(*next);
          offer = next;
        } else {
          exhausted = true;
        }
      }
      if (offer) {
        beat.uop_word = offer->uop_word;
        beat.lane_mask = offer->lane_mask;
        beat.tag = offer->tag;
        for (int lane = 0; lane < lanes; ++lane) {
          const bool enabled = (offer->lane_mask >> lane) & 1u;
          const uint16_t idle = traffic.idle_lane_value(lane);
          beat.a[lane] = enabled ? offer->operands[lane][0] : idle;
          beat.b[lane] = enabled ? offer->operands[lane][1] : idle;
          beat.c[lane] = enabled ? offer->operands[lane][2] : idle;
        }
        plan = offer->plan;
        pending = true;
      }
    }

    const bool out_ready = traffic.out_ready();
    const CycleResult r = dut.cycle(pending, beat, out_ready, out);
    const uint64_t cycle = result.cycles++;
    if (ready_is_advance && r.in_ready != (!r.out_valid || out_ready)) {
      result.end = DriveResult::End::Protocol;
      break;
    }
    if (r.consumed || r.accepted) {
      if (r.consumed) scoreboard.check(Port::Rtl, out, cycle);
      silent = 0;
    } else if ((scoreboard.in_flight() > 0 || pending) && ++silent >= hang_cycles) {
      result.end = DriveResult::End::Hang;
      result.in_flight = scoreboard.in_flight();
      result.waiting = pending;
      result.waiting_tag = beat.tag;
      break;
    }
    if (r.accepted) {
      scoreboard.accept(Port::Rtl, cycle);
      pending = false;
    }
    if ((result.cycles & 0xFFF) == 0) {
      if (report_progress) settings.progress({result.cycles, feed.drawn(), plan});
      if (settings.stop && *settings.stop) {
        result.end = DriveResult::End::Interrupted;
        break;
      }
    }
  }
  return result;
}

}  // namespace halfpipe::tb
