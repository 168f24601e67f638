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

std::vector<uint64_t> visa_corner_elements(Type type) {
  std::vector<uint64_t> out;
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
    // The wide types: besides the extremes, elements whose 16-bit slices differ in zeros and
    // ones, which a negation's carry and the slices' compare chain (hp_minmax) must cross.
    case Type::D:
    case Type::UD:
      out = {0x00000000, 0x00000001, 0xFFFFFFFF, 0x00000002, 0xFFFFFFFE, 0x7FFFFFFF,
             0x80000000, 0x80000001, 0x7FFFFFFE, 0x0000FFFF, 0x00010000, 0xFFFF0000,
             0xFFFF8000, 0x00008000, 0x12345678, 0xEDCBA988};
      break;
    case Type::Q:
    case Type::UQ:
      out = {0x0000000000000000, 0x0000000000000001, 0xFFFFFFFFFFFFFFFF, 0x0000000000000002,
             0xFFFFFFFFFFFFFFFE, 0x7FFFFFFFFFFFFFFF, 0x8000000000000000, 0x8000000000000001,
             0x7FFFFFFFFFFFFFFE, 0x000000000000FFFF, 0x0000000000010000, 0x00000000FFFFFFFF,
             0x0000000100000000, 0x0001000000000000, 0xFFFF000000000000, 0xFFFFFFFF00000000,
             0x123456789ABCDEF0, 0xEDCBA98765432110};
      break;
    // F and DF: zeros, +-1 and its neighbours, 2 and 0.5, denormals, the normal boundary, the
    // largest finite value, infinities and NaNs, among them NaNs whose payload lies in the
    // lowest slice alone (the top slice reads as an infinity).
    case Type::F:
      out = {0x00000000, 0x80000000, 0x3F800000, 0xBF800000, 0x3F800001, 0x3F7FFFFF,
             0x40000000, 0x3F000000, 0x00000001, 0x80000001, 0x007FFFFF, 0x00800000,
             0x7F7FFFFF, 0xFF7FFFFF, 0x7F800000, 0xFF800000, 0x7FC00000, 0xFFC00001,
             0x7F800001, 0xFF810000};
      break;
    case Type::DF:
      out = {0x0000000000000000, 0x8000000000000000, 0x3FF0000000000000, 0xBFF0000000000000,
             0x3FF0000000000001, 0x3FEFFFFFFFFFFFFF, 0x4000000000000000, 0x3FE0000000000000,
             0x0000000000000001, 0x8000000000000001, 0x000FFFFFFFFFFFFF, 0x0010000000000000,
             0x7FEFFFFFFFFFFFFF, 0xFFEFFFFFFFFFFFFF, 0x7FF0000000000000, 0xFFF0000000000000,
             0x7FF8000000000000, 0xFFF8000000000001, 0x7FF0000000000001, 0xFFF0000100000000};
      break;
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
  const int bits = traits(i.type).bits;
  auto element = [&]() -> uint64_t {
    const uint64_t e = rng.next();
    if (e & 1) return corners_[(e >> 8) % n];
    if (bits > 16) {
      // A wide element: uniform bits, each 16-bit slice zeroed a quarter of the time (carries).
      uint64_t x = rng.next() & element_mask(bits);
      for (int s = 0; s < bits / 16; ++s)
        if (((e >> (8 + 2 * s)) & 3) == 0) x &= ~(uint64_t{0xFFFF} << (16 * s));
      return x;
    }
    const auto value = static_cast<uint16_t>(e >> 16);
    return byte_type ? static_cast<uint16_t>(value & 0xFF) : value;
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
