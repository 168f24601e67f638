#include "tb/streams.h"

#include <algorithm>
#include <utility>

#include "model/ref/format.h"
#include "model/ref/ops.h"

namespace halfpipe::tb {
namespace {

// SplitMix64: a counter-based generator, so random vector i needs no state from vector i-1.
constexpr uint64_t mix(uint64_t x) {
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

class CornerStream final : public VectorStream {
 public:
  explicit CornerStream(const Uop& u) : values_(corner_values(u.format)), arity_(operand_count(u.op)) {
    size_ = 1;
    for (int i = 0; i < arity_; ++i) size_ *= values_.size();
  }
  uint64_t size() const override { return size_; }
  Operands at(uint64_t index) const override {
    Operands ops{};
    for (int i = 0; i < arity_; ++i) {
      ops[i] = values_[index % values_.size()];
      index /= values_.size();
    }
    return ops;
  }

 private:
  const std::vector<uint16_t>& values_;
  int arity_;
  uint64_t size_;
};

// Leaf streams fill a beat through their own at(), which the compiler inlines.
#define HALFPIPE_LEAF_FILL(Class)                                               \
  void fill(uint64_t index, size_t count, Operands* out) const override {       \
    for (size_t i = 0; i < count; ++i) out[i] = Class::at(index + i);           \
  }

class RandomStream final : public VectorStream {
 public:
  RandomStream(const Uop& u, uint64_t count, uint64_t seed)
      : format_(ref::float_format(u.format)), corners_(corner_values(u.format)),
        arity_(operand_count(u.op)), count_(count), seed_(mix(seed)) {}
  uint64_t size() const override { return count_; }

  HALFPIPE_LEAF_FILL(RandomStream)
  Operands at(uint64_t index) const override {
    const uint64_t r = mix(seed_ ^ mix(index));
    const uint64_t s = mix(r);
    Operands ops{static_cast<uint16_t>(r), static_cast<uint16_t>(r >> 16),
                 static_cast<uint16_t>(r >> 32)};
    const uint16_t small = static_cast<uint16_t>(s & 0x1F);  // a few units in the last place
    switch ((r >> 48) & 7) {
      case 0:
      case 1:
      case 2:
        break;  // uniform bits
      case 3:  // a corner value meets a random one
        ops[s % arity_] = corners_[(s >> 8) % corners_.size()];
        break;
      case 4:  // b close to -a (or to a): cancellation in add/sub, near-ties in min/max
        ops[1] = static_cast<uint16_t>((ops[0] ^ (s & 0x8000)) + small - 16);
        break;
      case 5:  // an fma addend close to -(a*b): massive cancellation
        ops[2] = static_cast<uint16_t>((ref::mul(format_, ops[0], ops[1]) ^ 0x8000) + small - 16);
        break;
      case 6:  // nearby exponents: bits above the fraction copied from a
        ops[1] = static_cast<uint16_t>((ops[0] & 0xFF00) | (ops[1] & 0x00FF));
        ops[2] = static_cast<uint16_t>((ops[0] & 0xFC00) | (ops[2] & 0x03FF));
        break;
      case 7:  // tiny operands: subnormal and near-subnormal results
        ops[0] &= 0x87FF;
        ops[1] = static_cast<uint16_t>((ops[1] & 0x83FF) | (format_.one() & 0x7C00));
        ops[2] &= 0x83FF;
        break;
    }
    for (int i = arity_; i < 3; ++i) ops[i] = 0;
    return ops;
  }

 private:
  const ref::FloatFormat& format_;
  const std::vector<uint16_t>& corners_;
  int arity_;
  uint64_t count_;
  uint64_t seed_;
};

class ExhaustiveStream final : public VectorStream {
 public:
  ExhaustiveStream(const Uop& u, std::vector<uint16_t> c_values)
      : arity_(operand_count(u.op)), c_values_(std::move(c_values)) {
    if (c_values_.empty()) c_values_.push_back(0);
  }
  uint64_t size() const override {
    if (arity_ == 1) return uint64_t{1} << 16;
    if (arity_ == 2) return uint64_t{1} << 32;
    return (uint64_t{1} << 32) * c_values_.size();
  }
  HALFPIPE_LEAF_FILL(ExhaustiveStream)
  Operands at(uint64_t index) const override {
    if (arity_ == 1) return {static_cast<uint16_t>(index), 0, 0};
    // a is the slow index, so a slice covers whole rows of a and reads in order.
    const uint16_t a = static_cast<uint16_t>(index >> 16), b = static_cast<uint16_t>(index);
    if (arity_ == 2) return {a, b, 0};
    return {static_cast<uint16_t>(index >> 16), b, c_values_[(index >> 32) % c_values_.size()]};
  }

 private:
  int arity_;
  std::vector<uint16_t> c_values_;
};

class ListStream final : public VectorStream {
 public:
  explicit ListStream(std::vector<Operands> v) : vectors_(std::move(v)) {}
  uint64_t size() const override { return vectors_.size(); }
  Operands at(uint64_t index) const override { return vectors_[index]; }

 private:
  std::vector<Operands> vectors_;
};

class SliceStream final : public VectorStream {
 public:
  SliceStream(std::unique_ptr<VectorStream> inner, uint64_t begin, uint64_t end)
      : inner_(std::move(inner)), begin_(begin), end_(end) {}
  uint64_t size() const override { return end_ - begin_; }
  Operands at(uint64_t index) const override { return inner_->at(begin_ + index); }
  void fill(uint64_t index, size_t count, Operands* out) const override {
    inner_->fill(begin_ + index, count, out);
  }

 private:
  std::unique_ptr<VectorStream> inner_;
  uint64_t begin_, end_;
};

class ConcatStream final : public VectorStream {
 public:
  explicit ConcatStream(std::vector<std::unique_ptr<VectorStream>> parts) : parts_(std::move(parts)) {
    for (const auto& p : parts_) size_ += p->size();
  }
  uint64_t size() const override { return size_; }
  Operands at(uint64_t index) const override {
    for (const auto& p : parts_) {
      if (index < p->size()) return p->at(index);
      index -= p->size();
    }
    return {};
  }
  void fill(uint64_t index, size_t count, Operands* out) const override {
    for (const auto& p : parts_) {
      const uint64_t size = p->size();
      if (index < size) {
        const size_t here = static_cast<size_t>(std::min<uint64_t>(count, size - index));
        p->fill(index, here, out);
        out += here;
        count -= here;
        index = 0;
        if (count == 0) return;
      } else {
        index -= size;
      }
    }
  }

 private:
  std::vector<std::unique_ptr<VectorStream>> parts_;
  uint64_t size_ = 0;
};

}  // namespace

const std::vector<uint16_t>& corner_values(Format f) {
  static const std::vector<uint16_t> f16{
      0x0000, 0x8000,  // zeros
      0x0001, 0x8001, 0x0200, 0x03FF, 0x83FF,  // subnormals: smallest, middle, largest
      0x0400, 0x8400, 0x0401,                  // smallest normals
      0x3BFF, 0x3C00, 0xBC00, 0x3C01,          // 1.0 and its neighbours
      0x3800, 0x4000, 0xC000,                  // 0.5, 2
      0x7BFF, 0xFBFF,                          // largest finite
      0x7C00, 0xFC00,                          // infinities
      0x7E00, 0xFE00, 0x7C01, 0x7FFF,          // NaNs, the canonical one last
      0x7FF7, 0xFFF7,                          // the OOB-NaN (S14)
  };
  static const std::vector<uint16_t> bf16{
      0x0000, 0x8000,  // zeros
      0x0001, 0x8001, 0x0040, 0x007F, 0x807F,  // subnormals
      0x0080, 0x8080, 0x0081,                  // smallest normals
      0x3F7F, 0x3F80, 0xBF80, 0x3F81,          // 1.0 and its neighbours
      0x3F00, 0x4000, 0xC000,                  // 0.5, 2
      0x7F7F, 0xFF7F,                          // largest finite
      0x7F80, 0xFF80,                          // infinities
      0x7FC0, 0xFFC0, 0x7F81, 0x7FFF,          // NaNs
      0x7FF7, 0xFFF7,                          // the OOB-NaN (S14)
  };
  return f == Format::BF16 ? bf16 : f16;
}

std::unique_ptr<VectorStream> corner_stream(const Uop& u) { return std::make_unique<CornerStream>(u); }

std::unique_ptr<VectorStream> random_stream(const Uop& u, uint64_t count, uint64_t seed) {
  return std::make_unique<RandomStream>(u, count, seed);
}

std::unique_ptr<VectorStream> exhaustive_stream(const Uop& u, const std::vector<uint16_t>& c_values) {
  return std::make_unique<ExhaustiveStream>(u, c_values);
}

std::unique_ptr<VectorStream> list_stream(std::vector<Operands> vectors) {
  return std::make_unique<ListStream>(std::move(vectors));
}

std::pair<uint64_t, uint64_t> shard_range(uint64_t size, uint64_t k, uint64_t n) {
  // size * k / n without overflow for sizes up to 2^32 * 2^16 and n up to 2^16.
  auto bound = [&](uint64_t i) {
    return static_cast<uint64_t>((static_cast<unsigned __int128>(size) * i) / n);
  };
  return {bound(k - 1), bound(k)};
}

std::unique_ptr<VectorStream> slice_stream(std::unique_ptr<VectorStream> inner, uint64_t begin,
                                           uint64_t end) {
  return std::make_unique<SliceStream>(std::move(inner), begin, end);
}

std::unique_ptr<VectorStream> concat_streams(std::vector<std::unique_ptr<VectorStream>> parts) {
  return std::make_unique<ConcatStream>(std::move(parts));
}

}  // namespace halfpipe::tb
