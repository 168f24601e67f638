#include "model/sc/tlm_target.h"

#include <algorithm>
#include <sstream>
#include <stdexcept>
#include <utility>

namespace halfpipe::sc {
namespace {

using sc_core::sc_time;
using sc_core::sc_time_stamp;

std::string mask_text(uint32_t lane_mask) {
  std::ostringstream text;
  text << "0x" << std::hex << lane_mask;
  return text.str();
}

const sc_time& checked_period(const sc_time& period) {
  if (period.value() == 0 || period.value() % 2 != 0)
    throw std::invalid_argument("AluTlmTarget: the clock period " + period.to_string() +
                                " must be a non-zero, even number of time resolution units "
                                "(the rising edges fall on half periods)");
  return period;
}

}  // namespace

AluTlmTarget::AluTlmTarget(sc_core::sc_module_name name, const PipelineConfig& config,
                           const sc_time& period)
    : sc_core::sc_module(name), socket("socket"), core_(config), period_(checked_period(period)) {
  socket.register_b_transport(this, &AluTlmTarget::b_transport);
  socket.register_nb_transport_fw(this, &AluTlmTarget::nb_transport_fw);
  SC_METHOD(on_edge);
  sensitive << edge_event_;
  dont_initialize();
  SC_METHOD(send_responses);
  sensitive << response_event_;
  dont_initialize();
}

unsigned AluTlmTarget::result_bytes(uint32_t lane_mask) {
  unsigned lanes = 0;
  for (uint32_t m = lane_mask; m != 0; m >>= 1) ++lanes;
  return 2 * lanes;
}

sc_time AluTlmTarget::edge_time(uint64_t edge) const {
  return sc_time::from_value(period_.value() / 2 + edge * period_.value());
}

uint64_t AluTlmTarget::first_edge_after(const sc_time& t) const {
  const uint64_t half = period_.value() / 2;
  return t.value() < half ? 0 : (t.value() - half) / period_.value() + 1;
}

uint64_t AluTlmTarget::edge_at_or_after(const sc_time& t) const {
  const uint64_t half = period_.value() / 2;
  return t.value() <= half ? 0 : (t.value() - half + period_.value() - 1) / period_.value();
}

// ---- requests ------------------------------------------------------------------------------

void AluTlmTarget::refuse(tlm::tlm_generic_payload& payload, tlm::tlm_response_status status,
                          std::string reason) {
  payload.set_response_status(status);
  last_refusal_ = std::string(name()) + ": " + std::move(reason);
}

const HalfpipeExtension* AluTlmTarget::admit(tlm::tlm_generic_payload& payload, Style style) {
  if (payload.get_command() != tlm::TLM_READ_COMMAND) {
    refuse(payload, tlm::TLM_COMMAND_ERROR_RESPONSE,
           "the command must be TLM_READ_COMMAND (the target writes the result to the data array)");
    return nullptr;
  }
  if (payload.get_byte_enable_ptr() != nullptr) {
    refuse(payload, tlm::TLM_BYTE_ENABLE_ERROR_RESPONSE, "byte enables are not supported");
    return nullptr;
  }
  if (payload.get_streaming_width() < payload.get_data_length()) {
    refuse(payload, tlm::TLM_BURST_ERROR_RESPONSE,
           "streaming (a streaming width below the data length) is not supported");
    return nullptr;
  }
  const HalfpipeExtension* request = nullptr;
  payload.get_extension(request);
  if (request == nullptr) {
    refuse(payload, tlm::TLM_GENERIC_ERROR_RESPONSE, "the payload carries no HalfpipeExtension");
    return nullptr;
  }
  const Uop& uop = request->uop;
  if (static_cast<int>(uop.op) >= kOpCount || static_cast<int>(uop.format) >= kFormatCount ||
      static_cast<int>(uop.nan_policy) > static_cast<int>(NanPolicy::VisaSrc1)) {
    refuse(payload, tlm::TLM_GENERIC_ERROR_RESPONSE,
           "the Uop's op, format or NaN policy is out of range");
    return nullptr;
  }
  const int lanes = config().lanes;
  if (lanes < 32 && (uop.lane_mask >> lanes) != 0) {
    refuse(payload, tlm::TLM_GENERIC_ERROR_RESPONSE,
           "lane mask " + mask_text(uop.lane_mask) + " enables lanes beyond the unit's " +
               std::to_string(lanes));
    return nullptr;
  }
  const unsigned needed = result_bytes(uop.lane_mask);
  if (payload.get_data_length() < needed || (needed > 0 && payload.get_data_ptr() == nullptr)) {
    refuse(payload, tlm::TLM_GENERIC_ERROR_RESPONSE,
           "the data array (" + std::to_string(payload.get_data_length()) +
               " bytes) cannot hold the result: lane mask " + mask_text(uop.lane_mask) +
               " needs " + std::to_string(needed) + " bytes");
    return nullptr;
  }
  if (style_ != Style::Undecided && style_ != style) {
    refuse(payload, tlm::TLM_GENERIC_ERROR_RESPONSE,
           style_ == Style::LooselyTimed
               ? "nb_transport_fw on a target already serving b_transport (one style per target)"
               : "b_transport on a target already serving nb_transport_fw (one style per target)");
    return nullptr;
  }
  style_ = style;
  return request;
}

Transaction AluTlmTarget::transaction_of(const HalfpipeExtension& request) {
  Transaction t;
  t.uop = request.uop;
  t.a = request.a;
  t.b = request.b;
  t.c = request.c;
  t.tag = next_tag_++;
  return t;
}

void AluTlmTarget::respond(tlm::tlm_generic_payload& payload, const Result& result) const {
  unsigned char* data = payload.get_data_ptr();
  const unsigned lanes =
      std::min(static_cast<unsigned>(config().lanes), payload.get_data_length() / 2);
  for (unsigned lane = 0; lane < lanes; ++lane) {  // little-endian, 2 bytes a lane
    data[2 * lane] = static_cast<unsigned char>(result.lanes[lane] & 0xff);
    data[2 * lane + 1] = static_cast<unsigned char>(result.lanes[lane] >> 8);
  }
  HalfpipeExtension* request = payload.get_extension<HalfpipeExtension>();
  request->accept_edge = result.accept_edge;
  request->leave_edge = result.leave_edge;
  request->evaluated = result.evaluated;
  payload.set_response_status(result.evaluated ? tlm::TLM_OK_RESPONSE
                                                : tlm::TLM_GENERIC_ERROR_RESPONSE);
}

// ---- loosely timed -------------------------------------------------------------------------

void AluTlmTarget::b_transport(tlm::tlm_generic_payload& payload, sc_time& delay) {
  const HalfpipeExtension* request = admit(payload, Style::LooselyTimed);
  if (request == nullptr) return;
  const sc_time now = sc_time_stamp();
  // The consumer of a blocking call takes its result the moment it leaves.
  core_.set_out_ready(true);
  const uint64_t arrival = first_edge_after(now + delay);
  while (core_.next_edge() < arrival) core_.edge();
  // A request whose time lies before edges already run (another process's, further ahead in
  // its quantum) joins at the next one: it queues behind what came before it.
  const Transaction t = transaction_of(*request);
  do {
    core_.offer(t);
    core_.edge();
  } while (core_.accepted_at_last_edge() == 0);
  const Result result = predicted_departure(t.tag);
  respond(payload, result);
  delay = edge_time(result.leave_edge) - now;
}

Result AluTlmTarget::predicted_departure(uint64_t tag) const {
  // Later requests enter behind this one and completion is in order, so nothing offered later
  // changes when it leaves: a copy of the unit run with nothing more offered tells.
  PipelineCore future(core_);
  for (;;) {
    future.edge();
    for (const Result& r : future.departed_at_last_edge())
      if (r.tag == tag) return r;
  }
}

// ---- approximately timed -------------------------------------------------------------------

tlm::tlm_sync_enum AluTlmTarget::nb_transport_fw(tlm::tlm_generic_payload& payload,
                                                 tlm::tlm_phase& phase, sc_time& delay) {
  if (phase == tlm::BEGIN_REQ) {
    if (pending_) {
      SC_REPORT_ERROR(kind(), "BEGIN_REQ before the END_REQ of the previous request "
                              "(the base protocol's request exclusion rule)");
      refuse(payload, tlm::TLM_GENERIC_ERROR_RESPONSE,
             "BEGIN_REQ before the END_REQ of the previous request");
      return tlm::TLM_COMPLETED;
    }
    const HalfpipeExtension* request = admit(payload, Style::ApproximatelyTimed);
    if (request == nullptr) return tlm::TLM_COMPLETED;  // early completion, the error status set
    if (payload.has_mm()) payload.acquire();
    pending_ = PendingRequest{&payload, sc_time_stamp() + delay, transaction_of(*request)};
    schedule_edge();
    return tlm::TLM_ACCEPTED;  // END_REQ follows at the edge that accepts it
  }
  if (phase == tlm::END_RESP) {
    if (&payload != response_in_progress_) {
      SC_REPORT_ERROR(kind(), "END_RESP for a transaction that has no BEGIN_RESP outstanding");
      return tlm::TLM_COMPLETED;
    }
    end_response(sc_time_stamp() + delay);
    return tlm::TLM_COMPLETED;
  }
  SC_REPORT_ERROR(kind(), "nb_transport_fw with a phase other than BEGIN_REQ or END_RESP");
  return tlm::TLM_COMPLETED;
}

bool AluTlmTarget::consumer_ready_at(const sc_time& edge) const {
  return response_in_progress_ == nullptr && responses_.empty() && channel_free_at_ < edge;
}

void AluTlmTarget::on_edge() {
  // Edges skipped while the unit was idle or frozen behind an outstanding END_RESP change
  // nothing an initiator sees; they run now, in order, for the edge count and the statistics.
  const uint64_t due = edge_at_or_after(sc_time_stamp());
  while (core_.next_edge() <= due) clock_edge();
  schedule_edge();
}

void AluTlmTarget::clock_edge() {
  const sc_time at = edge_time(core_.next_edge());
  core_.set_out_ready(consumer_ready_at(at));
  if (pending_ && pending_->time < at) core_.offer(pending_->transaction);
  core_.edge();
  if (core_.accepted_at_last_edge() > 0) {
    tlm::tlm_generic_payload* accepted = pending_->payload;
    in_unit_[pending_->transaction.tag] = accepted;
    pending_.reset();  // before END_REQ: the initiator may send its next BEGIN_REQ from there
    tlm::tlm_phase phase = tlm::END_REQ;
    sc_time delay = sc_core::SC_ZERO_TIME;
    socket->nb_transport_bw(*accepted, phase, delay);
  }
  for (const Result& r : core_.departed_at_last_edge()) {
    const auto it = in_unit_.find(r.tag);
    responses_.push_back(Departure{it->second, r});
    in_unit_.erase(it);
  }
  send_responses();
}

void AluTlmTarget::send_responses() {
  // One BEGIN_RESP at a time (the response exclusion rule): results that left at the same edge
  // (issue width > 1) follow each other as the initiator ends the previous response.
  while (!responses_.empty() && response_in_progress_ == nullptr &&
         channel_free_at_ <= sc_time_stamp()) {
    const Departure departure = responses_.front();
    responses_.pop_front();
    respond(*departure.payload, departure.result);
    response_in_progress_ = departure.payload;
    tlm::tlm_phase phase = tlm::BEGIN_RESP;
    sc_time delay = sc_core::SC_ZERO_TIME;
    const tlm::tlm_sync_enum answer = socket->nb_transport_bw(*departure.payload, phase, delay);
    const bool ended = answer == tlm::TLM_COMPLETED ||
                       (answer == tlm::TLM_UPDATED && phase == tlm::END_RESP);
    if (ended && response_in_progress_ == departure.payload)
      end_response(sc_time_stamp() + delay);
  }
}

void AluTlmTarget::end_response(const sc_time& at) {
  tlm::tlm_generic_payload* done = response_in_progress_;
  response_in_progress_ = nullptr;
  channel_free_at_ = at;
  if (done->has_mm()) done->release();
  if (!responses_.empty()) response_event_.notify(at - sc_time_stamp());
  schedule_edge();
}

void AluTlmTarget::schedule_edge() {
  if (!pending_ && core_.in_flight() == 0) return;  // idle until the next BEGIN_REQ
  if (response_in_progress_ != nullptr || !responses_.empty()) {
    // The consumer is not ready until an END_RESP: if the line holds meanwhile, every edge
    // until then is the same frozen edge, and the END_RESP starts the clock again.
    core_.set_out_ready(false);
    if (!core_.in_ready()) return;
  }
  const sc_time now = sc_time_stamp();
  uint64_t next = std::max(core_.next_edge(), edge_at_or_after(now));
  if (core_.in_flight() == 0) next = std::max(next, first_edge_after(pending_->time));
  edge_event_.notify(edge_time(next) - now);
}

}  // namespace halfpipe::sc
