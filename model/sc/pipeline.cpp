#include "model/sc/pipeline.h"

#include <algorithm>
#include <bitset>
#include <cstdio>
#include <stdexcept>
#include <utility>

#include "model/ref/execute.h"

namespace halfpipe::sc {
namespace {

double ratio(double num, double den) { return den > 0 ? num / den : 0.0; }

std::string hex(uint32_t value) {
  char text[11];
  std::snprintf(text, sizeof text, "0x%x", value);
  return text;
}

PipelineConfig checked(const PipelineConfig& config) {
  if (std::string problem = validate(config); !problem.empty())
    throw std::invalid_argument("SystemC model configuration: " + problem);
  return config;
}

}  // namespace

double Statistics::throughput() const { return ratio(departed, cycles); }
double Statistics::issue_utilisation() const {
  return ratio(accepted, static_cast<double>(cycles) * issue_width);
}
double Statistics::lane_utilisation() const {
  return ratio(active_lanes, static_cast<double>(cycles) * issue_width * lanes);
}
double Statistics::mean_latency() const {
  double sum = 0;
  for (const auto& [latency, count] : latency_histogram) sum += static_cast<double>(latency) * count;
  return ratio(sum, departed);
}
double Statistics::mean_occupancy() const { return ratio(occupancy, cycles); }

PipelineCore::PipelineCore(const PipelineConfig& config)
    : config_(checked(config)), last_stage_(config.max_latency() - 1) {
  stats_.issue_width = config_.issue_width;
  stats_.lanes = config_.lanes;
}

PipelineCore::PipelineCore(const PipelineCore& other)
    : config_(other.config_),
      last_stage_(other.last_stage_),
      line_(other.line_),
      queue_(other.queue_),
      offers_(other.offers_),
      out_ready_(other.out_ready_),
      advances_(other.advances_),
      next_edge_(other.next_edge_),
      accepted_before_(other.accepted_before_),
      last_accept_edge_(other.last_accept_edge_),
      family_accepted_(other.family_accepted_),
      family_accept_edge_(other.family_accept_edge_),
      accepted_(other.accepted_),
      departed_(other.departed_),
      stats_(other.stats_) {
  refresh_port();
}

PipelineCore& PipelineCore::operator=(const PipelineCore& other) {
  if (this != &other) {
    PipelineCore copy(other);
    *this = std::move(copy);
  }
  return *this;
}

void PipelineCore::offer(const Transaction& t) {
  const uint32_t mask = t.uop.lane_mask;
  if (config_.lanes < 32 && (mask >> config_.lanes) != 0)
    throw std::invalid_argument("transaction tag " + std::to_string(t.tag) + ": lane mask " +
                                hex(mask) + " enables lanes beyond the unit's " +
                                std::to_string(config_.lanes));
  offers_.push_back(t);
}

std::size_t PipelineCore::results_at_last_stage() const {
  std::size_t n = 0;
  while (n < line_.size() && stage_of(line_[n]) == last_stage_) ++n;
  return n;
}

void PipelineCore::refresh_port() {
  port_.clear();
  const std::size_t width = static_cast<std::size_t>(config_.issue_width);
  for (std::size_t i = 0; i < queue_.size() && port_.size() < width; ++i)
    port_.push_back(&queue_[i]);
  for (std::size_t i = 0; i < line_.size() && port_.size() < width; ++i) {
    if (stage_of(line_[i]) != last_stage_) break;
    port_.push_back(&line_[i].result);
  }
}

bool PipelineCore::in_ready() const {
  // The line advances unless finished results that do not leave at this edge would have
  // nowhere to go: with no output queue this is rtl/TIMING.md's advance = !out_valid ||
  // out_ready. The results shown are among the finished ones and leave when out_ready.
  const std::size_t finished = queue_.size() + results_at_last_stage();
  const std::size_t leaving = out_ready_ ? port_.size() : 0;
  return finished - leaving <= static_cast<std::size_t>(config_.output_queue);
}

void PipelineCore::edge() {
  const uint64_t edge = next_edge_++;
  accepted_ = 0;
  departed_.clear();
  ++stats_.cycles;
  const bool advance = in_ready();

  // Departures: the results shown this cycle leave when the consumer is ready. The port shows
  // the oldest results, queue first, so they leave from the front.
  const std::size_t shown = port_.size();
  if (shown > 0 && !out_ready_) ++stats_.blocked_cycles;
  if (shown > 0 && out_ready_) {
    for (std::size_t i = 0; i < shown; ++i) {
      Result r;
      if (!queue_.empty()) {
        r = queue_.front();
        queue_.pop_front();
      } else {
        r = line_.front().result;
        line_.pop_front();
      }
      r.leave_edge = edge;
      ++stats_.latency_histogram[edge - r.accept_edge];
      ++stats_.departed;
      departed_.push_back(r);
    }
  }
  port_.clear();

  const std::size_t finished_in_line = results_at_last_stage();
  if (advance) {
    for (std::size_t i = 0; i < finished_in_line; ++i) {
      queue_.push_back(line_.front().result);
      line_.pop_front();
    }
    ++advances_;
  } else {
    ++stats_.frozen_cycles;
  }

  if (offers_.empty())
    ++stats_.idle_cycles;
  else if (!advance)
    ++stats_.refused_frozen;  // in_ready = advance, as in the RTL
  else
    accept_offers(edge);
  offers_.clear();

  stats_.occupancy += in_flight();
  refresh_port();
}

void PipelineCore::accept_offers(uint64_t edge) {
  if (accepted_before_ && edge < last_accept_edge_ + config_.initiation_interval) {
    ++stats_.refused_interval;
    return;
  }
  const std::size_t width = static_cast<std::size_t>(config_.issue_width);
  const std::size_t considered = std::min(offers_.size(), width);
  for (std::size_t i = 0; i < considered; ++i) {
    const Transaction& t = offers_[i];
    // A family's own interval, counted from its last accepted op (this edge's included); 1
    // leaves the family to the line's own limits.
    const int family = static_cast<int>(family_of(t.uop.op));
    if (config_.family_interval[family] > 1 && family_accepted_[family] &&
        edge < family_accept_edge_[family] + config_.family_interval[family]) {
      ++stats_.refused_interval;
      break;
    }
    // A shorter op enters further down the one line, so that every op spends exactly its
    // latency in it. It may not enter ahead of an older op (completion stays in order) nor
    // into a stage already holding a full issue group.
    const int entry_stage = last_stage_ + 1 - config_.latency_of(t.uop.op);
    if (!line_.empty()) {
      const int youngest_stage = stage_of(line_.back());
      std::size_t sharing = 0;
      for (auto it = line_.rbegin(); it != line_.rend() && stage_of(*it) == entry_stage; ++it)
        ++sharing;
      if (entry_stage > youngest_stage || sharing >= width) {
        ++stats_.refused_order;
        break;
      }
    }
    line_.push_back(InFlight{evaluate(t, edge), entry_stage, advances_});
    family_accepted_[family] = true;
    family_accept_edge_[family] = edge;
    ++accepted_;
    ++stats_.accepted;
    stats_.active_lanes += std::bitset<32>(t.uop.lane_mask).count();
  }
  if (accepted_ > 0) {
    accepted_before_ = true;
    last_accept_edge_ = edge;
  }
}

Result PipelineCore::evaluate(const Transaction& t, uint64_t edge) {
  Result r;
  r.tag = t.tag;
  r.uop = t.uop;
  r.accept_edge = edge;
  // Every lane at once: a vISA element of a 32- or 64-bit type spans several lanes (its group
  // computes one element, as hp_minmax fuses them); disabled lanes read 0 (TIMING.md).
  try {
    ref::execute_lanes(t.uop, config_.lanes, t.a.data(), t.b.data(), t.c.data(), r.lanes.data());
  } catch (const ref::NotImplemented& e) {
    if (stats_.unevaluated == 0) stats_.unevaluated_reason = e.what();
    ++stats_.unevaluated;
    r.evaluated = false;
    r.lanes.fill(0);
  }
  return r;
}

void PipelineCore::reset() {
  stats_.flushed += in_flight();
  line_.clear();
  queue_.clear();
  port_.clear();
  offers_.clear();
  departed_.clear();
  accepted_ = 0;
  accepted_before_ = false;
  family_accepted_.fill(false);
}

}  // namespace halfpipe::sc
