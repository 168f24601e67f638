// Operand streams for a sweep: corner values crossed, seeded random operands, exhaustive
// ranges and explicit vectors. Every stream is indexable (vector i is a pure function of i), so
// `--shard K/N` can hand each machine an equal slice and a random run can be reproduced from
// its seed alone.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include "model/uop/uop.h"

namespace halfpipe::tb {

using Operands = std::array<uint16_t, 3>;  // a, b, c; unused ones are 0

// The special values of a float format: zeros, the smallest and largest subnormals and normals,
// +-1 and its neighbours, infinities, NaNs and the OOB-NaN pattern (S14), each with both signs.
const std::vector<uint16_t>& corner_values(Format f);

class VectorStream {
 public:
  virtual ~VectorStream() = default;
  virtual uint64_t size() const = 0;
  virtual Operands at(uint64_t index) const = 0;
  // Vectors [index, index + count) into out: one virtual call per beat instead of per lane.
  virtual void fill(uint64_t index, size_t count, Operands* out) const {
    for (size_t i = 0; i < count; ++i) out[i] = at(index + i);
  }
};

// Every combination of corner values for the op's operands (|corners|^operand_count).
std::unique_ptr<VectorStream> corner_stream(const Uop& u);

// `count` random operand sets from `seed`: uniform bits mixed with shapes that reach the hard
// cases (near-cancelling addends, fma addends close to -a*b, corner values, nearby exponents).
std::unique_ptr<VectorStream> random_stream(const Uop& u, uint64_t count, uint64_t seed);

// All 2^16 inputs of a unary op, all 2^32 pairs of a binary op, and for fma all pairs (a, b)
// with every c in `c_values`.
std::unique_ptr<VectorStream> exhaustive_stream(const Uop& u, const std::vector<uint16_t>& c_values);

std::unique_ptr<VectorStream> list_stream(std::vector<Operands> vectors);

// The indices [begin, end) of slice k (1-based) of n equal slices of `size`.
std::pair<uint64_t, uint64_t> shard_range(uint64_t size, uint64_t k, uint64_t n);

// A view of [begin, end) of another stream.
std::unique_ptr<VectorStream> slice_stream(std::unique_ptr<VectorStream> inner, uint64_t begin,
                                           uint64_t end);

// Several streams one after the other.
std::unique_ptr<VectorStream> concat_streams(std::vector<std::unique_ptr<VectorStream>> parts);

}  // namespace halfpipe::tb
