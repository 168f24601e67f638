// The checked-in regression sets (vectors/regression/): what they hold and how they are made,
// in one place for `halfpipe gen --regression` and the test that regenerates them.
#pragma once

#include <string>
#include <vector>

#include "vectors/vector_file.h"

namespace halfpipe::vectors {

struct RegressionFile {
  std::string path;  // relative to the regression directory
  GenerationRequest request;
};

inline constexpr uint64_t kRegressionRandomCount = 8;

// One corner set per legal form the reference evaluates (corner/FORM.vec), then random.vec:
// kRegressionRandomCount random vectors of each of those forms, seed 1, which pins the random
// streams. Forms the reference cannot evaluate yet go to `skipped` with the reason.
std::vector<RegressionFile> regression_files(std::vector<std::string>& skipped,
                                             Evaluator evaluate = reference_evaluator);

// Whether the reference evaluates every corner vector of the form; the reason in `why` if not.
bool reference_evaluates(const std::string& form, std::string& why,
                         Evaluator evaluate = reference_evaluator);

}  // namespace halfpipe::vectors
