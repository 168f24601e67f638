// Deterministic vector streams: corner crossings, seeded random operands and exhaustive ranges,
// each sliceable into shards. The same (form, spec, generator version) always yields the same
// stream, on every host: the PRNG, the form hash and the slicing are all defined here.
//
// Pull API for harnesses (the RTL sweep, the SystemC co-simulation):
//
//   OperandStream s(uop, form, spec);          // operands only
//   for (Operands o; s.next(o);) drive(o);
//   VectorStream v(uop, form, spec);           // operands and the reference's result
//   for (Vector x; v.next(x);) check(x);       // throws ref::NotImplemented for such a form
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model/uop/uop.h"
#include "vectors/corners.h"

namespace halfpipe::vectors {

// Bumped whenever any stream's contents change for a given spec; written in every file header.
inline constexpr int kGeneratorVersion = 2;
inline constexpr uint64_t kDefaultSeed = 1;

// The K-th (1-based) of N equal, contiguous slices of a stream: concatenating shards 1..N in
// order gives the unsharded stream.
struct Shard {
  uint64_t index = 1;
  uint64_t count = 1;
};
// Parses "K/N" with 1 <= K <= N; nullopt with `error` set otherwise.
std::optional<Shard> parse_shard(std::string_view text, std::string& error);

struct Slice {
  uint64_t begin = 0, end = 0;  // [begin, end) of the unsharded stream
};
Slice shard_slice(uint64_t total, Shard shard);
// The part of `current` that lies in `wanted` (empty, at current's start, if none): how a
// stream already narrowed to its shard is narrowed again.
Slice intersect(Slice current, Slice wanted);

enum class StreamKind { Corner, Random, Exhaustive };
const char* stream_kind_name(StreamKind kind);  // "corner", "random", "exhaustive"

struct StreamSpec {
  StreamKind kind = StreamKind::Corner;
  uint64_t random_count = 0;  // Random: vectors in the unsharded stream
  uint64_t seed = kDefaultSeed;
  Shard shard{};
  // Exhaustive fma: c takes these values (every (a, b) pair with each); empty means all 2^16.
  std::vector<uint16_t> exhaustive_c_values;
};

// The streams a run asks for (`--corner`, `--random N`, `--exhaustive`), unsharded, in the
// order every command runs them: corner, random, exhaustive.
std::vector<StreamSpec> stream_specs(bool corner, uint64_t random_count, bool exhaustive,
                                     uint64_t seed, std::vector<uint16_t> exhaustive_c_values = {});

// The register operands of one instruction: scalar forms use bits [15:0]; packed forms carry
// lane 1 in [31:16] (S2). Unused operands are zero.
struct Operands {
  uint32_t a = 0, b = 0, c = 0;
  friend bool operator==(const Operands& x, const Operands& y) {
    return x.a == y.a && x.b == y.b && x.c == y.c;
  }
};

class OperandStream {
 public:
  // `form` seeds the random stream (so two forms with one seed differ); use the canonical
  // spelling, isa::ptx_form(u).
  OperandStream(const Uop& u, std::string_view form, StreamSpec spec);

  // Vectors in this shard, and in the whole (unsharded) stream.
  uint64_t size() const { return slice_.end - slice_.begin; }
  uint64_t total() const { return total_; }
  // Index in the unsharded stream of the vector next() yields next.
  uint64_t position() const { return next_; }

  // Narrows this stream to [begin, end) of the unsharded stream (intersected with its shard):
  // how a file of several streams is sharded as one sequence.
  void restrict_to(Slice slice);

  bool next(Operands& out);
  // Up to `max` next vectors into out; returns how many (0 at the end). What next() would give,
  // faster for a harness: the exhaustive stream, the sweep's long one, needs no per-vector
  // dispatch.
  size_t next_batch(Operands* out, size_t max);
  // The operands at `index` of the unsharded stream (random access; index < total()).
  Operands at(uint64_t index) const;

 private:
  LaneOperands lane_tuple(uint64_t index, int lane) const;

  Uop uop_;
  StreamSpec spec_;
  uint64_t form_hash_;
  std::vector<LaneOperands> corners_;
  uint64_t total_ = 0;
  Slice slice_;
  uint64_t next_ = 0;
};

// What computes a vector's expected result: the reference's execute() unless a test or a
// harness substitutes another (it may throw ref::NotImplemented).
using Evaluator = uint32_t (*)(const Uop& u, uint32_t a, uint32_t b, uint32_t c);
uint32_t reference_evaluator(const Uop& u, uint32_t a, uint32_t b, uint32_t c);
// reference_evaluator on o[0 .. n), in bulk (ref::execute_n).
void reference_results(const Uop& u, const Operands* o, size_t n, uint32_t* results);

struct Vector {
  Uop uop;
  Operands operands;
  uint32_t expected = 0;
};

// An OperandStream with each vector's expected result from the reference (model/ref).
class VectorStream {
 public:
  VectorStream(const Uop& u, std::string_view form, StreamSpec spec,
               Evaluator evaluate = reference_evaluator);
  uint64_t size() const { return operands_.size(); }
  void restrict_to(Slice slice) { operands_.restrict_to(slice); }
  bool next(Vector& out);  // throws ref::NotImplemented for a form the reference lacks
  // Up to `max` next vectors into out; returns how many (0 at the end): what next() would give,
  // the reference's results computed in bulk (ref::execute_n) when the evaluator is
  // reference_evaluator.
  size_t next_batch(Vector* out, size_t max);

 private:
  Uop uop_;
  OperandStream operands_;
  Evaluator evaluate_;
  std::vector<Operands> operand_buffer_;
  std::vector<uint32_t> results_;
};

// A PRNG defined here (SplitMix64) so streams are the same with every standard library.
class SplitMix64 {
 public:
  explicit SplitMix64(uint64_t state) : state_(state) {}
  uint64_t next();

 private:
  uint64_t state_;
};

// FNV-1a, 64-bit: a stable hash of the form's name.
uint64_t stable_hash(std::string_view text);

}  // namespace halfpipe::vectors
