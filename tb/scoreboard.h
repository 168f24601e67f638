// The one scoreboard: every transaction the unit accepts is expected back exactly once, in
// order, with its tag, its lane mask and, per lane, the reference's result (lanes outside the
// mask read zero). Used by `halfpipe sweep`, every RTL test and the co-simulation.
//
// The co-simulation (tb/cosim) runs one sequence of transactions through several units at
// once, each a Port: the RTL and the SystemC model. Each port must hand every transaction back
// in order with the reference's result, and every port must hand a transaction out at the same
// cycle: the model's prediction is exact or wrong. A port that is reset replays what it held in
// flight, so every transaction is still checked exactly once per port.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "tb/dut.h"

namespace halfpipe::tb {

using Operands = std::array<uint16_t, 3>;  // one lane's a, b, c; unused ones are 0

struct Expected {
  uint32_t tag = 0;
  uint32_t lane_mask = 0;
  uint32_t uop_word = 0;  // the beat's Uop (model/uop/uop.h encode()), lane mask aside
  int plan = 0;  // which form (an index the caller gives meaning to)
  std::array<uint16_t, kMaxLanes> result{};
  std::array<Operands, kMaxLanes> operands{};
};

// One lane's first `count` operands as the reports show them: "a=0x3c00 b=0x4000".
std::string operands_text(const Operands& lane, int count);

// The units of a co-simulation; the sweep has only the RTL.
enum class Port : int { Rtl = 0, Model = 1 };
inline constexpr int kMaxPorts = 2;
const char* port_name(Port port);  // "RTL", "model"

struct Mismatch {
  enum class Kind { Result, Tag, LaneMask, Unexpected };
  Kind kind = Kind::Result;
  int plan = 0;
  int lane = 0;
  Operands operands{};
  uint32_t expected = 0;
  uint32_t got = 0;
  Port port = Port::Rtl;  // the unit that handed the output out
  uint64_t cycle = 0;     // when it did (co-simulation)
  const Expected* beat = nullptr;  // the transaction, while the reporter runs (not Unexpected)
};

// A transaction every port has handed back: what each returned and when.
struct Outcome {
  const Expected* expected = nullptr;
  uint64_t sequence = 0;  // its position in the sequence, from 0
  std::array<OutBeat, kMaxPorts> got{};
  std::array<uint64_t, kMaxPorts> cycle{};
  std::array<uint64_t, kMaxPorts> accept_cycle{};  // when each port last accepted it
  bool results_match = true;  // every port: tag, lane mask and every lane as expected
  bool cycles_match = true;   // every port handed it out at the same cycle
};

class Scoreboard {
 public:
  using Reporter = std::function<void(const Mismatch&)>;
  using OutcomeReporter = std::function<void(const Outcome&)>;

  // One port, the RTL (the sweep and the RTL tests).
  Scoreboard(int lanes, Reporter reporter) : Scoreboard(lanes, 1, std::move(reporter), {}) {}
  // `ports` units fed the same sequence (the co-simulation); `outcome` hears of every
  // transaction once every port has handed it back, in sequence order.
  Scoreboard(int lanes, int ports, Reporter reporter, OutcomeReporter outcome);

  // ---- one port ----
  // Called when the unit accepts a transaction.
  void expect(const Expected& e) {
    append(e);
    accept(Port::Rtl);
  }
  // Called when the unit hands one out; compares it with the oldest expectation.
  void check(const OutBeat& got) { check(Port::Rtl, got, 0); }
  // Forgets every transaction in flight (after a reset, which empties the unit). One port only:
  // the co-simulation replays instead (replay_in_flight).
  void drop_in_flight();
  size_t in_flight() const { return in_flight(Port::Rtl); }
  // From now on (one port), an output is matched to the transaction in flight that carries its
  // tag, not to the oldest: a unit whose results leave out of order (doc/your-unit.md). An
  // output whose tag no transaction in flight carries (a duplicate, a mixed-up tag) is
  // unexpected. `tags`: 2^TagWidth.
  void match_by_tag(uint32_t tags);
  // From now on, a NaN where the reference expects one passes whatever its encoding (TestFloat's
  // choice, `--nan any`: a RISC-V unit returns 0x7E00 where PTX returns 0x7FFF); each such lane
  // is counted in nan_differences().
  void accept_any_nan() { any_nan_ = true; }
  uint64_t nan_differences() const { return nan_differences_; }
  // Whether no transaction in flight carries `tag` (always, matched in order).
  bool tag_free(uint32_t tag) const { return tag_users_.empty() || tag_users_[tag] == 0; }

  // ---- several ports ----
  // Appends the next transaction of the sequence; no port has accepted it yet.
  void append(const Expected& e);
  uint64_t appended() const { return base_ + window_size_; }
  // The sequence number of the transaction `port` is to be offered next; when it equals
  // appended() the caller appends one first. next_offer() is that transaction.
  uint64_t next_offer_sequence(Port port) const { return accepted_[index(port)]; }
  const Expected& next_offer(Port port) const;
  // `port` accepted next_offer(port), at `cycle` (kept for the outcome reporter).
  void accept(Port port, uint64_t cycle = 0);
  // `port` handed `got` out at `cycle`; compares it with the oldest transaction it holds.
  void check(Port port, const OutBeat& got, uint64_t cycle);
  // `port` was reset: the transactions it held are offered to it again, from the oldest (matched
  // by tag: after those already waiting to be offered, each with its tag).
  void replay_in_flight(Port port);
  size_t in_flight(Port port) const { return accepted_[index(port)] - delivered_[index(port)]; }
  // Transactions handed back by `port`.
  uint64_t delivered(Port port) const { return delivered_[index(port)]; }

  // Lane results that matched / did not, over every port; a wrong tag, mask or an output
  // nobody expected counts as one failure each.
  uint64_t passed() const { return passed_; }
  uint64_t failed() const { return failed_; }
  // The same lane results counted by form: index Expected::plan (empty for a plan never compared).
  struct PlanCounts {
    uint64_t passed = 0, failed = 0, nan_differences = 0;
  };
  const std::vector<PlanCounts>& plan_counts() const { return plan_counts_; }
  // Transactions every port has handed back, with everything right / with something wrong
  // (a result, tag or mask on any port, or the ports' cycles differ); outputs nobody expected.
  uint64_t transactions_passed() const { return transactions_passed_; }
  uint64_t transactions_failed() const { return transactions_failed_; }
  uint64_t unexpected_outputs() const { return unexpected_; }

 private:
  struct Entry {
    Expected expected;
    std::array<OutBeat, kMaxPorts> got{};
    std::array<uint64_t, kMaxPorts> cycle{};
    std::array<uint64_t, kMaxPorts> accept_cycle{};
    unsigned delivered_by = 0;  // bit per port
    bool flushed = false;       // matched by tag: held at a reset and appended again
    bool results_match = true;
  };
  static int index(Port port) { return static_cast<int>(port); }
  // By the ring's mask, kept beside it: window_.size() divides by the size of an Entry, on every
  // transaction's append, accept and check.
  Entry& entry(uint64_t sequence) { return window_[sequence & window_mask_]; }
  const Entry& entry(uint64_t sequence) const { return window_[sequence & window_mask_]; }
  void grow();
  void retire_finished();

  int lanes_;
  int ports_;
  unsigned all_ports_;
  bool keep_outputs_;  // only an outcome reporter or a second port needs them
  Reporter reporter_;
  OutcomeReporter outcome_;
  // Transactions [base_, base_ + window_size_) of the sequence: from the oldest one some port
  // has not handed back to the newest appended. A ring whose size is a power of two.
  std::vector<Entry> window_;
  uint64_t window_mask_;  // window_.size() - 1
  uint64_t base_ = 0;
  uint64_t window_size_ = 0;
  std::array<uint64_t, kMaxPorts> accepted_{};   // per port: transactions accepted
  std::array<uint64_t, kMaxPorts> delivered_{};  // per port: transactions handed back
  uint64_t passed_ = 0, failed_ = 0;
  uint64_t transactions_passed_ = 0, transactions_failed_ = 0, unexpected_ = 0;
  std::vector<uint32_t> tag_users_;  // matched by tag: transactions in flight per tag
  std::vector<uint64_t> tag_holder_;  // matched by tag: the last transaction accepted per tag
  bool any_nan_ = false;
  uint64_t nan_differences_ = 0;
  std::vector<PlanCounts> plan_counts_;
  size_t plans_ = 0;  // plan_counts_.size(), read on every check
};

}  // namespace halfpipe::tb
