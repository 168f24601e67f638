#include "tb/beats.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <stdexcept>

#include "model/ref/execute.h"
#include "model/ref/visa_minmax.h"
#include "tb/visa_beats.h"
#include "vectors/line.h"

namespace halfpipe::tb {

PtxVector parse_ptx_vector(const std::string& text, const std::string& form, const Uop& u) {
  std::vector<std::string> parts;
  for (size_t start = 0;;) {
    const size_t end = text.find(',', start);
    parts.push_back(text.substr(start, end - start));
    if (end == std::string::npos) break;
    start = end + 1;
  }
  if (parts.size() != static_cast<size_t>(operand_count(u.op)))
    throw std::invalid_argument(fmt::format("--vector '{}': '{}' takes {} operand(s)", text, form,
                                            operand_count(u.op)));
  std::array<uint32_t, 3> regs{};
  for (size_t i = 0; i < parts.size(); ++i) {
    const vectors::Hex v =
        vectors::parse_hex(parts[i], vectors::HexLimit::digits(u.packed ? 8 : 4));
    if (!v)
      throw std::invalid_argument(fmt::format("--vector '{}': '{}' is not a {}-bit hex value",
                                              text, parts[i], u.packed ? 32 : 16));
    const auto value = static_cast<uint32_t>(v.value);
    regs[i] = u.packed && v.digits <= 4 ? value | (value << 16) : value;
  }
  return {{regs[0], regs[1], regs[2]}, std::nullopt};
}

isa::visa::BatchLine parse_visa_vector(const std::string& text, const std::string& form) {
  const auto line = isa::visa::parse_batch_line(form + " " + text);
  if (!line)
    throw std::invalid_argument(fmt::format("--vector '{}' for '{}': {}", text, form, line.error));
  return *line;
}
namespace {

// Narrows streams run one after the other to the shard-th slice of their concatenation.
template <typename Stream>
void shard_together(std::vector<Stream>& streams, vectors::Shard shard) {
  uint64_t total = 0;
  for (const Stream& s : streams) total += s.total();
  const vectors::Slice slice = vectors::shard_slice(total, shard);
  uint64_t offset = 0;
  for (Stream& s : streams) {
    const uint64_t begin = std::clamp(slice.begin, offset, offset + s.total()) - offset;
    const uint64_t end = std::clamp(slice.end, offset, offset + s.total()) - offset;
    s.restrict_to({begin, end});
    offset += s.total();
  }
}

int lanes_of(const Uop& u) { return u.packed ? 2 : 1; }

// A packed PTX form takes two lanes; a vISA instruction is split to fit any lane count.
// A packed PTX form runs on one lane half by half (BeatSource::fill_ptx); wider needs fit.
void check_lanes(const std::string& name, const Uop& u, bool visa, int lanes) {
  if (!visa && lanes_of(u) > lanes && lanes != 1)
    throw std::invalid_argument(name + " needs " + std::to_string(lanes_of(u)) +
                                " lanes; the unit has " + std::to_string(lanes));
}

}  // namespace

uint16_t visa_lane_value(isa::visa::Type type, int channel, uint64_t element) {
  if (type != isa::visa::Type::B && type != isa::visa::Type::UB) return static_cast<uint16_t>(element);
  const auto junk = static_cast<uint16_t>((0xA5 + 0x3B * channel) ^ element) & 0xFF;
  return static_cast<uint16_t>((junk << 8) | (element & 0xFF));
}

int BeatSource::add_form(const std::string& name, const Uop& u,
                         const std::optional<isa::visa::Instruction>& visa) {
  const auto it = std::find(forms_.begin(), forms_.end(), name);
  if (it != forms_.end()) return static_cast<int>(it - forms_.begin());
  check_lanes(name, u, visa.has_value(), lanes_);
  forms_.push_back(name);
  uops_.push_back(u);
  uop_words_.push_back(encode(u));
  visa_forms_.push_back(visa);
  return static_cast<int>(forms_.size() - 1);
}

int BeatSource::add_visa_form(const isa::visa::Instruction& form) {
  const auto beats = visa_beats(form, 0, lanes_);
  if (!beats.error.empty()) throw std::invalid_argument(isa::visa::form_name(form) + ": " + beats.error);
  return add_form(isa::visa::form_name(form), beats.uops.front(), form);
}

void BeatSource::set_lanes(int lanes) {
  for (size_t f = 0; f < forms_.size(); ++f) {
    check_lanes(forms_[f], uops_[f], visa_forms_[f].has_value(), lanes);
    if (!visa_forms_[f]) continue;
    // A 32- or 64-bit vISA element needs an even lane count or a multiple of 4.
    if (std::string error = visa_lanes_error(visa_forms_[f]->type, lanes); !error.empty())
      throw std::invalid_argument(forms_[f] + ": " + error);
  }
  lanes_ = lanes;
}

bool BeatSource::has_visa() const {
  return std::any_of(visa_forms_.begin(), visa_forms_.end(), [](const auto& v) { return v.has_value(); });
}

void BeatSource::add_ptx(const std::string& form, const Uop& u,
                         std::vector<vectors::OperandStream> streams, vectors::Shard shard) {
  Part part;
  part.form = add_form(form, u, std::nullopt);
  shard_together(streams, shard);
  part.ptx = std::move(streams);
  parts_.push_back(std::move(part));
}

void BeatSource::add_ptx_vectors(const std::string& form, const Uop& u,
                                 std::vector<PtxVector> vectors) {
  Part part;
  part.form = add_form(form, u, std::nullopt);
  part.ptx_vectors = std::move(vectors);
  parts_.push_back(std::move(part));
}

void BeatSource::add_visa(const isa::visa::Instruction& form,
                          std::vector<vectors::VisaStream> streams, vectors::Shard shard) {
  Part part;
  part.form = add_visa_form(form);
  shard_together(streams, shard);
  part.visa = std::move(streams);
  parts_.push_back(std::move(part));
}

void BeatSource::add_visa_lines(const isa::visa::Instruction& form,
                                std::vector<isa::visa::BatchLine> lines) {
  Part part;
  part.form = add_visa_form(form);
  part.visa_lines = std::move(lines);
  parts_.push_back(std::move(part));
}

uint64_t BeatSource::instructions() const {
  uint64_t n = 0;
  for (const Part& p : parts_) {
    for (const auto& s : p.ptx) n += s.size();
    for (const auto& s : p.visa) n += s.size();
    n += p.ptx_vectors.size() + p.visa_lines.size();
  }
  return n;
}

size_t BeatSource::next_ptx(Part& part, const vectors::Operands*& operands,
                            const uint32_t*& expected, size_t max) {
  if (part.ahead_next == part.ahead.size()) {
    // The next block of the current stream (a block never spans two streams, as before).
    constexpr size_t kAhead = 256;
    const Uop& u = uops_[static_cast<size_t>(part.form)];
    part.ahead.resize(kAhead);
    part.ahead_expected.resize(kAhead);
    part.ahead_next = 0;
    size_t n = 0;
    for (; part.stream < part.ptx.size(); ++part.stream)
      if ((n = part.ptx[part.stream].next_batch(part.ahead.data(), kAhead)) > 0) break;
    if (n > 0) {
      vectors::reference_results(u, part.ahead.data(), n, part.ahead_expected.data());
    } else {
      // Given vectors: the reference computes only the results a file did not give (it may lack
      // a form whose results all are). What it throws, it throws when that vector's turn comes.
      for (; n < kAhead && part.position < part.ptx_vectors.size(); ++n) {
        const PtxVector& v = part.ptx_vectors[part.position];
        uint32_t result = 0;
        if (v.expected) {
          result = *v.expected;
        } else {
          try {
            result = ref::execute(u, v.operands.a, v.operands.b, v.operands.c);
          } catch (...) {
            if (n == 0) throw;
            break;
          }
        }
        part.ahead[n] = v.operands;
        part.ahead_expected[n] = result;
        ++part.position;
      }
    }
    part.ahead.resize(n);
    part.ahead_expected.resize(n);
    if (n == 0) {  // the part is drawn: its buffers go (a soak holds 124 parts)
      std::vector<vectors::Operands>().swap(part.ahead);
      std::vector<uint32_t>().swap(part.ahead_expected);
      return 0;
    }
  }
  const size_t n = std::min(max, part.ahead.size() - part.ahead_next);
  operands = part.ahead.data() + part.ahead_next;
  expected = part.ahead_expected.data() + part.ahead_next;
  part.ahead_next += n;
  return n;
}

bool BeatSource::next_visa(Part& part, isa::visa::BatchLine& line) {
  for (; part.stream < part.visa.size(); ++part.stream) {
    if (part.visa[part.stream].next(line)) return true;
  }
  if (part.position < part.visa_lines.size()) {
    line = part.visa_lines[part.position++];
    return true;
  }
  return false;
}

bool BeatSource::next(Expected& beat) {
  if (high_half_) {
    beat = *high_half_;
    high_half_.reset();
    return true;
  }
  if (next_beat_ < line_beats_.size()) {
    visa_beat(beat);
    return true;
  }
  for (; current_ < parts_.size(); ++current_) {
    Part& part = parts_[current_];
    if (visa_forms_[part.form]) {
      if (!next_visa(part, line_)) continue;
      auto beats = visa_beats(line_.instruction, line_.exec_mask, lanes_);
      line_beats_ = std::move(beats.uops);
      next_beat_ = 0;
      line_form_ = part.form;
      ++drawn_;
      visa_beat(beat);
      return true;
    }
    if (fill_ptx(beat)) return true;
  }
  return false;
}

// The lanes of one beat from the current PTX part (and the parts after it of the same form).
bool BeatSource::fill_ptx(Expected& beat) {
  const int form = parts_[current_].form;
  const Uop& u = uops_[form];
  const int width = lanes_of(u);
  const size_t wanted =
      packing_ == Packing::Fill ? static_cast<size_t>(std::max(1, lanes_ / width)) : 1;
  size_t got = 0;
  int lane = 0;
  while (got < wanted) {
    const vectors::Operands* operands = nullptr;
    const uint32_t* expected = nullptr;
    const size_t n = next_ptx(parts_[current_], operands, expected, wanted - got);
    if (n == 0) {
      // A form's parts in a row share beats; at a new form the caller moves on.
      if (current_ + 1 >= parts_.size() || parts_[current_ + 1].form != form) break;
      ++current_;
      continue;
    }
    for (size_t k = 0; k < n; ++k) {
      const vectors::Operands& o = operands[k];
      if (coverage_) coverage_->add(forms_[form], u, o, expected[k]);
      if (width > lanes_) {  // one lane: a packed instruction as two beats of its scalar form (S2)
        Uop scalar = u;
        scalar.packed = false;
        beat.plan = form;
        beat.lane_mask = 1;
        beat.uop_word = encode(scalar);
        for (int half = 0; half < 2; ++half) {
          Expected& half_beat = half == 0 ? beat : high_half_.emplace(beat);
          const int shift = 16 * half;
          half_beat.operands[0] = {static_cast<uint16_t>(o.a >> shift),
                                   static_cast<uint16_t>(o.b >> shift),
                                   static_cast<uint16_t>(o.c >> shift)};
          half_beat.result[0] = static_cast<uint16_t>(expected[k] >> shift);
        }
        drawn_ += 1;
        lane_operations_ += 2;
        return true;
      }
      for (int half = 0; half < width; ++half, ++lane) {
        const int shift = 16 * half;
        beat.operands[lane] = {static_cast<uint16_t>(o.a >> shift), static_cast<uint16_t>(o.b >> shift),
                               static_cast<uint16_t>(o.c >> shift)};
        beat.result[lane] = static_cast<uint16_t>(expected[k] >> shift);
      }
    }
    got += n;
  }
  if (got == 0) return false;
  drawn_ += got;
  for (int k = lane; k < lanes_; ++k) {
    beat.operands[k] = {};
    beat.result[k] = 0;
  }
  beat.plan = form;
  beat.lane_mask = static_cast<uint32_t>((uint64_t{1} << lane) - 1);
  beat.uop_word = uop_words_[form];
  lane_operations_ += static_cast<uint64_t>(lane);
  return true;
}

// A beat carries lanes / n channels (n = lanes per element, visa_beats.h): lane l holds slice
// l % n of channel first + l / n, the least significant 16 bits in the lowest lane of the group.
// The expected result is the reference's whole element (ref::visa_minmax_element), cut the same
// way: the harness never fuses lanes itself.
void BeatSource::visa_beat(Expected& beat) {
  const Uop& u = line_beats_[next_beat_];
  const isa::visa::Instruction& i = line_.instruction;
  const int n = visa_lanes_per_element(i.type);
  const int first = static_cast<int>(next_beat_) * (lanes_ / n);
  ++next_beat_;
  for (int lane = 0; lane < lanes_; ++lane) {
    const int channel = first + lane / n;
    const int shift = 16 * (lane % n);
    if (channel >= i.exec_size) {
      beat.operands[lane] = {};
      beat.result[lane] = 0;
      continue;
    }
    const uint64_t src0 = line_.src0[channel], src1 = line_.src1[channel];
    if (n == 1) {
      beat.operands[lane] = {visa_lane_value(i.type, channel, src0),
                             visa_lane_value(i.type, channel, src1), 0};
    } else {
      beat.operands[lane] = {static_cast<uint16_t>(src0 >> shift),
                             static_cast<uint16_t>(src1 >> shift), 0};
    }
    const bool enabled = (u.lane_mask >> lane) & 1u;
    const uint64_t element = ref::visa_minmax_element(i.element_op(), src0, src1);
    beat.result[lane] = enabled ? static_cast<uint16_t>(element >> shift) : 0;
    lane_operations_ += enabled;
  }
  beat.plan = line_form_;
  beat.lane_mask = u.lane_mask;
  beat.uop_word = encode(u);
}

}  // namespace halfpipe::tb
