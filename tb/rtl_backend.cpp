#include "tb/rtl_backend.h"

#include <fmt/format.h>

#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "tb/dut_factory.h"
#include "tb/uop_name.h"
#include "tb/wave_view.h"

namespace halfpipe::tb {
namespace {

class RtlBackend : public vectors::Backend {
 public:
  RtlBackend(int lanes, int depth, bool netlist, std::string wave)
      : dut_(make_dut(netlist, lanes, depth, 0, wave.empty() ? Waves::No : Waves::Yes)),
        depth_(depth), netlist_(netlist), wave_(std::move(wave)) {
    if (!wave_.empty()) {
      dut_->trace_to(wave_);  // cycle 0 of the waveform is the first cycle() below
      output_cycles_.resize(kRememberedOutputs);
      forms_.resize(kRememberedOutputs);
    }
  }

  std::string name() const override {
    return fmt::format("{} (Lanes={}, Depth={})", netlist_ ? "netlist" : "RTL", dut_->lanes(),
                       depth_);
  }

  uint32_t execute(const Uop& u, const vectors::Operands& o) override {
    InBeat in;
    in.uop_word = encode(u);
    in.tag = next_tag_;
    next_tag_ = (next_tag_ + 1) & ((1u << dut_->tag_width()) - 1);
    const int used_lanes = u.packed ? 2 : 1;
    in.lane_mask = (1u << used_lanes) - 1;
    for (int lane = 0; lane < used_lanes; ++lane) {
      in.a[lane] = static_cast<uint16_t>(o.a >> (16 * lane));
      in.b[lane] = static_cast<uint16_t>(o.b >> (16 * lane));
      in.c[lane] = static_cast<uint16_t>(o.c >> (16 * lane));
    }
    OutBeat out;
    bool sent = false;
    // Fixed latency (rtl/TIMING.md): the result is out within Depth cycles of acceptance; the
    // bound only turns a broken unit into an error instead of a hang.
    for (int cycle = 0; cycle < 4 * depth_ + 16; ++cycle) {
      const CycleResult r = dut_->cycle(!sent, in, true, out);
      const uint64_t this_cycle = cycles_++;
      sent = sent || r.accepted;
      if (!r.consumed) continue;
      if (!output_cycles_.empty()) {
        output_cycles_[executed_ % kRememberedOutputs] = this_cycle;
        forms_[executed_ % kRememberedOutputs] = in.uop_word;
      }
      ++executed_;
      if (out.tag != in.tag || out.lane_mask != in.lane_mask) {
        throw std::runtime_error(fmt::format(
            "the RTL returned tag {:#x} lane mask {:#x} for tag {:#x} lane mask {:#x}", out.tag,
            out.lane_mask, in.tag, in.lane_mask));
      }
      uint32_t result = 0;
      for (int lane = 0; lane < used_lanes; ++lane)
        result |= static_cast<uint32_t>(out.result[lane]) << (16 * lane);
      return result;
    }
    throw std::runtime_error("the RTL gave no output for a transaction (a hang)");
  }

  std::string check_options() const override {
    return netlist_ ? " --netlist" : fmt::format(" --rtl --lanes {}", dut_->lanes());
  }

  void mismatch_at(uint64_t sequence) override {
    if (output_cycles_.empty() || marker_ || sequence + kRememberedOutputs < executed_) return;
    const std::string form = uop_name(forms_[sequence % kRememberedOutputs]).form;
    marker_ = WaveMarker{output_cycles_[sequence % kRememberedOutputs],
                         fmt::format("first mismatch: {}", form)};
  }

  std::string finish() override {
    if (wave_.empty()) return {};
    dut_->close_trace();
    write_wave_view(wave_, marker_);
    return wave_note(wave_, marker_);
  }

  // `halfpipe sweep FORM --vector A,B,C` runs one instruction through a fresh unit.
  std::string reproduce_command(const std::string& form, const Uop& u,
                                const vectors::Operands& o) const override {
    return fmt::format("halfpipe sweep {} --vector {} --lanes {} --depth {}{}", form,
                       vectors::operand_list(u, o, ",").substr(1), dut_->lanes(), depth_,
                       netlist_ ? " --netlist" : "");
  }

 private:
  // The checker judges a block of results after executing it: the output cycles of the last
  // this many instructions are kept to place the marker (the check command's blocks are 4096).
  static constexpr uint64_t kRememberedOutputs = 1 << 16;

  std::unique_ptr<Dut> dut_;
  int depth_;
  bool netlist_;
  std::string wave_;
  uint32_t next_tag_ = 0;
  uint64_t cycles_ = 0;    // cycles since the unit was made: the waveform's cycle numbers
  uint64_t executed_ = 0;  // instructions handed back
  std::vector<uint64_t> output_cycles_;  // with a waveform: ring of executed instructions' output cycles
  std::vector<uint32_t> forms_;           // and their Uop words
  std::optional<WaveMarker> marker_;
};

}  // namespace

std::unique_ptr<vectors::Backend> make_rtl_backend(int lanes, int depth, bool netlist,
                                                   const std::string& wave) {
  return std::make_unique<RtlBackend>(lanes, depth, netlist, wave);
}

}  // namespace halfpipe::tb
