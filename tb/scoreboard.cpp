#include "tb/scoreboard.h"

#include <algorithm>
#include <stdexcept>
#include <string>
#include <utility>

#include <fmt/format.h>

#include "model/ref/format.h"
#include "model/uop/uop.h"

namespace halfpipe::tb {

const char* port_name(Port port) { return port == Port::Rtl ? "RTL" : "model"; }

std::string operands_text(const Operands& lane, int count) {
  static const char* const kNames[] = {"a", "b", "c"};
  std::string text;
  for (int i = 0; i < count; ++i)
    text += fmt::format("{}{}=0x{:04x}", i ? " " : "", kNames[i], lane[i]);
  return text;
}

namespace {

// Whether `a` and `b` are both NaNs of the format of the Uop word's result (f16 or bf16).
bool both_nan(uint32_t uop_word, uint16_t a, uint16_t b) {
  const std::optional<Uop> u = decode(uop_word, 1);
  if (!u || (u->format != Format::F16 && u->format != Format::BF16)) return false;
  const ref::FloatFormat& f = u->format == Format::F16 ? ref::kF16 : ref::kBF16;
  return f.is_nan(a) && f.is_nan(b);
}

// The lanes set in an 8-bit mask (std::bitset::count is a call into libgcc on every result
// without -mpopcnt).
uint32_t lane_count(uint32_t mask) {
  static_assert(kMaxLanes <= 8, "an 8-bit count");
  mask -= (mask >> 1) & 0x55;
  mask = (mask & 0x33) + ((mask >> 2) & 0x33);
  return (mask + (mask >> 4)) & 0x0F;
}

}  // namespace

Scoreboard::Scoreboard(int lanes, int ports, Reporter reporter, OutcomeReporter outcome)
    : lanes_(lanes),
      ports_(ports),
      all_ports_((1u << ports) - 1),
      keep_outputs_(ports > 1 || static_cast<bool>(outcome)),
      reporter_(std::move(reporter)),
      outcome_(std::move(outcome)),
      window_(64),  // far above any Depth: one port holds at most Depth in flight
      window_mask_(window_.size() - 1) {
  if (ports < 1 || ports > kMaxPorts)
    throw std::invalid_argument("scoreboard: 1 to " + std::to_string(kMaxPorts) + " ports");
}

void Scoreboard::grow() {
  std::vector<Entry> larger(window_.size() * 2);
  for (uint64_t s = base_; s < base_ + window_size_; ++s)
    larger[s & (larger.size() - 1)] = std::move(entry(s));
  window_ = std::move(larger);
  window_mask_ = window_.size() - 1;
}

void Scoreboard::append(const Expected& e) {
  if (window_size_ > window_mask_) grow();
  Entry& slot = entry(base_ + window_size_);
  slot.expected = e;
  slot.delivered_by = 0;
  slot.flushed = false;
  slot.results_match = true;
  ++window_size_;
}

const Expected& Scoreboard::next_offer(Port port) const {
  const uint64_t sequence = accepted_[index(port)];
  if (sequence >= appended())
    throw std::logic_error("scoreboard: offer beyond the appended sequence");
  return entry(sequence).expected;
}

void Scoreboard::accept(Port port, uint64_t cycle) {
  if (accepted_[index(port)] >= appended())
    throw std::logic_error("scoreboard: a port accepted a transaction never appended");
  Entry& accepted = entry(accepted_[index(port)]);
  if (!tag_users_.empty()) {
    ++tag_users_[accepted.expected.tag];
    tag_holder_[accepted.expected.tag] = accepted_[index(port)];
  }
  if (keep_outputs_) accepted.accept_cycle[index(port)] = cycle;
  ++accepted_[index(port)];
}

void Scoreboard::match_by_tag(uint32_t tags) {
  if (ports_ != 1) throw std::logic_error("scoreboard: match_by_tag with several ports");
  tag_users_.assign(tags, 0);
  tag_holder_.assign(tags, 0);
}

void Scoreboard::drop_in_flight() {
  if (ports_ != 1) throw std::logic_error("scoreboard: drop_in_flight with several ports; replay");
  window_size_ = 0;
  accepted_[0] = delivered_[0] = base_;
  std::fill(tag_users_.begin(), tag_users_.end(), 0);
}

void Scoreboard::replay_in_flight(Port port) {
  const int p = index(port);
  if (tag_users_.empty()) {  // in order: what it held is exactly the oldest it did not hand back
    accepted_[p] = delivered_[p];
    return;
  }
  // Matched by tag (one port), what the unit held lies anywhere among transactions it handed
  // back: each is flushed where it stands (retired uncounted) and appended again, with its tag,
  // to be offered after what was already waiting.
  const uint64_t held_end = accepted_[p];
  for (uint64_t sequence = base_; sequence < held_end; ++sequence) {
    if (entry(sequence).delivered_by) continue;
    const Expected again = entry(sequence).expected;  // append may move the window
    --tag_users_[again.tag];
    entry(sequence).flushed = true;
    entry(sequence).delivered_by = all_ports_;
    append(again);
  }
  delivered_[p] = held_end;  // nothing in flight
  retire_finished();
}

void Scoreboard::check(Port port, const OutBeat& got, uint64_t cycle) {
  const int p = index(port);
  if (delivered_[p] == accepted_[p]) {
    ++failed_;
    ++unexpected_;
    reporter_({Mismatch::Kind::Unexpected, 0, 0, {}, 0, got.tag, port, cycle});
    return;
  }
  uint64_t sequence = delivered_[p];
  if (!tag_users_.empty()) {  // matched by tag: the transaction in flight that carries it
    // The one transaction in flight that carries the tag is the last accepted with it; where
    // that does not hold (a caller offered a tag still in flight), the oldest that carries it.
    auto in_flight_with_tag = [&](uint64_t s) {
      return s >= base_ && s < accepted_[p] && !(entry(s).delivered_by & (1u << p)) &&
             entry(s).expected.tag == got.tag;
    };
    if (got.tag < tag_users_.size() && tag_users_[got.tag] == 1 &&
        in_flight_with_tag(tag_holder_[got.tag])) {
      sequence = tag_holder_[got.tag];
    } else {
      sequence = base_;
      while (sequence < accepted_[p] && !in_flight_with_tag(sequence)) ++sequence;
    }
    if (sequence == accepted_[p]) {
      ++failed_;
      ++unexpected_;
      reporter_({Mismatch::Kind::Unexpected, 0, 0, {}, 0, got.tag, port, cycle});
      return;
    }
    --tag_users_[got.tag];
  }
  ++delivered_[p];
  Entry& slot = entry(sequence);
  const Expected& e = slot.expected;
  const uint64_t failed_before = failed_, passed_before = passed_, nan_before = nan_differences_;
  if (got.tag != e.tag) {
    ++failed_;
    reporter_({Mismatch::Kind::Tag, e.plan, 0, {}, e.tag, got.tag, port, cycle, &e});
  }
  if (got.lane_mask != e.lane_mask) {
    ++failed_;
    reporter_({Mismatch::Kind::LaneMask, e.plan, 0, {}, e.lane_mask, got.lane_mask, port, cycle,
                 &e});
  }
  const uint32_t enabled_lanes = e.lane_mask & ((1u << lanes_) - 1);
  if (same_lanes_masked(e.result, got.result, e.lane_mask, lanes_)) {
    passed_ += lane_count(enabled_lanes);
  } else {
    std::array<uint16_t, kMaxLanes> want{};  // lanes outside the mask read zero
    for (int lane = 0; lane < kMaxLanes; ++lane)
      want[lane] = ((e.lane_mask >> lane) & 1) ? e.result[lane] : 0;
    for (int lane = 0; lane < lanes_; ++lane) {
      if (got.result[lane] == want[lane]) {
        passed_ += (enabled_lanes >> lane) & 1;
      } else if (any_nan_ && ((enabled_lanes >> lane) & 1) &&
                 both_nan(e.uop_word, want[lane], got.result[lane])) {
        ++passed_;
        ++nan_differences_;
      } else {
        ++failed_;
        reporter_({Mismatch::Kind::Result, e.plan, lane, e.operands[lane], want[lane],
                   got.result[lane], port, cycle, &e});
      }
    }
  }
  if (failed_ != failed_before) slot.results_match = false;
  if (e.plan >= 0) {
    if (static_cast<size_t>(e.plan) >= plans_) plan_counts_.resize(plans_ = e.plan + 1);
    PlanCounts& counts = plan_counts_[e.plan];
    counts.passed += passed_ - passed_before;
    counts.failed += failed_ - failed_before;
    counts.nan_differences += nan_differences_ - nan_before;
  }
  if (keep_outputs_) {
    slot.got[p] = got;
    slot.cycle[p] = cycle;
  }
  slot.delivered_by |= 1u << p;
  retire_finished();
}

void Scoreboard::retire_finished() {
  while (window_size_ > 0) {
    Entry& oldest = entry(base_);
    if (oldest.delivered_by != all_ports_) return;
    if (oldest.flushed) {  // offered again later in the sequence: checked there
      ++base_;
      --window_size_;
      continue;
    }
    bool cycles_match = true;
    for (int p = 1; p < ports_; ++p) cycles_match &= oldest.cycle[p] == oldest.cycle[0];
    if (oldest.results_match && cycles_match)
      ++transactions_passed_;
    else
      ++transactions_failed_;
    if (outcome_) {
      Outcome o;
      o.expected = &oldest.expected;
      o.sequence = base_;
      o.got = oldest.got;
      o.cycle = oldest.cycle;
      o.accept_cycle = oldest.accept_cycle;
      o.results_match = oldest.results_match;
      o.cycles_match = cycles_match;
      outcome_(o);
    }
    ++base_;
    --window_size_;
  }
}

}  // namespace halfpipe::tb
