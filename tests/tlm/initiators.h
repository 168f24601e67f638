// Initiators that drive AluTlmTarget through its socket, and the same initiators' behaviour
// written per clock edge, to step a PipelineCore or the Verilated RTL through: the tests compare
// the phase times the target produced with the edges those predict.
//
// An initiator's behaviour is a script, one Step per request, in periods of the target's clock
// (rising edge k at (k + 1/2) * period; the initiator acts on whole periods, between edges).
#pragma once

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/tlm_quantumkeeper.h>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "model/sc/pipeline.h"
#include "model/sc/tlm_target.h"
#include "tb/dut_factory.h"

namespace halfpipe::sc::test {

using sc_core::sc_time;

struct Step {
  uint64_t release = 0;  // BEGIN_REQ not before release * period, nor before the previous END_REQ
  uint64_t hold = 0;     // END_RESP `hold` periods after BEGIN_RESP (0: at once)
};

// What happened to one request, in edges.
struct Phases {
  uint64_t end_req = 0;     // the edge of END_REQ (the unit accepted it)
  uint64_t begin_resp = 0;  // the edge of BEGIN_RESP (its result is handed over)
  friend bool operator==(const Phases& x, const Phases& y) {
    return x.end_req == y.end_req && x.begin_resp == y.begin_resp;
  }
};

inline std::ostream& operator<<(std::ostream& os, const Phases& p) {
  return os << "{END_REQ edge " << p.end_req << ", BEGIN_RESP edge " << p.begin_resp << "}";
}

// Scripts: back-to-back (every request at once), gapped (seeded gaps between releases),
// back-pressured (seeded END_RESP holds), or both.
inline std::vector<Step> script(uint64_t seed, std::size_t count, double gaps, double holds) {
  std::mt19937_64 random(seed);
  std::bernoulli_distribution gap(gaps), hold(holds);
  std::vector<Step> steps(count);
  uint64_t release = 0;
  for (Step& s : steps) {
    while (gap(random)) ++release;
    s.release = release;
    while (hold(random)) ++s.hold;
  }
  return steps;
}

// The initiators' side of the base protocol, per edge, for a unit stepped edge by edge: the
// request n is offered from the edge after the END_REQ of n - 1 and not before its release;
// BEGIN_RESPs follow each other (the response exclusion rule), each `hold` edges after the one
// before it, and the consumer is ready at an edge after the last END_RESP.
class ScriptedEnvironment {
 public:
  explicit ScriptedEnvironment(const std::vector<Step>& steps)
      : steps_(steps), phases_(steps.size()) {}

  bool offers(uint64_t edge) const { return next_ < steps_.size() && steps_[next_].release <= edge; }
  bool ready(uint64_t edge) const { return !ended_ || last_end_ < edge; }
  void accepted(uint64_t edge) { phases_[next_++].end_req = edge; }
  void left(uint64_t request, uint64_t edge) {
    const uint64_t begin = ended_ ? std::max(edge, last_end_) : edge;
    phases_[request].begin_resp = begin;
    ended_ = true;
    last_end_ = begin + steps_[request].hold;
    ++done_;
  }
  bool finished() const { return done_ == steps_.size(); }
  std::size_t next() const { return next_; }
  const std::vector<Phases>& phases() const { return phases_; }

 private:
  const std::vector<Step>& steps_;
  std::vector<Phases> phases_;
  std::size_t next_ = 0;
  std::size_t done_ = 0;
  bool ended_ = false;    // a response has been handed over
  uint64_t last_end_ = 0;  // the edge of the last END_RESP
};

// PipelineCore's prediction for the script (tags are request indices).
inline std::vector<Phases> predicted_by_core(const PipelineConfig& config,
                                             const std::vector<Transaction>& txns,
                                             const std::vector<Step>& steps) {
  PipelineCore core(config);
  ScriptedEnvironment env(steps);
  for (uint64_t k = 0; !env.finished(); ++k) {
    core.set_out_ready(env.ready(k));
    if (env.offers(k)) core.offer(txns[env.next()]);
    core.edge();
    if (core.accepted_at_last_edge() > 0) env.accepted(k);
    for (const Result& r : core.departed_at_last_edge()) env.left(r.tag, k);
  }
  return env.phases();
}

// The Verilated RTL's cycles for the script; its results in `results`, by request.
inline std::vector<Phases> measured_on_rtl(int lanes, int depth,
                                           const std::vector<Transaction>& txns,
                                           const std::vector<Step>& steps,
                                           std::vector<LaneValues>& results) {
  const std::unique_ptr<tb::Dut> dut = tb::make_dut(lanes, depth);
  const uint32_t tag_mask = (1u << dut->tag_width()) - 1;
  ScriptedEnvironment env(steps);
  results.assign(steps.size(), LaneValues{});
  std::size_t oldest = 0;  // in flight: requests oldest .. env.next() - 1, leaving in order
  for (uint64_t k = 0; !env.finished(); ++k) {
    tb::InBeat in;
    const bool valid = env.offers(k);
    if (valid) {
      const Transaction& t = txns[env.next()];
      in.uop_word = encode(t.uop);
      in.lane_mask = t.uop.lane_mask;
      in.tag = static_cast<uint32_t>(t.tag) & tag_mask;
      for (int lane = 0; lane < lanes; ++lane) {
        in.a[lane] = t.a[lane];
        in.b[lane] = t.b[lane];
        in.c[lane] = t.c[lane];
      }
    }
    tb::OutBeat out;
    const tb::CycleResult r = dut->cycle(valid, in, env.ready(k), out);
    if (r.accepted) env.accepted(k);
    if (r.consumed) {
      if (out.tag != (oldest & tag_mask))
        throw std::runtime_error("the RTL handed out tag " + std::to_string(out.tag) +
                                 " where request " + std::to_string(oldest) + " was due");
      for (int lane = 0; lane < lanes; ++lane) results[oldest][lane] = out.result[lane];
      env.left(oldest++, k);
    }
  }
  return env.phases();
}

// A request as a generic payload: the extension and the result's bytes.
struct Request {
  tlm::tlm_generic_payload payload;
  std::vector<unsigned char> data;
  HalfpipeExtension* extension;  // owned by the payload

  Request(const Transaction& t, int lanes) : data(2 * static_cast<std::size_t>(lanes), 0xee) {
    extension = new HalfpipeExtension;
    extension->uop = t.uop;
    extension->a = t.a;
    extension->b = t.b;
    extension->c = t.c;
    payload.set_extension(extension);
    payload.set_command(tlm::TLM_READ_COMMAND);
    payload.set_data_ptr(data.data());
    payload.set_data_length(static_cast<unsigned>(data.size()));
    payload.set_streaming_width(static_cast<unsigned>(data.size()));
    payload.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
  }
  // Lane i from bytes 2i (low) and 2i + 1 (high).
  LaneValues lanes() const {
    LaneValues v{};
    for (std::size_t lane = 0; lane < data.size() / 2; ++lane)
      v[lane] = static_cast<uint16_t>(data[2 * lane] | data[2 * lane + 1] << 8);
    return v;
  }
};

// How an initiator ends a response it does not hold.
enum class EndAtOnce {
  Completed,       // returns TLM_COMPLETED to BEGIN_RESP
  UpdatedEndResp,  // returns TLM_UPDATED with phase END_RESP
  LaterEndResp,    // returns TLM_ACCEPTED and sends END_RESP in the next delta
};

// The approximately-timed initiator of a script: one request outstanding at a time.
class AtInitiator : public sc_core::sc_module {
 public:
  tlm_utils::simple_initiator_socket<AtInitiator> socket;

  // annotate: send BEGIN_REQ right after the previous END_REQ, with the wait until the release
  // as its annotated delay, instead of waiting and sending it with none.
  AtInitiator(sc_core::sc_module_name name, sc_time period, const std::vector<Transaction>& txns,
              std::vector<Step> steps, int lanes, EndAtOnce end_style, bool annotate)
      : sc_core::sc_module(name), socket("socket"), period_(period), steps_(std::move(steps)),
        end_style_(end_style), annotate_(annotate), end_req_(steps_.size()),
        begin_resp_(steps_.size()) {
    for (std::size_t i = 0; i < steps_.size(); ++i)
      requests_.push_back(std::make_unique<Request>(txns[i], lanes));
    socket.register_nb_transport_bw(this, &AtInitiator::nb_transport_bw);
    SC_THREAD(run);
    SC_METHOD(send_end_resp);
    sensitive << end_resp_event_;
    dont_initialize();
  }

  const std::vector<sc_time>& end_req_times() const { return end_req_; }
  const std::vector<sc_time>& begin_resp_times() const { return begin_resp_; }
  const Request& request(std::size_t i) const { return *requests_[i]; }
  std::size_t responses() const { return responses_; }
  const std::vector<std::string>& protocol_problems() const { return problems_; }

 private:
  SC_HAS_PROCESS(AtInitiator);

  void run() {
    for (std::size_t n = 0; n < requests_.size(); ++n) {
      const sc_time release = period_ * static_cast<double>(steps_[n].release);
      sc_time delay = sc_core::SC_ZERO_TIME;
      if (release > sc_core::sc_time_stamp()) {
        if (annotate_)
          delay = release - sc_core::sc_time_stamp();
        else
          wait(release - sc_core::sc_time_stamp());
      }
      tlm::tlm_phase phase = tlm::BEGIN_REQ;
      current_ = n;
      if (socket->nb_transport_fw(requests_[n]->payload, phase, delay) != tlm::TLM_ACCEPTED)
        problems_.push_back("BEGIN_REQ of request " + std::to_string(n) + " not TLM_ACCEPTED");
      wait(end_req_event_);
    }
  }

  tlm::tlm_sync_enum nb_transport_bw(tlm::tlm_generic_payload& payload, tlm::tlm_phase& phase,
                                     sc_time& delay) {
    const std::size_t n = index_of(payload);
    if (phase == tlm::END_REQ) {
      if (n != current_) problems_.push_back("END_REQ for a request not outstanding");
      end_req_[n] = sc_core::sc_time_stamp() + delay;
      end_req_event_.notify(delay);
      return tlm::TLM_ACCEPTED;
    }
    if (phase != tlm::BEGIN_RESP) {
      problems_.push_back("unexpected phase on the backward path");
      return tlm::TLM_ACCEPTED;
    }
    begin_resp_[n] = sc_core::sc_time_stamp() + delay;
    ++responses_;
    const uint64_t hold = steps_[n].hold;
    if (hold == 0 && end_style_ == EndAtOnce::Completed) return tlm::TLM_COMPLETED;
    if (hold == 0 && end_style_ == EndAtOnce::UpdatedEndResp) {
      phase = tlm::END_RESP;
      return tlm::TLM_UPDATED;
    }
    ending_ = &payload;
    end_resp_event_.notify(delay + period_ * static_cast<double>(hold));
    return tlm::TLM_ACCEPTED;
  }

  void send_end_resp() {
    tlm::tlm_phase phase = tlm::END_RESP;
    sc_time delay = sc_core::SC_ZERO_TIME;
    if (socket->nb_transport_fw(*ending_, phase, delay) != tlm::TLM_COMPLETED)
      problems_.push_back("END_RESP not answered TLM_COMPLETED");
  }

  std::size_t index_of(const tlm::tlm_generic_payload& payload) const {
    for (std::size_t i = 0; i < requests_.size(); ++i)
      if (&requests_[i]->payload == &payload) return i;
    throw std::logic_error("a payload this initiator never sent");
  }

  sc_time period_;
  std::vector<Step> steps_;
  EndAtOnce end_style_;
  bool annotate_;
  std::vector<std::unique_ptr<Request>> requests_;
  std::vector<sc_time> end_req_, begin_resp_;
  std::size_t current_ = 0;
  std::size_t responses_ = 0;
  tlm::tlm_generic_payload* ending_ = nullptr;
  sc_core::sc_event end_req_event_, end_resp_event_;
  std::vector<std::string> problems_;
};

// Times to edges: every phase must fall exactly on an edge of the target's clock.
inline std::vector<Phases> phases_of(const AtInitiator& initiator, const AluTlmTarget& target,
                                     std::size_t count) {
  std::vector<Phases> phases(count);
  for (std::size_t i = 0; i < count; ++i) {
    const uint64_t accept = target.first_edge_after(initiator.end_req_times()[i]) - 1;
    const uint64_t leave = target.first_edge_after(initiator.begin_resp_times()[i]) - 1;
    if (target.edge_time(accept) != initiator.end_req_times()[i] ||
        target.edge_time(leave) != initiator.begin_resp_times()[i])
      throw std::runtime_error("request " + std::to_string(i) + ": a phase between two edges");
    phases[i] = Phases{accept, leave};
  }
  return phases;
}

}  // namespace halfpipe::sc::test
