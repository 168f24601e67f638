// What a run found, per form and phase: the mismatches kept and counted by class, the
// approximations' distance from halfpipe's, and the explicit vectors each form runs.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "enumeration.h"
#include "mismatch.h"

namespace halfpipe_campaign {

struct Mismatch {
  Phase phase = Phase::Probes;
  uint64_t index = 0;  // the instruction's index in its phase (its line, for Probes and Corners)
  uint32_t a = 0, b = 0, c = 0, expected = 0, got = 0;
  std::string where;  // probes.vec:LINE for an explicit vector
};

inline constexpr size_t kKeptPerClass = 1000;

struct ApproxStats {  // tanh.approx and ex2.approx against halfpipe's approximation (S19)
  uint64_t lanes = 0, identical = 0, nan_disagreements = 0;
  int32_t max_ulp = 0;
  void add(const ApproxStats& o) {
    lanes += o.lanes;
    identical += o.identical;
    nan_disagreements += o.nan_disagreements;
    max_ulp = std::max(max_ulp, o.max_ulp);
  }
};

// What a chunk (or a piece of one) found.
struct Findings {
  uint64_t counts[kClassCount] = {};
  std::vector<Mismatch> kept[kClassCount];  // the first of each class, in input order
  size_t keep[kClassCount] = {kKeptPerClass, kKeptPerClass, kKeptPerClass, kKeptPerClass,
                              kKeptPerClass};  // how many of each class are still wanted
  ApproxStats approx;

  uint64_t total() const {
    uint64_t n = 0;
    for (uint64_t c : counts) n += c;
    return n;
  }
};

struct PhaseRun {
  uint64_t planned = 0, run = 0;  // lanes
};

struct FormResult {
  PhaseRun phases[kPhaseCount];
  Findings findings;
  double seconds = 0;  // the run's time between chunk completions, given to the chunk's form
  std::vector<uint32_t> table;              // one-operand forms: the device's result per input
  bool table_complete = false;
};

// Explicit vectors (probes.vec, corners.vec) of one form.
struct ExplicitVectors {
  std::vector<uint32_t> a, b, c, expected;
  std::vector<uint64_t> lines;
  std::vector<int64_t> probe;  // into Campaign::probes_, or -1
};

}  // namespace halfpipe_campaign
