// A SystemC platform of one's own around the ALU's TLM-2.0 target (halfpipe::sc::AluTlmTarget):
// it defines sc_main, which the library halfpipe_sc leaves to its user, and drives two targets
// through their sockets with the same four PTX instructions:
//   - an approximately-timed initiator (nb_transport_fw, four phases) that holds the END_RESP of
//     its first result for two clock periods, so that the unit stalls behind it;
//   - a loosely-timed initiator (b_transport) under a tlm_quantumkeeper, each request after the
//     previous result.
// It prints every phase and checks the results and the edges against values worked out by hand
// (model/sc/README.md, "TLM-2.0 target"); the exit status is 0 only when all of them hold.
#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/tlm_quantumkeeper.h>

#include <array>
#include <cstdint>
#include <cstdio>
#include <deque>
#include <stdexcept>
#include <string>
#include <vector>

#include "model/isa/ptx.h"
#include "model/sc/tlm_target.h"

namespace {

using halfpipe::sc::AluTlmTarget;
using halfpipe::sc::HalfpipeExtension;
using sc_core::SC_NS;
using sc_core::sc_time;

constexpr int kLanes = 2;
constexpr int kDepth = 4;
const sc_time kPeriod(1, SC_NS);

// One instruction, its operands per lane, and what the reference must give (by hand).
struct Instruction {
  const char* form;
  std::array<uint16_t, kLanes> a, b, c, expected;
};

// f16: 1.0 = 0x3c00, 2.0 = 0x4000, 3.0 = 0x4200, 7.0 = 0x4700, 0.5 = 0x3800, -1.0 = 0xbc00,
// a quiet NaN 0x7e00. bf16: 1.0 = 0x3f80, 2.0 = 0x4000, 3.0 = 0x4040, 6.0 = 0x40c0,
// -2.0 = 0xc000. A scalar form computes lane 0; lane 1 reads 0.
const std::vector<Instruction> kProgram = {
    {"add.rn.f16", {0x3c00, 0}, {0x4000, 0}, {0, 0}, {0x4200, 0x0000}},              // 1 + 2
    {"mul.rn.bf16x2", {0x4000, 0x3f80}, {0x4040, 0xc000}, {0, 0}, {0x40c0, 0xc000}},  // 2*3, 1*-2
    {"fma.rn.f16", {0x4000, 0}, {0x4200, 0}, {0x3c00, 0}, {0x4700, 0x0000}},          // 2*3 + 1
    // max(-1, 0.5) = 0.5; max(NaN, 1) = 1: one NaN operand gives the other (S10).
    {"max.f16x2", {0xbc00, 0x7e00}, {0x3800, 0x3c00}, {0, 0}, {0x3800, 0x3c00}},
};

struct Request {
  tlm::tlm_generic_payload payload;
  std::array<unsigned char, 2 * kLanes> data{};  // lane i: bytes 2i (low) and 2i + 1 (high)
  HalfpipeExtension* extension = nullptr;  // the payload owns and frees it

  explicit Request(const Instruction& instruction) {
    const halfpipe::isa::Decoded decoded = halfpipe::isa::decode_ptx(instruction.form);
    if (!decoded.uop) throw std::invalid_argument(instruction.form + (": " + decoded.error));
    extension = new HalfpipeExtension;
    extension->uop = *decoded.uop;  // its lane_mask: 0b1 scalar, 0b11 packed
    for (int lane = 0; lane < kLanes; ++lane) {
      extension->a[lane] = instruction.a[lane];
      extension->b[lane] = instruction.b[lane];
      extension->c[lane] = instruction.c[lane];
    }
    payload.set_extension(extension);
    payload.set_command(tlm::TLM_READ_COMMAND);  // the target writes the result
    payload.set_data_ptr(data.data());
    payload.set_data_length(data.size());
    payload.set_streaming_width(data.size());
    payload.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
  }
  uint16_t lane(int i) const { return static_cast<uint16_t>(data[2 * i] | data[2 * i + 1] << 8); }
};

int failures = 0;

double nanoseconds(const sc_time& t) { return t.to_seconds() * 1e9; }

void expect(bool ok, const std::string& what) {
  if (!ok) {
    std::printf("  MISMATCH: %s\n", what.c_str());
    ++failures;
  }
}

void check_result(const Request& r, const Instruction& instruction) {
  expect(r.payload.get_response_status() == tlm::TLM_OK_RESPONSE,
         std::string(instruction.form) + ": response status");
  for (int lane = 0; lane < kLanes; ++lane)
    expect(r.lane(lane) == instruction.expected[lane],
           std::string(instruction.form) + ": lane " + std::to_string(lane));
}

// Approximately timed: one request outstanding at a time (the next BEGIN_REQ goes with the
// END_REQ of the last); the first response is held two periods before its END_RESP.
class AtCpu : public sc_core::sc_module {
 public:
  tlm_utils::simple_initiator_socket<AtCpu> socket;
  std::vector<sc_time> end_req, begin_resp;

  explicit AtCpu(sc_core::sc_module_name name) : sc_core::sc_module(name), socket("socket") {
    for (const Instruction& instruction : kProgram) requests.emplace_back(instruction);
    end_req.resize(kProgram.size());
    begin_resp.resize(kProgram.size());
    socket.register_nb_transport_bw(this, &AtCpu::nb_transport_bw);
    SC_THREAD(run);
    SC_METHOD(end_held_response);
    sensitive << end_resp_event_;
    dont_initialize();
  }
  std::deque<Request> requests;  // a deque: a payload never moves

 private:
  SC_HAS_PROCESS(AtCpu);

  void run() {
    for (Request& r : requests) {
      tlm::tlm_phase phase = tlm::BEGIN_REQ;
      sc_time delay = sc_core::SC_ZERO_TIME;
      socket->nb_transport_fw(r.payload, phase, delay);  // TLM_ACCEPTED: END_REQ follows
      wait(end_req_event_);
    }
  }

  tlm::tlm_sync_enum nb_transport_bw(tlm::tlm_generic_payload& payload, tlm::tlm_phase& phase,
                                     sc_time& delay) {
    const std::size_t n = index_of(payload);
    if (phase == tlm::END_REQ) {
      end_req[n] = sc_core::sc_time_stamp() + delay;
      end_req_event_.notify(delay);
      return tlm::TLM_ACCEPTED;
    }
    begin_resp[n] = sc_core::sc_time_stamp() + delay;  // BEGIN_RESP: the result is in `data`
    if (n == 0) {  // hold it: the unit sees out_ready low until END_RESP
      held_ = &payload;
      end_resp_event_.notify(delay + 2 * kPeriod);
      return tlm::TLM_ACCEPTED;
    }
    return tlm::TLM_COMPLETED;  // taken at once
  }

  void end_held_response() {
    tlm::tlm_phase phase = tlm::END_RESP;
    sc_time delay = sc_core::SC_ZERO_TIME;
    socket->nb_transport_fw(*held_, phase, delay);
  }

  std::size_t index_of(const tlm::tlm_generic_payload& payload) const {
    std::size_t n = 0;
    while (&requests[n].payload != &payload) ++n;
    return n;
  }

  tlm::tlm_generic_payload* held_ = nullptr;
  sc_core::sc_event end_req_event_, end_resp_event_;
};

// Loosely timed: each request after the previous result, running ahead of simulated time
// under a quantum keeper.
class LtCpu : public sc_core::sc_module {
 public:
  tlm_utils::simple_initiator_socket<LtCpu> socket;
  std::vector<sc_time> completion;

  explicit LtCpu(sc_core::sc_module_name name) : sc_core::sc_module(name), socket("socket") {
    for (const Instruction& instruction : kProgram) requests.emplace_back(instruction);
    SC_THREAD(run);
  }
  std::deque<Request> requests;  // a deque: a payload never moves

 private:
  SC_HAS_PROCESS(LtCpu);

  void run() {
    tlm_utils::tlm_quantumkeeper keeper;
    keeper.reset();
    for (Request& r : requests) {
      sc_time delay = keeper.get_local_time();
      socket->b_transport(r.payload, delay);  // returns at once, delay up to the result
      completion.push_back(sc_core::sc_time_stamp() + delay);
      keeper.set(delay);
      if (keeper.need_sync()) keeper.sync();
    }
  }
};

}  // namespace

int sc_main(int, char*[]) {
  tlm_utils::tlm_quantumkeeper::set_global_quantum(sc_time(10, SC_NS));
  const halfpipe::sc::PipelineConfig config = halfpipe::sc::rtl_configuration(kLanes, kDepth);
  AluTlmTarget at_alu("at_alu", config, kPeriod);
  AluTlmTarget lt_alu("lt_alu", config, kPeriod);
  AtCpu at_cpu("at_cpu");
  LtCpu lt_cpu("lt_cpu");
  at_cpu.socket.bind(at_alu.socket);
  lt_cpu.socket.bind(lt_alu.socket);
  sc_core::sc_start();

  // Rising edge k is at (k + 1/2) ns. Approximately timed, Lanes=2 Depth=4: accepted at edges
  // 0..3, one a cycle; the first result leaves at edge 4 and is held until 6.5 ns, so out_ready
  // is low at edges 5 and 6 and the line holds: the others leave at 7, 8, 9, not 5, 6, 7.
  const std::array<double, 4> at_end_req = {0.5, 1.5, 2.5, 3.5};
  const std::array<double, 4> at_begin_resp = {4.5, 7.5, 8.5, 9.5};
  // Loosely timed, each after the last result: accepted at edges 0, 5, 10, 15, complete Depth
  // edges later.
  const std::array<double, 4> lt_completion = {4.5, 9.5, 14.5, 19.5};

  std::printf("approximately timed (nb_transport_fw), END_RESP of the first held 2 periods:\n");
  for (std::size_t n = 0; n < kProgram.size(); ++n) {
    const Request& r = at_cpu.requests[n];
    std::printf("  %-14s END_REQ %4.1f ns  BEGIN_RESP %4.1f ns  lanes 0x%04x 0x%04x\n",
                kProgram[n].form, nanoseconds(at_cpu.end_req[n]),
                nanoseconds(at_cpu.begin_resp[n]), r.lane(0), r.lane(1));
    check_result(r, kProgram[n]);
    expect(at_cpu.end_req[n] == sc_time(at_end_req[n], SC_NS), "AT END_REQ time");
    expect(at_cpu.begin_resp[n] == sc_time(at_begin_resp[n], SC_NS), "AT BEGIN_RESP time");
  }
  std::printf("loosely timed (b_transport, quantum 10 ns), one after another:\n");
  for (std::size_t n = 0; n < kProgram.size(); ++n) {
    const Request& r = lt_cpu.requests[n];
    std::printf("  %-14s complete at %4.1f ns  lanes 0x%04x 0x%04x\n", kProgram[n].form,
                nanoseconds(lt_cpu.completion[n]), r.lane(0), r.lane(1));
    check_result(r, kProgram[n]);
    expect(lt_cpu.completion[n] == sc_time(lt_completion[n], SC_NS), "LT completion time");
  }
  const halfpipe::sc::Statistics& stats = at_alu.statistics();
  std::printf("at_alu: %llu accepted, %llu departed in %llu cycles, %llu frozen\n",
              static_cast<unsigned long long>(stats.accepted),
              static_cast<unsigned long long>(stats.departed),
              static_cast<unsigned long long>(stats.cycles),
              static_cast<unsigned long long>(stats.frozen_cycles));
  std::printf("%s\n", failures == 0 ? "all results and times as worked out by hand" : "FAILED");
  return failures == 0 ? 0 : 1;
}
