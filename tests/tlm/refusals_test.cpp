// AluTlmTarget refuses what it cannot serve with an error response and carries on: a payload
// without the extension, a lane mask wider than the unit, a data array too short for the
// result, an unsupported command or feature, a style other than the one it serves. Nothing it
// refused reaches the unit; a Uop the reference cannot evaluate is timed like any other and
// answered with an error. Protocol violations are SystemC errors.
#include <catch2/catch.hpp>

#include <systemc>

#include <functional>
#include <memory>
#include <stdexcept>
#include <vector>

#include "model/sc/tlm_target.h"
#include "tests/sc/drive.h"
#include "tests/sc/systemc_process.h"
#include "tests/tlm/initiators.h"

namespace halfpipe::sc::test {
namespace {

using sc_core::SC_NS;

const sc_time kPeriod(1, SC_NS);

// Runs a script in a thread; records what comes back on the backward path.
class ScriptInitiator : public sc_core::sc_module {
 public:
  tlm_utils::simple_initiator_socket<ScriptInitiator> socket;
  std::vector<std::pair<tlm::tlm_phase, sc_time>> backward;  // phase and time

  ScriptInitiator(sc_core::sc_module_name name, std::function<void(ScriptInitiator&)> script)
      : sc_core::sc_module(name), socket("socket"), script_(std::move(script)) {
    socket.register_nb_transport_bw(this, &ScriptInitiator::nb_transport_bw);
    SC_THREAD(run);
  }
  void wait_for(const sc_time& t) { wait(t); }

 private:
  SC_HAS_PROCESS(ScriptInitiator);
  void run() { script_(*this); }
  tlm::tlm_sync_enum nb_transport_bw(tlm::tlm_generic_payload&, tlm::tlm_phase& phase,
                                     sc_time& delay) {
    backward.emplace_back(phase, sc_core::sc_time_stamp() + delay);
    return phase == tlm::BEGIN_RESP ? tlm::TLM_COMPLETED : tlm::TLM_ACCEPTED;
  }
  std::function<void(ScriptInitiator&)> script_;
};

Transaction add_f16(uint32_t lane_mask) {
  Transaction t;
  t.uop.op = Op::Add;
  t.uop.format = Format::F16;
  t.uop.lane_mask = lane_mask;
  t.a.fill(0x3c00);  // 1.0
  t.b.fill(0x4000);  // 2.0
  return t;
}

struct Refusal {
  const char* what;
  std::function<void(Request&)> spoil;
  tlm::tlm_response_status status;
  const char* reason;  // a part of last_refusal()
};

const std::vector<Refusal>& refusals() {
  static const std::vector<Refusal> list = {
      {"no extension",
       [](Request& r) {
         r.payload.clear_extension(r.extension);
         r.extension->free();
         r.extension = nullptr;
       },
       tlm::TLM_GENERIC_ERROR_RESPONSE, "no HalfpipeExtension"},
      {"lane mask beyond the unit", [](Request& r) { r.extension->uop.lane_mask = 0b100; },
       tlm::TLM_GENERIC_ERROR_RESPONSE, "0x4 enables lanes beyond the unit's 2"},
      {"data array too short", [](Request& r) { r.payload.set_data_length(2); r.payload.set_streaming_width(2); },
       tlm::TLM_GENERIC_ERROR_RESPONSE, "needs 4 bytes"},
      {"no data array", [](Request& r) { r.payload.set_data_ptr(nullptr); },
       tlm::TLM_GENERIC_ERROR_RESPONSE, "cannot hold the result"},
      {"op out of range", [](Request& r) { r.extension->uop.op = static_cast<Op>(12); },
       tlm::TLM_GENERIC_ERROR_RESPONSE, "out of range"},
      {"write command", [](Request& r) { r.payload.set_command(tlm::TLM_WRITE_COMMAND); },
       tlm::TLM_COMMAND_ERROR_RESPONSE, "TLM_READ_COMMAND"},
      {"byte enables",
       [](Request& r) {
         static unsigned char enables[4] = {0xff, 0xff, 0xff, 0xff};
         r.payload.set_byte_enable_ptr(enables);
         r.payload.set_byte_enable_length(4);
       },
       tlm::TLM_BYTE_ENABLE_ERROR_RESPONSE, "byte enables"},
      {"streaming", [](Request& r) { r.payload.set_streaming_width(2); },
       tlm::TLM_BURST_ERROR_RESPONSE, "streaming"},
  };
  return list;
}

// One request spoiled by each refusal, in order (Lanes=2: 4 bytes of data).
std::vector<std::unique_ptr<Request>> spoiled_requests() {
  std::vector<std::unique_ptr<Request>> requests;
  for (const Refusal& refusal : refusals()) {
    requests.push_back(std::make_unique<Request>(add_f16(0b11), 2));
    refusal.spoil(*requests.back());
  }
  return requests;
}

TEST_CASE("refusals: b_transport answers a bad request with an error and leaves the unit alone",
          "[tlm][refusal]") {
  if (!elaborate_here()) return;
  AluTlmTarget target("alu", rtl_configuration(2, 4), kPeriod);
  const std::vector<std::unique_ptr<Request>> bad = spoiled_requests();
  std::vector<sc_time> returned_delays;
  std::vector<std::string> reasons;
  Request good(add_f16(0b11), 2);
  sc_time good_delay;
  ScriptInitiator initiator("cpu", [&](ScriptInitiator& self) {
    for (auto& r : bad) {
      sc_time delay(3, SC_NS);
      self.socket->b_transport(r->payload, delay);
      returned_delays.push_back(delay);
      reasons.push_back(target.last_refusal());
    }
    good_delay = sc_core::SC_ZERO_TIME;
    self.socket->b_transport(good.payload, good_delay);
  });
  initiator.socket.bind(target.socket);
  sc_core::sc_start();

  for (std::size_t i = 0; i < refusals().size(); ++i) {
    CAPTURE(refusals()[i].what);
    CHECK(bad[i]->payload.get_response_status() == refusals()[i].status);
    CHECK(returned_delays[i] == sc_time(3, SC_NS));  // the delay passed in, untouched
    CHECK(reasons[i].find(refusals()[i].reason) != std::string::npos);
    CHECK(reasons[i].rfind("alu: ", 0) == 0);
    CHECK(bad[i]->data == std::vector<unsigned char>(4, 0xee));  // nothing written
  }
  // The good request finds the unit as if nothing had come before: edge 0 to edge 4.
  CHECK(good.payload.get_response_status() == tlm::TLM_OK_RESPONSE);
  CHECK(good_delay == sc_time(4.5, SC_NS));
  CHECK(good.lanes()[0] == 0x4200);  // 1.0 + 2.0 = 3.0
  CHECK(good.lanes()[1] == 0x4200);
  CHECK(target.statistics().accepted == 1);
}

TEST_CASE("refusals: nb_transport_fw completes a bad BEGIN_REQ at once with an error",
          "[tlm][refusal]") {
  if (!elaborate_here()) return;
  AluTlmTarget target("alu", rtl_configuration(2, 4), kPeriod);
  const std::vector<std::unique_ptr<Request>> bad = spoiled_requests();
  std::vector<tlm::tlm_sync_enum> answers;
  Request good(add_f16(0b01), 2);
  Request mixed(add_f16(0b01), 2);
  ScriptInitiator initiator("cpu", [&](ScriptInitiator& self) {
    for (auto& r : bad) {
      tlm::tlm_phase phase = tlm::BEGIN_REQ;
      sc_time delay = sc_core::SC_ZERO_TIME;
      answers.push_back(self.socket->nb_transport_fw(r->payload, phase, delay));
    }
    tlm::tlm_phase phase = tlm::BEGIN_REQ;
    sc_time delay = sc_core::SC_ZERO_TIME;
    self.socket->nb_transport_fw(good.payload, phase, delay);
    // A target serves one style: b_transport on this one is refused.
    sc_time lt_delay = sc_core::SC_ZERO_TIME;
    self.socket->b_transport(mixed.payload, lt_delay);
  });
  initiator.socket.bind(target.socket);
  sc_core::sc_start();

  for (std::size_t i = 0; i < refusals().size(); ++i) {
    CAPTURE(refusals()[i].what);
    CHECK(answers[i] == tlm::TLM_COMPLETED);
    CHECK(bad[i]->payload.get_response_status() == refusals()[i].status);
  }
  CHECK(mixed.payload.get_response_status() == tlm::TLM_GENERIC_ERROR_RESPONSE);
  CHECK(target.last_refusal().find("one style per target") != std::string::npos);
  // The good request: END_REQ at edge 0, BEGIN_RESP at edge 4; lane 1 disabled reads 0.
  REQUIRE(initiator.backward.size() == 2);
  CHECK(initiator.backward[0] == std::make_pair(tlm::tlm_phase(tlm::END_REQ), sc_time(0.5, SC_NS)));
  CHECK(initiator.backward[1] == std::make_pair(tlm::tlm_phase(tlm::BEGIN_RESP), sc_time(4.5, SC_NS)));
  CHECK(good.payload.get_response_status() == tlm::TLM_OK_RESPONSE);
  CHECK(good.lanes()[0] == 0x4200);
  CHECK(good.lanes()[1] == 0x0000);
}

TEST_CASE("refusals: a Uop the reference cannot evaluate is timed and answered with an error",
          "[tlm][refusal]") {
  if (!elaborate_here()) return;
  AluTlmTarget target("alu", rtl_configuration(2, 4), kPeriod);
  Transaction t = add_f16(0b11);
  t.uop.op = Op::Neg;
  t.uop.format = Format::S16;  // neg has no integer form
  Request request(t, 2);
  sc_time delay;
  ScriptInitiator initiator("cpu", [&](ScriptInitiator& self) {
    self.socket->b_transport(request.payload, delay);
  });
  initiator.socket.bind(target.socket);
  sc_core::sc_start();
  CHECK(request.payload.get_response_status() == tlm::TLM_GENERIC_ERROR_RESPONSE);
  CHECK_FALSE(request.extension->evaluated);
  CHECK(delay == sc_time(4.5, SC_NS));
  CHECK(request.lanes()[0] == 0);
  CHECK(request.lanes()[1] == 0);
  CHECK(target.statistics().unevaluated == 1);
}

TEST_CASE("refusals: an END_RESP with no BEGIN_RESP outstanding is a SystemC error",
          "[tlm][refusal]") {
  if (!elaborate_here()) return;
  AluTlmTarget target("alu", rtl_configuration(2, 4), kPeriod);
  Request request(add_f16(0b01), 2);
  ScriptInitiator initiator("cpu", [&](ScriptInitiator& self) {
    tlm::tlm_phase phase = tlm::END_RESP;
    sc_time delay = sc_core::SC_ZERO_TIME;
    self.socket->nb_transport_fw(request.payload, phase, delay);
  });
  initiator.socket.bind(target.socket);
  try {
    sc_core::sc_start();
    FAIL("sc_start returned normally");
  } catch (const sc_core::sc_report& report) {
    CHECK(std::string(report.get_msg()).find("no BEGIN_RESP outstanding") != std::string::npos);
  }
}

TEST_CASE("refusals: the constructor rejects a bad configuration or clock period",
          "[tlm][refusal]") {
  if (!elaborate_here()) return;
  PipelineConfig no_lanes = rtl_configuration(2, 4);
  no_lanes.lanes = 0;
  CHECK_THROWS_AS(AluTlmTarget("bad_config", no_lanes, kPeriod), std::invalid_argument);
  // 1 ps at the default resolution of 1 ps: the edges at half periods cannot be represented.
  CHECK_THROWS_WITH(AluTlmTarget("odd_period", rtl_configuration(2, 4), sc_time(1, sc_core::SC_PS)),
                    Catch::Contains("even number of time resolution units"));
  CHECK_THROWS_AS(AluTlmTarget("no_period", rtl_configuration(2, 4), sc_core::SC_ZERO_TIME),
                  std::invalid_argument);
}

}  // namespace
}  // namespace halfpipe::sc::test
