// Streams of vISA MIN_MAX instructions, for all eleven types (the RTL executes them all): corner
// crossings and seeded random instructions of one vISA form (isa::visa::parse_form), each a
// batch line's worth of data: source modifiers, execution mask and source elements. Indexable
// and sliceable like the PTX streams (stream.h), so shards and reproductions work the same way.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "model/isa/visa.h"
#include "vectors/stream.h"

namespace halfpipe::vectors {

// The corner elements of a type: for HF the corner classes of f16 (corners.h) plus NaNs with
// other payloads; for integers zero, +-1, the extremes and their neighbours and the sign
// boundary of the narrower type; for the 32- and 64-bit types also elements whose 16-bit
// slices mix zeros and ones, and for F and DF NaNs whose payload is in the lowest slice alone.
std::vector<uint64_t> visa_corner_elements(isa::visa::Type type);

class VisaStream {
 public:
  // Corner: every pair of corner elements under each of the 16 source-modifier combinations
  // (S27), channels filled in order with every channel enabled, then one instruction per
  // execution-mask pattern (dense, sparse, alternating, empty). Random: per instruction random
  // modifiers, a random execution mask (all ones, uniform or sparse) and elements drawn half
  // from the corners, half uniform (a 32- or 64-bit element with some 16-bit slices zeroed). Exhaustive is not offered. `form` is the form without
  // source modifiers; `name` (isa::visa::form_name) seeds the random stream.
  VisaStream(const isa::visa::Instruction& form, std::string_view name, StreamSpec spec);

  uint64_t size() const { return slice_.end - slice_.begin; }
  uint64_t total() const { return total_; }
  void restrict_to(Slice slice);
  bool next(isa::visa::BatchLine& out);
  isa::visa::BatchLine at(uint64_t index) const;

 private:
  isa::visa::Instruction form_;
  StreamSpec spec_;
  uint64_t form_hash_;
  std::vector<uint64_t> corners_;
  uint64_t per_modifier_ = 0;  // corner instructions under one modifier combination
  uint64_t total_ = 0;
  Slice slice_;
  uint64_t next_ = 0;
};

}  // namespace halfpipe::vectors
