// The host's worker threads: one job cut into pieces, run on every thread.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace halfpipe_campaign {

// Runs job(piece) for piece in [0, pieces) on every thread, the calling one included.
class Pool {
 public:
  explicit Pool(unsigned threads) {
    for (unsigned i = 1; i < threads; ++i) workers_.emplace_back([this] { work(); });
  }
  ~Pool() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      stopping_ = true;
    }
    wake_.notify_all();
    for (auto& t : workers_) t.join();
  }
  void run(size_t pieces, const std::function<void(size_t)>& job) {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      job_ = &job;
      pieces_ = pieces;
      next_ = 0;
      busy_ = workers_.size();
      ++generation_;
    }
    wake_.notify_all();
    take_pieces(job, pieces);
    std::unique_lock<std::mutex> lock(mutex_);
    done_.wait(lock, [this] { return busy_ == 0; });
    job_ = nullptr;
  }

 private:
  void take_pieces(const std::function<void(size_t)>& job, size_t pieces) {
    for (size_t piece; (piece = next_.fetch_add(1)) < pieces;) job(piece);
  }
  void work() {
    uint64_t seen = 0;
    while (true) {
      const std::function<void(size_t)>* job;
      size_t pieces;
      {
        std::unique_lock<std::mutex> lock(mutex_);
        wake_.wait(lock, [&] { return stopping_ || generation_ != seen; });
        if (stopping_) return;
        seen = generation_;
        job = job_;
        pieces = pieces_;
      }
      take_pieces(*job, pieces);
      std::lock_guard<std::mutex> lock(mutex_);
      if (--busy_ == 0) done_.notify_one();
    }
  }
  std::vector<std::thread> workers_;
  std::mutex mutex_;
  std::condition_variable wake_, done_;
  const std::function<void(size_t)>* job_ = nullptr;
  size_t pieces_ = 0, busy_ = 0;
  std::atomic<size_t> next_{0};
  uint64_t generation_ = 0;
  bool stopping_ = false;
};

}  // namespace halfpipe_campaign
