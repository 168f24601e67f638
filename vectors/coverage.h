// Functional coverage of vectors: per form (op x format x modifier set) and lane, the class of
// each operand, and the class of the result together with the events that produced it.
// A bin that no vector can reach (e.g. a NaN result under .sat) is listed apart with the
// reason, so "no empty reachable bin" is a meaningful goal for the regression sets.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "model/uop/uop.h"
#include "vectors/stream.h"

namespace halfpipe::vectors {

enum class OperandClass : uint8_t {
  PosZero, NegZero, PosSubnormal, NegSubnormal, PosNormal, NegNormal, PosInf, NegInf,
  CanonicalNan,  // 0x7FFF (S10)
  OtherNan,      // any other NaN: sign set, other payloads
  OobNan,        // S14's pattern, either sign
};
inline constexpr int kOperandClassCount = 11;
const char* operand_class_name(OperandClass c);
OperandClass classify_operand(Format format, uint16_t x);

enum class ResultBin : uint8_t {
  // What the result is (exactly one of these per lane).
  Normal, Subnormal, Zero, Inf, Nan,
  // What happened on the way (any number per lane).
  Flushed,      // .ftz turned a subnormal result into a zero (S8)
  Saturated,    // .sat changed the value (S12)
  ReluClamped,  // .relu turned a negative result into +0 (S13)
  OobZeroed,    // .oob made the result +0 (S14)
  TieUp,        // the exact result was half-way and rounded away from zero (S4)
  TieDown,      // ... and rounded towards zero
};
inline constexpr int kResultBinCount = 11;
const char* result_bin_name(ResultBin b);

// Why a result bin can never be hit for this form, or nullopt when it can.
std::optional<std::string> unreachable_reason(const Uop& u, ResultBin b);

class Coverage {
 public:
  // Adds one vector; the result classes are taken from `result`, the events from the
  // reference's evaluation of the same operands without the modifier in question (so they
  // are unknown, and counted as such, for forms the reference cannot evaluate).
  void add(const std::string& form, const Uop& u, const Operands& o, uint32_t result);

  uint64_t vectors() const { return vectors_; }
  struct EmptyBin {
    std::string form, lane, bin;
  };
  std::vector<EmptyBin> empty_reachable_bins() const;
  // Every reachable bin of the forms seen, hit or not, with its count: what a results record
  // keeps (regress/record.h) so that merged records give the same summary as one run.
  struct Bin {
    std::string form, lane, bin;
    uint64_t count = 0;
  };
  std::vector<Bin> reachable_bins() const;
  // Unreachable bins of the forms seen: (form, bin, reason).
  std::vector<std::vector<std::string>> unreachable_bins() const;
  // The hit table, one row per form, lane and slot (a, b, c, result), then the empty bins and
  // the unreachable ones with their reasons.
  void print(std::ostream& out) const;
  // One line for the end of a sweep or co-simulation: "coverage: V vectors, H of R reachable
  // bins hit, E empty".
  std::string summary() const;

 private:
  struct LaneCounts {
    uint64_t operand[3][kOperandClassCount] = {};
    uint64_t result[kResultBinCount] = {};
  };
  struct FormCounts {
    Uop uop;
    LaneCounts lanes[2];
    uint64_t vectors = 0;
    uint64_t events_unknown = 0;
  };
  std::map<std::string, FormCounts> forms_;
  uint64_t vectors_ = 0;
};

}  // namespace halfpipe::vectors
