#include "vectors/visa_stream.h"

#include <algorithm>
#include <array>
#include <stdexcept>

#include "model/uop/visa_type.h"
#include "vectors/corners.h"

namespace halfpipe::vectors {
namespace {

using isa::visa::BatchLine;
using isa::visa::Type;

constexpr int kModifierCombinations = 16;  // none, -, (abs), -(abs) on each of two sources

SourceModifier modifier(unsigned code) { return {(code & 1) != 0, (code & 2) != 0}; }

// The execution masks the corner stream runs once each (S25): everything, nothing, alternate
// channels both ways, one channel in four, and an irregular sparse mask.
constexpr std::array<uint32_t, 6> kMaskPatterns{0xFFFFFFFFu, 0x00000000u, 0x55555555u,
                                                0xAAAAAAAAu, 0x11111111u, 0x9C6A35F1u};

}  // namespace

std::vector<uint16_t> visa_corner_elements(Type type) {
  std::vector<uint16_t> out;
  switch (type) {
    case Type::HF:
      for (const CornerValue& c : all_corner_values(Format::F16)) out.push_back(c.bits);
      out.push_back(0x7D55);  // a signalling NaN with another payload
      out.push_back(0xFE01);  // a negative quiet NaN
      break;
    case Type::W:
    case Type::UW:
      out = {0x0000, 0x0001, 0xFFFF, 0x0002, 0xFFFE, 0x7FFF, 0x8000, 0x8001, 0x7FFE,
             0x00FF, 0x0100, 0xFF80, 0x007F, 0x1234, 0xEDCC};
      break;
    case Type::B:
    case Type::UB:
      out = {0x00, 0x01, 0xFF, 0x02, 0xFE, 0x7F, 0x80, 0x81, 0x7E, 0x3C};
      break;
    default:
      throw std::invalid_argument("vISA type " + std::string(traits(type).name) +
                                  " is reference-only: the RTL's lanes are 16 bits wide");
  }
  return out;
}

VisaStream::VisaStream(const isa::visa::Instruction& form, std::string_view name, StreamSpec spec)
    : form_(form), spec_(std::move(spec)), form_hash_(stable_hash(name)),
      corners_(visa_corner_elements(form.type)) {
  form_.src0_mod = form_.src1_mod = SourceModifier{};
  const uint64_t pairs = corners_.size() * corners_.size();
  switch (spec_.kind) {
    case StreamKind::Corner:
      per_modifier_ = (pairs + form_.exec_size - 1) / form_.exec_size;
      total_ = per_modifier_ * kModifierCombinations + kMaskPatterns.size();
      break;
    case StreamKind::Random:
      total_ = spec_.random_count;
      break;
    case StreamKind::Exhaustive:
      throw std::invalid_argument("vISA forms have corner and random streams, not exhaustive");
  }
  slice_ = shard_slice(total_, spec_.shard);
  next_ = slice_.begin;
}

BatchLine VisaStream::at(uint64_t index) const {
  BatchLine b;
  b.instruction = form_;
  isa::visa::Instruction& i = b.instruction;
  const uint64_t n = corners_.size();
  if (spec_.kind == StreamKind::Corner) {
    const uint64_t crossing = per_modifier_ * kModifierCombinations;
    uint64_t first_pair = 0;
    if (index < crossing) {
      const auto code = static_cast<unsigned>(index / per_modifier_);
      i.src0_mod = modifier(code);
      i.src1_mod = modifier(code >> 2);
      b.exec_mask = 0xFFFFFFFFu;
      first_pair = (index % per_modifier_) * static_cast<uint64_t>(i.exec_size);
    } else {
      b.exec_mask = kMaskPatterns[index - crossing];
      first_pair = (index - crossing) * 7;  // a different stretch of pairs each
    }
    for (int ch = 0; ch < i.exec_size; ++ch) {
      const uint64_t pair = (first_pair + static_cast<uint64_t>(ch)) % (n * n);
      b.src0[ch] = corners_[pair / n];
      b.src1[ch] = corners_[pair % n];
    }
    return b;
  }
  // Random: one generator per instruction, so any instruction can be drawn alone.
  SplitMix64 rng(spec_.seed ^ form_hash_ ^ (index * 0xD1B54A32D192ED03ull));
  rng.next();
  const uint64_t r = rng.next();
  i.src0_mod = modifier(static_cast<unsigned>(r));
  i.src1_mod = modifier(static_cast<unsigned>(r >> 2));
  switch ((r >> 4) % 4) {
    case 0:
    case 1: b.exec_mask = 0xFFFFFFFFu; break;
    case 2: b.exec_mask = static_cast<uint32_t>(rng.next()); break;
    default: b.exec_mask = static_cast<uint32_t>(rng.next() & rng.next() & rng.next()); break;
  }
  const bool byte_type = i.type == Type::B || i.type == Type::UB;
  auto element = [&] {
    const uint64_t e = rng.next();
    if (e & 1) return corners_[(e >> 8) % n];
    const auto bits = static_cast<uint16_t>(e >> 16);
    return byte_type ? static_cast<uint16_t>(bits & 0xFF) : bits;
  };
  for (int ch = 0; ch < i.exec_size; ++ch) {
    b.src0[ch] = element();
    b.src1[ch] = element();
  }
  return b;
}

void VisaStream::restrict_to(Slice slice) {
  slice_ = intersect(slice_, slice);
  next_ = slice_.begin;
}

bool VisaStream::next(BatchLine& out) {
  if (next_ >= slice_.end) return false;
  out = at(next_++);
  return true;
}

}  // namespace halfpipe::vectors
