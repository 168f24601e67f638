// The Verilated hp_alu (or anything with its ports: the netlist, a test's faulty unit) behind
// tb::Dut. Internal to tb/: dut.cpp instantiates it for every model the build has, and the
// assertion tests for a unit that breaks the rules.
#pragma once

#include <cstring>
#include <memory>
#include <stdexcept>
#include <string>

#include <verilated.h>
#include <verilated_fst_c.h>

#include "tb/dut.h"
#include "tb/rtl_coverage.h"

namespace halfpipe::tb {


// Lane i sits in bits [16*i +: 16] of a port, and Verilator stores a port of 32, 64 or more bits
// as IData, QData or a VlWide array of 32-bit words, least significant first: on a
// little-endian host its bytes are those of the lane array, so a port is one copy.
static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, "ports are copied as lane arrays");

template <int Lanes, class Port>
void store_lanes(Port& port, const std::array<uint16_t, kMaxLanes>& lanes) {
  static_assert(sizeof(Port) == 2 * Lanes && Lanes <= kMaxLanes);
  std::memcpy(&port, lanes.data(), sizeof(Port));
}

template <int Lanes, class Port>
void load_lanes(std::array<uint16_t, kMaxLanes>& lanes, const Port& port) {
  static_assert(sizeof(Port) == 2 * Lanes && Lanes <= kMaxLanes);
  std::memcpy(lanes.data(), &port, sizeof(Port));
}

// `Traced`: Model was Verilated with tracing (rtl/CMakeLists.txt: the --wave twins, the coverage
// models, the netlist); a trace-free model refuses trace_to.
template <class Model, int Lanes, int Depth, bool Traced = true>
class VerilatedDut final : public Dut {
 public:
  // `instrumented`: a coverage model (Vhp_alu_cov_*), whose counts go to the RTL coverage
  // session when it is destroyed.
  explicit VerilatedDut(uint64_t x_seed, bool instrumented = false)
      : context_(std::make_unique<VerilatedContext>()), instrumented_(instrumented) {
    context_->randReset(x_seed ? 2 : 0);  // 2: randomise every uninitialised bit
    if (x_seed) context_->randSeed(static_cast<int>(x_seed & 0x7FFFFFFF));
    // A failing assertion (rtl/sva) sets the context's error flag instead of aborting the
    // process, so that eval() below can report it as the verification failure it is.
    context_->fatalOnError(false);
    model_ = std::make_unique<Model>(context_.get(), "hp_alu");
    model_->clk_i = 0;
    model_->in_valid_i = 0;
    model_->out_ready_i = 0;
    reset(2);
  }
  ~VerilatedDut() override {
    close_trace();
    model_->final();
    if (instrumented_) add_model_coverage(*context_);
  }

  int lanes() const override { return Lanes; }
  int depth() const override { return Depth; }
  int tag_width() const override { return 8; }

  CycleResult cycle(bool in_valid, const InBeat& in, bool out_ready, OutBeat& out) override {
    Model& m = *model_;
    m.in_valid_i = in_valid;
    if (in_valid) {
      m.in_uop_i = in.uop_word;
      m.in_lane_mask_i = static_cast<CData>(in.lane_mask);
      m.in_tag_i = static_cast<CData>(in.tag);
      store_lanes<Lanes>(m.in_a_i, in.a);
      store_lanes<Lanes>(m.in_b_i, in.b);
      store_lanes<Lanes>(m.in_c_i, in.c);
    }
    m.out_ready_i = out_ready;
    // Two evaluations per cycle, and both are needed: Verilator sees a rising edge only as a
    // change of clk_i between two eval() calls, and this one settles in_ready_o, which
    // out_ready_i drives combinationally. It runs no datapath (that is all clocked, evaluated
    // once after the edge below): with the scheduling of both, under 5% of a Lanes=8 cycle
    // (valgrind instruction counts; rtl/CMakeLists.txt has the rest).
    m.clk_i = 0;
    eval();
    if (trace_) trace_->dump(kTracePeriod * cycles_);

    CycleResult r;
    r.in_ready = m.in_ready_o;
    r.out_valid = m.out_valid_o;
    r.accepted = in_valid && r.in_ready;
    r.consumed = r.out_valid && out_ready;
    if (r.consumed) read_outputs(m, out);
    m.clk_i = 1;
    eval();
    if (trace_) trace_->dump(kTracePeriod * cycles_ + kTracePeriod / 2);
    ++cycles_;
    ++run_cycles_;
    return r;
  }

  // The Verilated model itself, for a test that drives ports beyond hp_alu's.
  Model& model() { return *model_; }

  bool peek(OutBeat& out) const override {
    const Model& m = *model_;
    if (!m.out_valid_o) return false;
    read_outputs(m, out);
    return true;
  }

  void trace_to(const std::string& path) override {
    if constexpr (!Traced) {
      throw std::logic_error("the Lanes=" + std::to_string(Lanes) + " Depth=" +
                             std::to_string(Depth) + " model in use was built without tracing; " +
                             "make_dut(..., Waves::Yes) gives its traced twin");
    } else {
      start_trace(path);
    }
  }

  void close_trace() override {
    if (!trace_) return;
    trace_->close();
    trace_.reset();
  }

  void reset(int cycles) override {
    Model& m = *model_;
    m.in_valid_i = 0;
    m.rst_ni = 1;
    m.clk_i = 0;
    eval();
    m.rst_ni = 0;  // asynchronous assertion: the line empties without a clock edge
    eval();
    // In the waveform a reset shows 2 ns after the last edge (7 ns into its slot) and is
    // released 1 ns later; each edge under reset takes a slot of its own.
    trace_between_cycles(3);
    for (int i = 0; i < cycles; ++i) {
      m.clk_i = 1;
      eval();
      if (trace_) trace_->dump(kTracePeriod * cycles_ + kTracePeriod / 2);
      ++cycles_;
      m.clk_i = 0;
      eval();
    }
    m.rst_ni = 1;
    eval();
    trace_between_cycles(2);
  }
 private:
  void start_trace(const std::string& path) {
    close_trace();
    context_->traceEverOn(true);
    auto trace = std::make_unique<VerilatedFstC>();
    model_->trace(trace.get(), 99);
    trace->set_time_unit("1ns");
    trace->set_time_resolution("1ns");
    trace->open(path.c_str());
    if (!trace->isOpen()) throw std::runtime_error("cannot write the waveform " + path);
    trace_ = std::move(trace);
    cycles_ = 0;
  }

  // One evaluation of the model; an assertion that failed in it (Verilator has printed its
  // message on standard output) ends the run as RtlAssertionFailure.
  void eval() {
    model_->eval();
    if (context_->gotError()) {
      context_->gotError(false);
      throw RtlAssertionFailure("an assertion bound to hp_alu (rtl/sva) failed in cycle " +
                                std::to_string(run_cycles_) +
                                " of the run; its message is on standard output");
    }
  }

  static constexpr uint64_t kTracePeriod = 10;  // ns per cycle in the waveform

  // The output ports' transaction: lane mask, tag and each lane's 16 bits of the result bus.
  static void read_outputs(const Model& m, OutBeat& out) {
    out.lane_mask = m.out_lane_mask_o;
    out.tag = m.out_tag_o;
    load_lanes<Lanes>(out.result, m.out_result_o);
  }

  // A dump `before` ns ahead of the next cycle's inputs (none before the first traced cycle).
  void trace_between_cycles(uint64_t before) {
    if (trace_ && cycles_ > 0) trace_->dump(kTracePeriod * cycles_ - before);
  }

  std::unique_ptr<VerilatedContext> context_;
  std::unique_ptr<Model> model_;
  std::unique_ptr<VerilatedFstC> trace_;
  uint64_t cycles_ = 0;      // cycle() calls since the waveform started
  uint64_t run_cycles_ = 0;  // cycle() calls since construction
  bool instrumented_ = false;
};

}  // namespace halfpipe::tb
