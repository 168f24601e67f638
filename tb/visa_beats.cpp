#include "tb/visa_beats.h"

#include "model/uop/visa_type.h"

namespace halfpipe::tb {

using isa::visa::Instruction;
using isa::visa::Type;

std::optional<Format> visa_uop_format(Type t) {
  switch (t) {
    case Type::HF: return Format::F16;
    case Type::W: return Format::S16;
    case Type::UW: return Format::U16;
    case Type::B: return Format::S8;
    case Type::UB: return Format::U8;
    default: return std::nullopt;
  }
}

VisaBeats visa_beats(const Instruction& i, uint32_t exec_mask, int lanes) {
  const auto format = visa_uop_format(i.type);
  if (!format)
    return {{},
            "type " + std::string(traits(i.type).name) +
                " has no Uop format: 32- and 64-bit types are reference-only (16-bit lanes)"};
  if (lanes < 1 || lanes > isa::visa::kMaxExecSize)
    return {{}, "lane count " + std::to_string(lanes) + " is outside 1..32"};
  Uop u;
  u.op = i.max ? Op::Max : Op::Min;
  u.format = *format;
  u.sat = i.sat;
  u.nan_policy = NanPolicy::VisaSrc1;  // S28
  u.src0_mod = i.src0_mod;
  u.src1_mod = i.src1_mod;
  const uint64_t enable = isa::visa::channel_enable(i, exec_mask);
  const uint64_t beat_lanes = element_mask(lanes);
  VisaBeats out;
  for (int first = 0; first < i.exec_size; first += lanes) {
    u.lane_mask = static_cast<uint32_t>((enable >> first) & beat_lanes);
    out.uops.push_back(u);
  }
  return out;
}

std::vector<Instruction> visa_rtl_forms() {
  std::vector<Instruction> forms;
  for (Type type : {Type::HF, Type::W, Type::UW, Type::B, Type::UB}) {
    for (bool max : {false, true}) {
      for (bool sat : {false, true}) {
        for (int exec_size : {1, 2, 4, 8, 16, 32}) {
          for (bool no_mask : {false, true}) {
            for (int group = 1; group <= 8; ++group) {
              Instruction i;
              i.type = type;
              i.max = max;
              i.sat = sat;
              i.exec_size = exec_size;
              i.mask = {group, no_mask};
              if (isa::visa::mask_control_fits(i)) forms.push_back(i);
            }
          }
        }
      }
    }
  }
  return forms;
}

}  // namespace halfpipe::tb
