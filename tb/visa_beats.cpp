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
    case Type::D: return Format::S32;
    case Type::UD: return Format::U32;
    case Type::F: return Format::F32;
    case Type::Q: return Format::S64;
    case Type::UQ: return Format::U64;
    case Type::DF: return Format::F64;
  }
  return std::nullopt;
}

int visa_lanes_per_element(Type t) { return traits(t).bits <= 16 ? 1 : traits(t).bits / 16; }

std::string visa_lanes_error(Type t, int lanes) {
  const int n = visa_lanes_per_element(t);
  if (lanes % n == 0) return {};
  return "type " + std::string(traits(t).name) + " needs " +
         (n == 2 ? std::string("an even lane count") : "a lane count that is a multiple of " + std::to_string(n)) +
         " (a " + std::to_string(traits(t).bits) + "-bit element spans " + std::to_string(n) +
         " 16-bit lanes); the unit has " + std::to_string(lanes);
}

VisaBeats visa_beats(const Instruction& i, uint32_t exec_mask, int lanes) {
  const auto format = visa_uop_format(i.type);
  if (!format) return {{}, "type " + std::string(traits(i.type).name) + " has no Uop format"};
  if (lanes < 1 || lanes > isa::visa::kMaxExecSize)
    return {{}, "lane count " + std::to_string(lanes) + " is outside 1..32"};
  if (std::string error = visa_lanes_error(i.type, lanes); !error.empty()) return {{}, error};
  Uop u;
  u.op = i.max ? Op::Max : Op::Min;
  u.format = *format;
  u.sat = i.sat;
  u.nan_policy = NanPolicy::VisaSrc1;  // S28
  u.src0_mod = i.src0_mod;
  u.src1_mod = i.src1_mod;
  const int n = visa_lanes_per_element(i.type);
  const int per_beat = lanes / n;
  const uint64_t enable = isa::visa::channel_enable(i, exec_mask);
  const uint32_t element_lanes = static_cast<uint32_t>(element_mask(n));
  VisaBeats out;
  for (int first = 0; first < i.exec_size; first += per_beat) {
    u.lane_mask = 0;
    for (int j = 0; j < per_beat && first + j < i.exec_size; ++j)
      if ((enable >> (first + j)) & 1u) u.lane_mask |= element_lanes << (j * n);
    out.uops.push_back(u);
  }
  return out;
}

std::vector<Instruction> visa_forms(const std::vector<Type>& types) {
  std::vector<Instruction> forms;
  for (Type type : types) {
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

namespace {

// In the order the RTL gained them: the 16-bit-lane types, then the wide ones.
const std::vector<Type> kRtlTypes = {Type::HF, Type::W, Type::UW, Type::B, Type::UB, Type::D,
                                     Type::UD, Type::F, Type::Q, Type::UQ, Type::DF};

}  // namespace

std::vector<Instruction> visa_rtl_forms() { return visa_forms(kRtlTypes); }

VisaRtlForms visa_rtl_forms(int lanes) {
  std::vector<Type> runnable;
  VisaRtlForms out;
  for (Type t : kRtlTypes) {
    if (std::string error = visa_lanes_error(t, lanes); error.empty()) {
      runnable.push_back(t);
    } else {
      out.skipped += visa_forms({t}).size();
      out.reasons.push_back(error);
    }
  }
  out.forms = visa_forms(runnable);
  return out;
}

std::string visa_skipped_note(const VisaRtlForms& f, int lanes) {
  if (f.skipped == 0) return {};
  std::string note = "--all-visa at Lanes=" + std::to_string(lanes) + ": " +
                     std::to_string(f.forms.size()) + " vISA forms, " + std::to_string(f.skipped) +
                     " skipped (" + std::to_string(f.skipped / f.reasons.size()) + " a type):";
  for (const std::string& reason : f.reasons) note += "\n  " + reason;
  return note;
}

}  // namespace halfpipe::tb
