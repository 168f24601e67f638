// The transaction interface of a half-precision ALU, as seen by a SystemC environment: the
// SystemC model (AluModel) implements it, and so can a wrapper around the Verilated RTL, so a
// stimulus source, a consumer and a scoreboard drive either without knowing which.
//
// It is valid/ready sampled at rising edges, without pins (see model/sc/pipeline.h for the
// protocol): call offer()/set_out_ready() and read out_count()/out_result() between rising
// edges (e.g. on the falling edge); read accepted_at_last_edge()/departed_at_last_edge() after
// one. Edges are numbered from 0, the first rising edge the unit sees.
#pragma once

#include <systemc>

#include <cstddef>
#include <cstdint>
#include <vector>

#include "model/sc/transaction.h"

namespace halfpipe::sc {

class AluTransactionIf : public virtual sc_core::sc_interface {
 public:
  virtual void offer(const Transaction& t) = 0;  // in_valid this cycle, oldest first
  virtual void set_out_ready(bool ready) = 0;    // out_ready, held until changed
  virtual std::size_t out_count() const = 0;     // results shown this cycle; out_valid if > 0
  virtual const Result& out_result(std::size_t i) const = 0;

  virtual std::size_t accepted_at_last_edge() const = 0;  // a prefix of that cycle's offers
  virtual const std::vector<Result>& departed_at_last_edge() const = 0;
  virtual uint64_t next_edge() const = 0;  // the number the coming rising edge will have

  // The coming rising edge, taken at once without `clk`: for an initiator that keeps time
  // itself and runs many cycles per SystemC activation (temporal decoupling, as a TLM quantum
  // keeper does); the same as what a rising edge of `clk` does. Drive a unit one way or the
  // other, not both.
  virtual void edge() = 0;

  virtual void reset() = 0;  // asynchronous: empty at once, in-flight work dropped
};

}  // namespace halfpipe::sc
