// The SystemC model behind a TLM-2.0 target socket: AluTlmTarget serves generic payloads that
// carry a HalfpipeExtension (the Uop with its lane mask, and the operands per lane), times them
// with a PipelineCore and writes each result through the payload's data pointer.
//
// Time: the target keeps its own clock of period `period`; rising edge k (PipelineCore's edge
// k) is at (k + 1/2) * period, so an initiator acting on whole periods acts between edges, as
// the environment of AluModel acts on the falling edges of a clock that starts low. A request
// whose time is T (the call's time plus its annotated delay) is first offered at the first edge
// after T; an END_RESP at time T frees the response channel for the edges after T.
//
// Approximately timed (nb_transport_fw, the base protocol's four phases): END_REQ at the edge
// the unit accepts the request (in_valid && in_ready), BEGIN_RESP at the edge its result leaves
// (out_valid && out_ready). The consumer is ready at an edge when no BEGIN_RESP awaits its
// END_RESP: an initiator that holds END_RESP holds out_ready low, and the unit stalls exactly
// as the RTL's line does (rtl/TIMING.md). Loosely timed (b_transport): the request joins the
// unit at the first edge after its time, queued behind the earlier ones, and the call returns
// at once with the delay annotated up to the edge its result leaves (the consumer of a blocking
// call is always ready); the unit's state runs ahead of simulated time, as a quantum keeper's
// initiator does. model/sc/README.md has the whole contract.
#pragma once

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_target_socket.h>

#include <cstdint>
#include <deque>
#include <map>
#include <optional>
#include <string>

#include "model/sc/pipeline.h"
#include "model/sc/transaction.h"

namespace halfpipe::sc {

// The request, attached to a tlm_generic_payload: what to compute (uop; uop.lane_mask says which
// lanes) and the 16-bit operands a, b, c of each lane. The target fills in the rest when it
// responds.
class HalfpipeExtension : public tlm::tlm_extension<HalfpipeExtension> {
 public:
  Uop uop;
  LaneValues a{}, b{}, c{};

  // Set by the target with the response.
  uint64_t accept_edge = 0;  // the edge at which the unit accepted the request
  uint64_t leave_edge = 0;   // the edge at which its result left the unit
  bool evaluated = false;    // false: the reference cannot evaluate this Uop (lanes read 0)

  tlm::tlm_extension_base* clone() const override { return new HalfpipeExtension(*this); }
  void copy_from(const tlm::tlm_extension_base& other) override {
    *this = static_cast<const HalfpipeExtension&>(other);
  }
};

class AluTlmTarget : public sc_core::sc_module {
 public:
  tlm_utils::simple_target_socket<AluTlmTarget> socket;

  // Throws std::invalid_argument for a configuration validate() rejects, or a period that is
  // zero or not an even number of time resolution units (the edges fall on half periods).
  AluTlmTarget(sc_core::sc_module_name name, const PipelineConfig& config,
               const sc_core::sc_time& period);

  // Bytes of the result of `lane_mask`: 2 per lane up to the highest enabled one.
  static unsigned result_bytes(uint32_t lane_mask);

  sc_core::sc_time edge_time(uint64_t edge) const;        // (edge + 1/2) * period
  uint64_t first_edge_after(const sc_core::sc_time& t) const;

  const PipelineConfig& config() const { return core_.config(); }
  const Statistics& statistics() const { return core_.statistics(); }
  const sc_core::sc_time& period() const { return period_; }
  // Why the last refused request was refused; empty if none was.
  const std::string& last_refusal() const { return last_refusal_; }

  const char* kind() const override { return "halfpipe::sc::AluTlmTarget"; }

 private:
  SC_HAS_PROCESS(AluTlmTarget);
  enum class Style { Undecided, LooselyTimed, ApproximatelyTimed };

  struct PendingRequest {
    tlm::tlm_generic_payload* payload;
    sc_core::sc_time time;  // BEGIN_REQ's time: the call's plus its annotated delay
    Transaction transaction;
  };
  struct Departure {
    tlm::tlm_generic_payload* payload;
    Result result;
  };

  void b_transport(tlm::tlm_generic_payload& payload, sc_core::sc_time& delay);
  tlm::tlm_sync_enum nb_transport_fw(tlm::tlm_generic_payload& payload, tlm::tlm_phase& phase,
                                     sc_core::sc_time& delay);

  // The extension of a request the target can serve in `style`; nullptr (the response status
  // set, the reason kept in last_refusal_) otherwise.
  const HalfpipeExtension* admit(tlm::tlm_generic_payload& payload, Style style);
  void refuse(tlm::tlm_generic_payload& payload, tlm::tlm_response_status status,
              std::string reason);
  Transaction transaction_of(const HalfpipeExtension& request);
  void respond(tlm::tlm_generic_payload& payload, const Result& result) const;

  // Loosely timed: when the result of `tag`, accepted at the last edge, will leave.
  Result predicted_departure(uint64_t tag) const;

  // Approximately timed.
  void on_edge();  // runs every edge due by now, in order
  void clock_edge();
  bool consumer_ready_at(const sc_core::sc_time& edge) const;
  void send_responses();
  void end_response(const sc_core::sc_time& at);
  void schedule_edge();
  uint64_t edge_at_or_after(const sc_core::sc_time& t) const;

  PipelineCore core_;
  sc_core::sc_time period_;
  Style style_ = Style::Undecided;
  uint64_t next_tag_ = 0;
  std::string last_refusal_;

  std::optional<PendingRequest> pending_;               // BEGIN_REQ in, END_REQ not yet sent
  std::map<uint64_t, tlm::tlm_generic_payload*> in_unit_;  // accepted, not yet left, by tag
  std::deque<Departure> responses_;  // left the unit, BEGIN_RESP waiting for the channel
  tlm::tlm_generic_payload* response_in_progress_ = nullptr;  // BEGIN_RESP sent, no END_RESP
  sc_core::sc_time channel_free_at_ = sc_core::SC_ZERO_TIME;  // the last END_RESP's time
  sc_core::sc_event edge_event_;
  sc_core::sc_event response_event_;
};

}  // namespace halfpipe::sc
