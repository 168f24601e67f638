#include "vectors/stream.h"

#include <algorithm>
#include <charconv>

#include "model/ref/bulk/execute_n.h"
#include "model/ref/execute.h"
#include "model/ref/format.h"
#include "model/ref/policy.h"
#include "vectors/exact.h"

namespace halfpipe::vectors {
namespace {

using ref::FloatFormat;

// A random lane value: half the draws are uniform bits; the other half pick a class first (each
// with the weight below), then a value inside it, so rare classes (NaNs, subnormals, values
// near the boundaries) appear far more often than among uniform bits.
uint16_t random_lane_value(const FloatFormat& f, Format format, SplitMix64& rng) {
  const uint64_t r = rng.next();
  if (r & 1) return static_cast<uint16_t>(r >> 16);
  const uint16_t sign = (r & 2) ? 0x8000 : 0;
  const uint64_t bits = r >> 24;  // what the chosen class draws from
  const unsigned frac = static_cast<unsigned>(bits & f.frac_mask());
  const unsigned span = f.exp_field_max() - 1u;  // biased exponents of normals: 1 .. span
  switch ((r >> 8) % 16) {
    case 0:
      return sign;  // a zero
    case 1:
    case 2:  // a subnormal
      return static_cast<uint16_t>(sign | (frac == 0 ? 1 : frac));
    case 3:
    case 4:
    case 5: {  // a normal, any exponent
      const unsigned e = 1 + static_cast<unsigned>((bits >> 16) % span);
      return static_cast<uint16_t>(sign | (e << f.frac_bits) | frac);
    }
    case 6: {  // a normal with only the top two fraction bits: sums and products that tie
      const unsigned e = 1 + static_cast<unsigned>((bits >> 16) % span);
      const unsigned top = static_cast<unsigned>(bits & 3) << (f.frac_bits - 2);
      return static_cast<uint16_t>(sign | (e << f.frac_bits) | top);
    }
    case 7:
    case 8: {  // within 8 ulps of 1.0 (what .sat clamps), either side
      const int offset = static_cast<int>(bits % 17) - 8;
      return static_cast<uint16_t>(sign | (f.one() + offset));
    }
    case 9: {  // within 8 encodings of the smallest normal, either side (ftz boundary)
      const int offset = static_cast<int>(bits % 17) - 8;
      return static_cast<uint16_t>(sign | ((1u << f.frac_bits) + offset));
    }
    case 10: {  // within 8 encodings below the largest normal (overflow boundary)
      const unsigned max = f.inf() - 1u;
      return static_cast<uint16_t>(sign | (max - bits % 8));
    }
    case 11:
      return static_cast<uint16_t>(sign | f.inf());
    case 12:
      return ref::policy::kCanonicalNan;
    case 13:  // a NaN with a random payload and sign
      return static_cast<uint16_t>(sign | f.inf() | (frac == 0 ? 1 : frac));
    case 14:
      return static_cast<uint16_t>(sign | 0x7FF7);  // S14's OOB-NaN, either sign
    default: {
      static const auto f16_corners = all_corner_values(Format::F16);
      static const auto bf16_corners = all_corner_values(Format::BF16);
      const auto& corners = format == Format::BF16 ? bf16_corners : f16_corners;
      return corners[bits % corners.size()].bits;
    }
  }
}

// A quarter of the random add, sub and fma vectors get a last operand that (nearly) cancels
// the rest: b within 4 encodings of -a (of a for sub), c within 4 encodings of -(a * b)
// truncated to the format. Independent draws almost never cancel, and cancellation is where
// normalisation and the sticky bit go wrong.
void correlate(Op op, const FloatFormat& f, uint64_t r, LaneOperands& t) {
  if (r % 4 != 0) return;
  const int delta = static_cast<int>((r >> 8) % 9) - 4;
  auto near = [delta, &f](uint16_t x) {  // the same sign, |x| moved by delta encodings, finite
    const int magnitude = std::clamp((x & 0x7FFF) + delta, 0, f.inf() - 1);
    return static_cast<uint16_t>((x & 0x8000) | magnitude);
  };
  const bool finite_a = !f.is_nan(t.a) && !f.is_inf(t.a);
  if (!finite_a) return;
  if (op == Op::Add) t.b = near(t.a ^ 0x8000);
  if (op == Op::Sub) t.b = near(t.a);
  if (op == Op::Fma && !f.is_nan(t.b) && !f.is_inf(t.b)) {
    if (const auto product = truncate_to_format(f, to_double(f, t.a) * to_double(f, t.b)))
      t.c = near(*product ^ 0x8000);
  }
}

}  // namespace

uint64_t SplitMix64::next() {
  uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

uint64_t stable_hash(std::string_view text) {
  uint64_t h = 0xCBF29CE484222325ull;
  for (unsigned char ch : text) {
    h ^= ch;
    h *= 0x100000001B3ull;
  }
  return h;
}

std::optional<Shard> parse_shard(std::string_view text, std::string& error) {
  const auto slash = text.find('/');
  auto number = [](std::string_view s, uint64_t& v) {
    const char* end = s.data() + s.size();
    auto [ptr, ec] = std::from_chars(s.data(), end, v);
    return !s.empty() && ec == std::errc() && ptr == end;
  };
  Shard shard;
  if (slash == std::string_view::npos || !number(text.substr(0, slash), shard.index) ||
      !number(text.substr(slash + 1), shard.count)) {
    error = "shard '" + std::string(text) + "' is not K/N (e.g. 1/4)";
    return std::nullopt;
  }
  if (shard.count == 0 || shard.index == 0 || shard.index > shard.count) {
    error = "shard '" + std::string(text) + "' needs 1 <= K <= N";
    return std::nullopt;
  }
  return shard;
}

Slice shard_slice(uint64_t total, Shard shard) {
  // Slice k (0-based) starts at k * floor(total/N) + min(k, total mod N): sizes differ by at
  // most one, and no intermediate product overflows.
  auto start = [&](uint64_t k) {
    return k * (total / shard.count) + std::min<uint64_t>(k, total % shard.count);
  };
  return {start(shard.index - 1), start(shard.index)};
}

const char* stream_kind_name(StreamKind kind) {
  switch (kind) {
    case StreamKind::Corner: return "corner";
    case StreamKind::Random: return "random";
    case StreamKind::Exhaustive: return "exhaustive";
  }
  return "?";
}

std::vector<StreamSpec> stream_specs(bool corner, uint64_t random_count, bool exhaustive,
                                     uint64_t seed, std::vector<uint16_t> exhaustive_c_values) {
  std::vector<StreamSpec> out;
  auto add = [&](StreamKind kind) {
    StreamSpec s;
    s.kind = kind;
    s.random_count = random_count;
    s.seed = seed;
    s.exhaustive_c_values = exhaustive_c_values;
    out.push_back(s);
  };
  if (corner) add(StreamKind::Corner);
  if (random_count > 0) add(StreamKind::Random);
  if (exhaustive) add(StreamKind::Exhaustive);
  return out;
}

OperandStream::OperandStream(const Uop& u, std::string_view form, StreamSpec spec)
    : uop_(u), spec_(std::move(spec)), form_hash_(stable_hash(form)) {
  const int n = operand_count(u.op);
  switch (spec_.kind) {
    case StreamKind::Corner:
      corners_ = corner_lane_tuples(u);
      total_ = corners_.size();
      break;
    case StreamKind::Random:
      total_ = spec_.random_count;
      break;
    case StreamKind::Exhaustive:
      if (n == 3) {
        const uint64_t cs = spec_.exhaustive_c_values.empty() ? 65536 : spec_.exhaustive_c_values.size();
        total_ = cs << 32;
      } else {
        total_ = uint64_t{1} << (16 * n);
      }
      break;
  }
  slice_ = shard_slice(total_, spec_.shard);
  next_ = slice_.begin;
}

LaneOperands OperandStream::lane_tuple(uint64_t index, int lane) const {
  // Lane 1 of a packed form runs the same stream rotated by half its length, so every tuple
  // reaches both lanes and each instruction pairs two different tuples (S2: lanes independent).
  if (lane == 1) index = (index + total_ / 2) % total_;
  switch (spec_.kind) {
    case StreamKind::Corner:
      return corners_[index];
    case StreamKind::Exhaustive: {
      switch (operand_count(uop_.op)) {
        case 1: return {static_cast<uint16_t>(index), 0, 0};
        case 2: return {static_cast<uint16_t>(index >> 16), static_cast<uint16_t>(index), 0};
        default: {
          const uint64_t ci = index >> 32;
          const uint16_t c = spec_.exhaustive_c_values.empty() ? static_cast<uint16_t>(ci)
                                                               : spec_.exhaustive_c_values[ci];
          return {static_cast<uint16_t>(index >> 16), static_cast<uint16_t>(index), c};
        }
      }
    }
    case StreamKind::Random:
      break;
  }
  // Random: each (vector, lane) has its own generator, so any vector can be drawn alone and
  // shards need not replay what precedes them.
  SplitMix64 rng(spec_.seed ^ form_hash_ ^ (index * 0xD1B54A32D192ED03ull) ^
                 (lane ? 0xA0761D6478BD642Full : 0));
  rng.next();
  const FloatFormat& f = ref::float_format(uop_.format);
  LaneOperands t;
  const int n = operand_count(uop_.op);
  t.a = random_lane_value(f, uop_.format, rng);
  if (n >= 2) t.b = random_lane_value(f, uop_.format, rng);
  if (n >= 3) t.c = random_lane_value(f, uop_.format, rng);
  correlate(uop_.op, f, rng.next(), t);
  return t;
}

Operands OperandStream::at(uint64_t index) const {
  const LaneOperands lo = lane_tuple(index, 0);
  Operands o{lo.a, lo.b, lo.c};
  if (uop_.packed) {
    const LaneOperands hi = lane_tuple(index, 1);
    o.a |= uint32_t{hi.a} << 16;
    o.b |= uint32_t{hi.b} << 16;
    o.c |= uint32_t{hi.c} << 16;
  }
  return o;
}

Slice intersect(Slice current, Slice wanted) {
  const uint64_t begin = std::max(current.begin, wanted.begin);
  return {begin, std::max(begin, std::min(current.end, wanted.end))};
}

void OperandStream::restrict_to(Slice slice) {
  slice_ = intersect(slice_, slice);
  next_ = slice_.begin;
}

bool OperandStream::next(Operands& out) {
  if (next_ >= slice_.end) return false;
  out = at(next_++);
  return true;
}

size_t OperandStream::next_batch(Operands* out, size_t max) {
  const size_t n = static_cast<size_t>(std::min<uint64_t>(max, slice_.end - next_));
  if (spec_.kind == StreamKind::Exhaustive && !uop_.packed && operand_count(uop_.op) == 2) {
    for (size_t k = 0; k < n; ++k, ++next_)  // lane_tuple's binary case: a the slow index
      out[k] = {static_cast<uint32_t>((next_ >> 16) & 0xFFFF), static_cast<uint32_t>(next_ & 0xFFFF), 0};
    return n;
  }
  for (size_t k = 0; k < n; ++k) out[k] = at(next_++);
  return n;
}

uint32_t reference_evaluator(const Uop& u, uint32_t a, uint32_t b, uint32_t c) {
  return ref::execute(u, a, b, c);
}

void reference_results(const Uop& u, const Operands* o, size_t n, uint32_t* results) {
  std::vector<uint32_t> a(n), b(n), c(n);
  for (size_t i = 0; i < n; ++i) {
    a[i] = o[i].a;
    b[i] = o[i].b;
    c[i] = o[i].c;
  }
  ref::execute_n(u, a.data(), b.data(), c.data(), results, n);
}

VectorStream::VectorStream(const Uop& u, std::string_view form, StreamSpec spec,
                           Evaluator evaluate)
    : uop_(u), operands_(u, form, std::move(spec)), evaluate_(evaluate) {}

size_t VectorStream::next_batch(Vector* out, size_t max) {
  operand_buffer_.resize(max);
  const size_t n = operands_.next_batch(operand_buffer_.data(), max);
  const bool bulk = evaluate_ == reference_evaluator;
  if (bulk) {
    results_.resize(n);
    reference_results(uop_, operand_buffer_.data(), n, results_.data());
  }
  for (size_t i = 0; i < n; ++i) {
    const Operands& o = operand_buffer_[i];
    out[i].uop = uop_;
    out[i].operands = o;
    out[i].expected = bulk ? results_[i] : evaluate_(uop_, o.a, o.b, o.c);
  }
  return n;
}

bool VectorStream::next(Vector& out) {
  Operands o;
  if (!operands_.next(o)) return false;
  out.uop = uop_;
  out.operands = o;
  out.expected = evaluate_(uop_, o.a, o.b, o.c);
  return true;
}

}  // namespace halfpipe::vectors
