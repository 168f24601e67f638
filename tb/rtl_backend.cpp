#include "tb/rtl_backend.h"

#include <fmt/format.h>

#include <stdexcept>

#include "tb/dut.h"

namespace halfpipe::tb {
namespace {

class RtlBackend : public vectors::Backend {
 public:
  RtlBackend(int lanes, int depth, bool netlist)
      : dut_(make_dut(netlist, lanes, depth)), depth_(depth), netlist_(netlist) {}

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
      sent = sent || r.accepted;
      if (!r.consumed) continue;
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

  // `halfpipe sweep FORM --vector A,B,C` runs one instruction through a fresh unit.
  std::string reproduce_command(const std::string& form, const Uop& u,
                                const vectors::Operands& o) const override {
    return fmt::format("halfpipe sweep {} --vector {} --lanes {} --depth {}{}", form,
                       vectors::operand_list(u, o, ",").substr(1), dut_->lanes(), depth_,
                       netlist_ ? " --netlist" : "");
  }

 private:
  std::unique_ptr<Dut> dut_;
  int depth_;
  bool netlist_;
  uint32_t next_tag_ = 0;
};

}  // namespace

std::unique_ptr<vectors::Backend> make_rtl_backend(int lanes, int depth, bool netlist) {
  return std::make_unique<RtlBackend>(lanes, depth, netlist);
}

}  // namespace halfpipe::tb
