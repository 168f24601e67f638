#include "tb/rtl_backend.h"

#include <fmt/format.h>

#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "tb/dut_factory.h"
#include "tb/loaded_dut.h"
#include "tb/uop_name.h"
#include "tb/wave_view.h"

namespace halfpipe::tb {
namespace {

class RtlBackend : public vectors::Backend {
 public:
  RtlBackend(int lanes, int depth, bool netlist, std::string wave, std::string dut_dir,
             std::string plusargs)
      : dut_(dut_dir.empty()
                 ? make_dut(netlist, lanes, depth, 0, wave.empty() ? Waves::No : Waves::Yes)
                 : make_loaded_dut(LoadedUnit::load(dut_dir), 0, plusargs)),
        dut_dir_(std::move(dut_dir)),
        plusargs_(std::move(plusargs)),
        depth_(dut_dir_.empty() ? depth : 0),
        netlist_(netlist),
        wave_(std::move(wave)) {
    if (!wave_.empty()) {
      dut_->trace_to(wave_);  // cycle 0 of the waveform is the first cycle() below
      output_cycles_.resize(kRememberedOutputs);
      forms_.resize(kRememberedOutputs);
    }
  }

  std::string name() const override {
    if (!dut_dir_.empty()) return fmt::format("unit in {} (Lanes={})", dut_dir_, dut_->lanes());
    return fmt::format("{} (Lanes={}, Depth={})", netlist_ ? "netlist" : "RTL", dut_->lanes(),
                       depth_);
  }

  uint32_t execute(const Uop& u, const vectors::Operands& o) override {
    const int used_lanes = u.packed ? 2 : 1;
    // A packed form on a one-lane unit runs lane by lane, each half as the scalar form (S2: a
    // packed form computes each lane as its scalar form does).
    const bool lane_by_lane = used_lanes > dut_->lanes();
    Uop beat_uop = u;
    if (lane_by_lane) beat_uop.packed = false;
    uint32_t result = 0;
    for (int first = 0; first < used_lanes; first += lane_by_lane ? 1 : used_lanes) {
      InBeat in;
      in.uop_word = encode(beat_uop);
      in.tag = next_tag_;
      next_tag_ = (next_tag_ + 1) & ((1u << dut_->tag_width()) - 1);
      const int beat_lanes = lane_by_lane ? 1 : used_lanes;
      in.lane_mask = (1u << beat_lanes) - 1;
      for (int lane = 0; lane < beat_lanes; ++lane) {
        const int shift = 16 * (first + lane);
        in.a[lane] = static_cast<uint16_t>(o.a >> shift);
        in.b[lane] = static_cast<uint16_t>(o.b >> shift);
        in.c[lane] = static_cast<uint16_t>(o.c >> shift);
      }
      const OutBeat out = run_beat(in);
      for (int lane = 0; lane < beat_lanes; ++lane)
        result |= static_cast<uint32_t>(out.result[lane]) << (16 * (first + lane));
    }
    return result;
  }

  std::string check_options() const override {
    if (!dut_dir_.empty()) return fmt::format(" --rtl --dut {}{}", dut_dir_, plusargs_option());
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
    const std::string vector = vectors::operand_list(u, o, ",").substr(1);
    if (!dut_dir_.empty())
      return fmt::format("halfpipe sweep {} --vector {} --dut {}{}", form, vector, dut_dir_,
                         plusargs_option());
    return fmt::format("halfpipe sweep {} --vector {} --lanes {} --depth {}{}", form, vector,
                       dut_->lanes(), depth_, netlist_ ? " --netlist" : "");
  }

 private:
  // One transaction in, its result out. hp_alu's latency is fixed (rtl/TIMING.md): its result is
  // out within Depth cycles of acceptance; a user's unit declares none, so it gets the drive
  // loop's patience. The bound only turns a broken unit into an error instead of a hang.
  OutBeat run_beat(const InBeat& in) {
    const int patience = depth_ > 0 ? 4 * depth_ + 16 : kUnitPatience;
    OutBeat out;
    bool sent = false;
    for (int cycle = 0; cycle < patience; ++cycle) {
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
            "the {} returned tag {:#x} lane mask {:#x} for tag {:#x} lane mask {:#x}", unit_name(),
            out.tag, out.lane_mask, in.tag, in.lane_mask));
      }
      return out;
    }
    throw std::runtime_error(fmt::format("the {} gave no output for a transaction within {} cycles "
                                         "(tag {:#x} {}; a hang)", unit_name(), patience, in.tag,
                                         sent ? "accepted" : "never accepted"));
  }

  std::string plusargs_option() const {
    return plusargs_.empty() ? "" : fmt::format(" --plusargs '{}'", plusargs_);
  }
  std::string unit_name() const { return dut_dir_.empty() ? "RTL" : "unit in " + dut_dir_; }

  static constexpr int kUnitPatience = 10000;

  // The checker judges a block of results after executing it: the output cycles of the last
  // this many instructions are kept to place the marker (the check command's blocks are 4096).
  static constexpr uint64_t kRememberedOutputs = 1 << 16;

  std::unique_ptr<Dut> dut_;
  std::string dut_dir_;
  std::string plusargs_;
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
                                                   const std::string& wave,
                                                   const std::string& dut_dir,
                                                   const std::string& plusargs) {
  return std::make_unique<RtlBackend>(lanes, depth, netlist, wave, dut_dir, plusargs);
}

}  // namespace halfpipe::tb
