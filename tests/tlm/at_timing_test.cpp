// AluTlmTarget, approximately timed: END_REQ at the edge the unit accepts, BEGIN_RESP at the
// edge the result leaves, a held END_RESP holding out_ready low. The phase times equal what
// PipelineCore predicts for the same initiator, and in the RTL's configuration what the
// Verilated RTL does, for back-to-back, gapped and back-pressured sequences.
#include <catch2/catch.hpp>

#include <systemc>

#include <memory>
#include <vector>

#include "model/sc/tlm_target.h"
#include "tb/dut_factory.h"
#include "tests/sc/drive.h"
#include "tests/sc/systemc_process.h"
#include "tests/tlm/initiators.h"

namespace halfpipe::sc::test {
namespace {

using sc_core::SC_NS;

const sc_time kPeriod(1, SC_NS);

struct Bench {
  std::string label;
  PipelineConfig config;
  std::vector<Transaction> txns;
  std::vector<Step> steps;
  std::unique_ptr<AluTlmTarget> target;
  std::unique_ptr<AtInitiator> initiator;
};

// Builds and binds one initiator and one target per bench, for one sc_start.
void elaborate(std::vector<Bench>& benches, EndAtOnce first_style = EndAtOnce::Completed) {
  for (std::size_t i = 0; i < benches.size(); ++i) {
    Bench& b = benches[i];
    const std::string n = std::to_string(i);
    b.target = std::make_unique<AluTlmTarget>(("alu" + n).c_str(), b.config, kPeriod);
    const auto style = static_cast<EndAtOnce>((static_cast<int>(first_style) + i) % 3);
    b.initiator = std::make_unique<AtInitiator>(("cpu" + n).c_str(), kPeriod, b.txns, b.steps,
                                                b.config.lanes, style, i % 2 == 1);
    b.initiator->socket.bind(b.target->socket);
  }
}

// What every bench must show after the run: each request answered once, OK, with the
// reference's lanes, and the edges in its extension those of its phases.
void check_responses(const Bench& b) {
  CAPTURE(b.label);
  CHECK(b.initiator->protocol_problems().empty());
  REQUIRE(b.initiator->responses() == b.txns.size());
  for (std::size_t i = 0; i < b.txns.size(); ++i) {
    CAPTURE(i);
    const Request& r = b.initiator->request(i);
    CHECK(r.payload.get_response_status() == tlm::TLM_OK_RESPONSE);
    CHECK(r.lanes() == expected_lanes(b.txns[i], b.config.lanes));
    CHECK(b.target->edge_time(r.extension->accept_edge) == b.initiator->end_req_times()[i]);
    CHECK(r.extension->leave_edge >= r.extension->accept_edge + 1);
    CHECK(b.target->edge_time(r.extension->leave_edge) <= b.initiator->begin_resp_times()[i]);
  }
}

TEST_CASE("AT: hand-worked phase edges of back-to-back and gapped and back-pressured requests", "[tlm][at]") {
  if (!elaborate_here()) return;
  std::vector<Bench> benches;
  // Depth 4, three requests at once: accepted at edges 0, 1, 2 (each the edge after the
  // previous END_REQ), each leaves Depth edges later.
  benches.push_back({"back-to-back", rtl_configuration(2, 4), random_transactions(1, 3, 2),
                     {{0, 0}, {0, 0}, {0, 0}}, nullptr, nullptr});
  // Request 1 released at 3 ns (before edge 3); request 2 goes right after its END_REQ.
  benches.push_back({"gapped", rtl_configuration(2, 4), random_transactions(2, 3, 2),
                     {{0, 0}, {3, 0}, {3, 0}}, nullptr, nullptr});
  // Depth 2, END_RESP of request 0 held 2 periods: out_ready is low at edges 3 and 4, the line
  // holds with request 1 on the outputs, in_ready drops and request 3 waits for edge 5.
  benches.push_back({"back-pressured", rtl_configuration(2, 2), random_transactions(3, 4, 2),
                     {{0, 2}, {0, 0}, {0, 0}, {0, 0}}, nullptr, nullptr});
  elaborate(benches);
  sc_core::sc_start();

  const std::vector<std::vector<Phases>> expected = {
      {{0, 4}, {1, 5}, {2, 6}},
      {{0, 4}, {3, 7}, {4, 8}},
      {{0, 2}, {1, 5}, {2, 6}, {5, 7}},
  };
  for (std::size_t i = 0; i < benches.size(); ++i) {
    const Bench& b = benches[i];
    check_responses(b);
    CHECK(phases_of(*b.initiator, *b.target, b.txns.size()) == expected[i]);
  }
  // Edge k is at (k + 1/2) ns.
  CHECK(benches[0].initiator->end_req_times()[0] == sc_time(0.5, SC_NS));
  CHECK(benches[0].initiator->begin_resp_times()[2] == sc_time(6.5, SC_NS));
  CHECK(benches[2].initiator->end_req_times()[3] == sc_time(5.5, SC_NS));
}

TEST_CASE("AT: phase edges equal the predictions of PipelineCore and the cycles of the RTL", "[tlm][at]") {
  if (!elaborate_here()) return;
  struct Traffic {
    const char* name;
    double gaps, holds;
  };
  const Traffic traffic[] = {
      {"back-to-back", 0.0, 0.0},
      {"gapped", 0.5, 0.0},
      {"back-pressured", 0.0, 0.6},
      {"gapped and back-pressured", 0.3, 0.4},
  };
  std::vector<Bench> benches;
  uint64_t seed = 40;
  for (const auto& [lanes, depth] : tb::available_configs())
    for (const Traffic& t : traffic) {
      ++seed;
      const std::string label = t.name + std::string(" at Lanes=") + std::to_string(lanes) +
                                " Depth=" + std::to_string(depth);
      benches.push_back({label, rtl_configuration(lanes, depth),
                         random_transactions(seed, 150, lanes), script(seed, 150, t.gaps, t.holds),
                         nullptr, nullptr});
    }
  elaborate(benches);
  sc_core::sc_start();

  for (const Bench& b : benches) {
    CAPTURE(b.label);
    check_responses(b);
    const std::vector<Phases> tlm = phases_of(*b.initiator, *b.target, b.txns.size());
    CHECK(tlm == predicted_by_core(b.config, b.txns, b.steps));
    std::vector<LaneValues> rtl_results;
    CHECK(tlm == measured_on_rtl(b.config.lanes, b.config.latency[0], b.txns, b.steps,
                                 rtl_results));
    for (std::size_t i = 0; i < b.txns.size(); ++i)
      CHECK(b.initiator->request(i).lanes() == rtl_results[i]);
    // In the RTL's configuration a result is handed over at the edge it leaves.
    for (std::size_t i = 0; i < b.txns.size(); ++i)
      CHECK(tlm[i].begin_resp == b.initiator->request(i).extension->leave_edge);
  }
}

TEST_CASE("AT: phase edges equal the predictions of PipelineCore beyond the RTL configuration",
          "[tlm][at]") {
  if (!elaborate_here()) return;
  std::vector<Bench> benches;
  PipelineConfig interval = rtl_configuration(4, 3);
  interval.initiation_interval = 2;
  PipelineConfig latencies = rtl_configuration(2, 6);
  latencies.latency = {6, 2, 1, 8};  // arith, minmax, sign, transcendental: in-order refusals
  PipelineConfig queued = rtl_configuration(2, 4);
  queued.output_queue = 2;
  // Two results can leave at one edge: the second BEGIN_RESP waits for the first END_RESP.
  PipelineConfig wide = latencies;
  wide.issue_width = 2;
  wide.output_queue = 1;
  uint64_t seed = 70;
  for (const PipelineConfig& config : {interval, latencies, queued, wide})
    for (const double holds : {0.0, 0.5}) {
      ++seed;
      benches.push_back({"configuration " + std::to_string(seed), config,
                         random_transactions(seed, 300, config.lanes),
                         script(seed, 300, 0.3, holds), nullptr, nullptr});
    }
  elaborate(benches, EndAtOnce::LaterEndResp);
  sc_core::sc_start();

  for (const Bench& b : benches) {
    CAPTURE(b.label);
    check_responses(b);
    CHECK(phases_of(*b.initiator, *b.target, b.txns.size()) ==
          predicted_by_core(b.config, b.txns, b.steps));
  }
  // The wide configuration under back-pressure did hand over results after the edge they left
  // (so the response queue was exercised).
  const Bench& wide_held = benches.back();
  std::size_t handed_over_later = 0;
  for (std::size_t i = 0; i < wide_held.txns.size(); ++i)
    if (wide_held.target->edge_time(wide_held.initiator->request(i).extension->leave_edge) <
        wide_held.initiator->begin_resp_times()[i])
      ++handed_over_later;
  CHECK(handed_over_later > 0);
}

TEST_CASE("AT: the statistics of the target count every edge up to the last and idle ones too",
          "[tlm][at]") {
  if (!elaborate_here()) return;
  std::vector<Bench> benches;
  // Request 1 released 20 periods after request 0 left: the target runs no edges while idle
  // but accounts for them when it wakes.
  benches.push_back({"idle gap", rtl_configuration(2, 4), random_transactions(5, 2, 2),
                     {{0, 0}, {24, 0}}, nullptr, nullptr});
  elaborate(benches);
  sc_core::sc_start();
  const Bench& b = benches[0];
  check_responses(b);
  CHECK(phases_of(*b.initiator, *b.target, 2) == std::vector<Phases>{{0, 4}, {24, 28}});
  CHECK(b.target->statistics().cycles == 29);  // edges 0 .. 28
  CHECK(b.target->statistics().accepted == 2);
  CHECK(b.target->statistics().departed == 2);
}

}  // namespace
}  // namespace halfpipe::sc::test
