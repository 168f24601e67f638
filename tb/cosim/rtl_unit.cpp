#include "tb/cosim/rtl_unit.h"

#include <stdexcept>
#include <string>

namespace halfpipe::tb::cosim {

RtlUnit::RtlUnit(sc_core::sc_module_name name, Dut& dut, bool ready_is_advance)
    : sc_core::sc_module(name),
      clk("clk"),
      dut_(dut),
      ready_is_advance_(ready_is_advance),
      lanes_(dut.lanes()),
      tag_mask_((1u << dut.tag_width()) - 1) {
  SC_METHOD(on_rising_edge);
  sensitive << clk.pos();
  dont_initialize();
}

void RtlUnit::offer(const sc::Transaction& t) {
  if (offered_) throw std::logic_error("RtlUnit: the RTL takes one transaction per cycle");
  if (lanes_ < 32 && (t.uop.lane_mask >> lanes_) != 0)
    throw std::invalid_argument("RtlUnit: lane mask " + std::to_string(t.uop.lane_mask) +
                                " enables lanes beyond the unit's " + std::to_string(lanes_));
  offered_ = true;
  offered_uop_ = t.uop;
  beat_.uop_word = encode(t.uop);
  beat_.lane_mask = t.uop.lane_mask;
  beat_.tag = static_cast<uint32_t>(t.tag) & tag_mask_;
  for (int lane = 0; lane < lanes_; ++lane) {
    beat_.a[lane] = t.a[lane];
    beat_.b[lane] = t.b[lane];
    beat_.c[lane] = t.c[lane];
  }
}

void RtlUnit::to_result(const OutBeat& out, sc::Result& r) const {
  r.tag = out.tag;
  r.uop.lane_mask = out.lane_mask;
  r.lanes.fill(0);
  for (int lane = 0; lane < lanes_; ++lane) r.lanes[lane] = out.result[lane];
}

std::size_t RtlUnit::out_count() const {
  OutBeat shown;
  if (!dut_.peek(shown)) return 0;
  shown_ = sc::Result{};
  if (!in_flight_.empty()) {
    shown_.uop = in_flight_.front().uop;
    shown_.accept_edge = in_flight_.front().edge;
  }
  to_result(shown, shown_);
  return 1;
}

const sc::Result& RtlUnit::out_result(std::size_t i) const {
  if (i != 0 || out_count() == 0) throw std::out_of_range("RtlUnit: no such result shown");
  return shown_;
}

void RtlUnit::edge() {
  const uint64_t edge = next_edge_++;
  const CycleResult r = dut_.cycle(offered_, beat_, out_ready_, out_);
  if (ready_is_advance_ && r.in_ready != (!r.out_valid || out_ready_)) ++protocol_errors_;
  departed_ = &none_;
  if (r.consumed) {
    sc::Result& result = one_[0];
    if (!in_flight_.empty()) {
      result.uop = in_flight_.front().uop;
      result.accept_edge = in_flight_.front().edge;
      in_flight_.pop_front();
    } else {  // an output nothing explains: the scoreboard will say so
      result.uop = Uop{};
      result.accept_edge = 0;
    }
    bool dropped = false;
    if (fault_armed_ && outputs_ == fault_.output) {
      fault_armed_ = false;
      if (fault_.kind == RtlFault::Kind::FlipResult) out_.result[fault_.lane] ^= fault_.flip;
      dropped = fault_.kind == RtlFault::Kind::Drop;
    }
    ++outputs_;
    to_result(out_, result);
    result.leave_edge = edge;
    if (!dropped) departed_ = &one_;
  }
  accepted_ = r.accepted;
  if (r.accepted) in_flight_.push_back({offered_uop_, edge});
  offered_ = false;
}

void RtlUnit::reset() {
  dut_.reset(0);
  in_flight_.clear();
  offered_ = false;
  accepted_ = false;
  departed_ = &none_;
}

}  // namespace halfpipe::tb::cosim
