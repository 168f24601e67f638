// AluTlmTarget, loosely timed: b_transport returns at once with the delay annotated up to the
// edge the result leaves, queueing in the unit included. The annotated delays add up to the
// completion times PipelineCore predicts for the same requests (a consumer that is always
// ready), whether the initiator waits after each call, runs ahead under a quantum keeper, or
// never synchronises.
#include <catch2/catch.hpp>

#include <systemc>

#include <memory>
#include <vector>

#include "model/sc/tlm_target.h"
#include "tests/sc/drive.h"
#include "tests/sc/systemc_process.h"
#include "tests/tlm/initiators.h"

namespace halfpipe::sc::test {
namespace {

using sc_core::SC_NS;

const sc_time kPeriod(1, SC_NS);

enum class Sync {
  WaitEach,       // wait(delay) after every call: no temporal decoupling
  QuantumKeeper,  // tlm_quantumkeeper: runs ahead, synchronises once per global quantum
  Never,          // keeps its local time to the end
};

// Sequential: each request after the previous one's result (its local time moves to the
// completion). Pipelined: each request at its release, not waiting for results.
class LtInitiator : public sc_core::sc_module {
 public:
  tlm_utils::simple_initiator_socket<LtInitiator> socket;

  LtInitiator(sc_core::sc_module_name name, const std::vector<Transaction>& txns,
              std::vector<Step> steps, int lanes, bool sequential, Sync sync)
      : sc_core::sc_module(name), socket("socket"), steps_(std::move(steps)),
        sequential_(sequential), sync_(sync) {
    for (std::size_t i = 0; i < steps_.size(); ++i)
      requests_.push_back(std::make_unique<Request>(txns[i], lanes));
    SC_THREAD(run);
  }

  const Request& request(std::size_t i) const { return *requests_[i]; }
  const std::vector<sc_time>& completions() const { return completions_; }
  const sc_time& own_total() const { return own_total_; }  // waits for releases
  const sc_time& added_total() const { return added_total_; }  // returned minus passed in
  const sc_time& final_time() const { return final_time_; }  // its local time at the end
  uint64_t synchronisations() const { return synchronisations_; }

 private:
  SC_HAS_PROCESS(LtInitiator);

  void run() {
    tlm_utils::tlm_quantumkeeper keeper;
    keeper.reset();
    sc_time local = sc_core::SC_ZERO_TIME;
    for (std::size_t n = 0; n < requests_.size(); ++n) {
      const sc_time release = kPeriod * static_cast<double>(steps_[n].release);
      if (release > sc_core::sc_time_stamp() + local) {
        own_total_ += release - (sc_core::sc_time_stamp() + local);
        local = release - sc_core::sc_time_stamp();
      }
      sc_time delay = local;
      socket->b_transport(requests_[n]->payload, delay);
      added_total_ += delay - local;
      completions_.push_back(sc_core::sc_time_stamp() + delay);
      if (sequential_) local = delay;
      if (sync_ == Sync::WaitEach) {
        wait(local);
        local = sc_core::SC_ZERO_TIME;
        ++synchronisations_;
      } else if (sync_ == Sync::QuantumKeeper) {
        keeper.set(local);
        if (keeper.need_sync()) {
          keeper.sync();
          ++synchronisations_;
        }
        local = keeper.get_local_time();
      }
    }
    final_time_ = sc_core::sc_time_stamp() + local;
  }

  std::vector<Step> steps_;
  bool sequential_;
  Sync sync_;
  std::vector<std::unique_ptr<Request>> requests_;
  std::vector<sc_time> completions_;
  sc_time own_total_, added_total_, final_time_;
  uint64_t synchronisations_ = 0;
};

// PipelineCore with a consumer that is always ready: request n is offered from its release
// and, sequential, from the edge after the previous one left; pipelined, from the edge after
// the previous one was accepted. Its leave edges, by request.
std::vector<uint64_t> predicted_leave_edges(const PipelineConfig& config,
                                            const std::vector<Transaction>& txns,
                                            const std::vector<Step>& steps, bool sequential) {
  PipelineCore core(config);
  core.set_out_ready(true);
  std::vector<uint64_t> leave(steps.size());
  std::size_t next = 0, done = 0;
  bool previous_has_left = false;
  uint64_t previous_left = 0;
  for (uint64_t k = 0; done < steps.size(); ++k) {
    const bool may_offer = next < steps.size() && steps[next].release <= k &&
                           (!sequential || next == 0 || (previous_has_left && previous_left < k));
    if (may_offer) core.offer(txns[next]);
    core.edge();
    if (core.accepted_at_last_edge() > 0) {
      ++next;
      previous_has_left = false;
    }
    for (const Result& r : core.departed_at_last_edge()) {
      leave[r.tag] = k;
      if (r.tag + 1 == next) {
        previous_has_left = true;
        previous_left = k;
      }
      ++done;
    }
  }
  return leave;
}

struct Bench {
  std::string label;
  PipelineConfig config;
  std::vector<Transaction> txns;
  std::vector<Step> steps;
  bool sequential;
  Sync sync;
  std::unique_ptr<AluTlmTarget> target;
  std::unique_ptr<LtInitiator> initiator;
};

void elaborate(std::vector<Bench>& benches) {
  for (std::size_t i = 0; i < benches.size(); ++i) {
    Bench& b = benches[i];
    const std::string n = std::to_string(i);
    b.target = std::make_unique<AluTlmTarget>(("alu" + n).c_str(), b.config, kPeriod);
    b.initiator = std::make_unique<LtInitiator>(("cpu" + n).c_str(), b.txns, b.steps,
                                                b.config.lanes, b.sequential, b.sync);
    b.initiator->socket.bind(b.target->socket);
  }
}

void check_responses(const Bench& b) {
  CAPTURE(b.label);
  REQUIRE(b.initiator->completions().size() == b.txns.size());
  for (std::size_t i = 0; i < b.txns.size(); ++i) {
    CAPTURE(i);
    const Request& r = b.initiator->request(i);
    CHECK(r.payload.get_response_status() == tlm::TLM_OK_RESPONSE);
    CHECK(r.lanes() == expected_lanes(b.txns[i], b.config.lanes));
    CHECK(b.target->edge_time(r.extension->leave_edge) == b.initiator->completions()[i]);
  }
}

TEST_CASE("LT: hand-worked completion times of sequential and queued requests", "[tlm][lt]") {
  if (!elaborate_here()) return;
  tlm_utils::tlm_quantumkeeper::set_global_quantum(sc_time(100, SC_NS));
  std::vector<Bench> benches;
  // Depth 4, each request after the previous result: accepted at edges 0, 5, 10 (the edge after
  // the completion), complete at edges 4, 9, 14, that is at 4.5, 9.5, 14.5 ns.
  benches.push_back({"sequential", rtl_configuration(2, 4), random_transactions(1, 3, 2),
                     {{0, 0}, {0, 0}, {0, 0}}, true, Sync::QuantumKeeper, nullptr, nullptr});
  // II 2, Depth 4, requests released at 0, 1, 2 ns without waiting for results: accepted at
  // edges 0, 2, 4 (requests 1 and 2 queue at the input), complete at edges 4, 6, 8.
  PipelineConfig interval = rtl_configuration(2, 4);
  interval.initiation_interval = 2;
  benches.push_back({"queued", interval, random_transactions(2, 3, 2), {{0, 0}, {1, 0}, {2, 0}},
                     false, Sync::QuantumKeeper, nullptr, nullptr});
  elaborate(benches);
  sc_core::sc_start();

  for (const Bench& b : benches) check_responses(b);
  const auto ns = [](double t) { return sc_time(t, SC_NS); };
  CHECK(benches[0].initiator->completions() == std::vector<sc_time>{ns(4.5), ns(9.5), ns(14.5)});
  CHECK(benches[1].initiator->completions() == std::vector<sc_time>{ns(4.5), ns(6.5), ns(8.5)});
  // Sequential, the time each call added is what the initiator's local time moved: 4.5 ns,
  // then 5 ns twice.
  CHECK(benches[0].initiator->added_total() == ns(14.5));
  CHECK(benches[0].initiator->final_time() == ns(14.5));
}

TEST_CASE("LT: annotated delays add up to the completions PipelineCore predicts", "[tlm][lt]") {
  if (!elaborate_here()) return;
  tlm_utils::tlm_quantumkeeper::set_global_quantum(sc_time(50, SC_NS));
  PipelineConfig latencies = rtl_configuration(2, 6);
  latencies.latency = {6, 2, 1, 8};
  latencies.initiation_interval = 2;
  PipelineConfig wide = latencies;
  wide.issue_width = 2;
  std::vector<Bench> benches;
  uint64_t seed = 90;
  for (const PipelineConfig& config : {rtl_configuration(2, 4), rtl_configuration(8, 2), latencies, wide})
    for (const bool sequential : {true, false})
      for (const Sync sync : {Sync::WaitEach, Sync::QuantumKeeper, Sync::Never}) {
        ++seed;
        benches.push_back({"bench " + std::to_string(seed), config,
                           random_transactions(seed, 200, config.lanes),
                           script(seed, 200, 0.3, 0.0), sequential, sync, nullptr, nullptr});
      }
  elaborate(benches);
  sc_core::sc_start();

  for (const Bench& b : benches) {
    CAPTURE(b.label, b.sequential, static_cast<int>(b.sync));
    check_responses(b);
    const std::vector<uint64_t> leave = predicted_leave_edges(b.config, b.txns, b.steps, b.sequential);
    for (std::size_t i = 0; i < b.txns.size(); ++i) {
      CAPTURE(i);
      CHECK(b.initiator->completions()[i] == b.target->edge_time(leave[i]));
    }
    if (b.sequential) {
      // The initiator's time moved by exactly what the calls added and its own waits for the
      // releases: it ends where the last result leaves.
      CHECK(b.initiator->own_total() + b.initiator->added_total() == b.initiator->final_time());
      CHECK(b.initiator->final_time() == b.initiator->completions().back());
    }
    if (b.sync == Sync::QuantumKeeper) {
      // It did run ahead: fewer synchronisations than calls.
      CHECK(b.initiator->synchronisations() > 0);
      CHECK(b.initiator->synchronisations() < b.txns.size());
    }
  }
}

}  // namespace
}  // namespace halfpipe::sc::test
