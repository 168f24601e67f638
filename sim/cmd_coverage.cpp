// `halfpipe coverage FILE...`: the functional coverage of vector files (vectors/coverage.h):
// the hit table per form, lane and slot, the empty reachable bins and the unreachable ones.
#include <fmt/format.h>

#include <fstream>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "sim/commands.h"
#include "sim/exit_status.h"
#include "vectors/coverage.h"
#include "vectors/vector_file.h"

namespace {

using namespace halfpipe::vectors;
using halfpipe::cli::CoverageOptions;

int run_coverage(const CoverageOptions& o) {
  Coverage coverage;
  for (const auto& file : o.files) {
    std::ifstream in(file, std::ios::binary);
    if (!in) {
      std::cerr << fmt::format("halfpipe coverage: cannot open '{}'\n", file);
      return halfpipe::cli::kUsageOrInputError;
    }
    try {
      VectorReader reader(in, file);
      for (VectorRecord v; reader.next(v);) coverage.add(v.form, v.uop, v.operands, v.expected);
    } catch (const ParseError& e) {
      std::cerr << e.what() << '\n';
      return halfpipe::cli::kUsageOrInputError;
    }
  }
  coverage.print(std::cout);
  const bool hole = o.fail_on_empty && !coverage.empty_reachable_bins().empty();
  return hole ? halfpipe::cli::kVerificationFailure : halfpipe::cli::kPassed;
}

constexpr const char* kCoverageDescription =
    "functional coverage of vector files: operand and result classes per form";

int coverage_main(const std::vector<std::string>& args) {
  const auto parsed = halfpipe::cli::parse_coverage_options(args);
  if (!parsed.ok()) return halfpipe::cli::report_stop("coverage", parsed.text, parsed.status);
  return run_coverage(*parsed.options);
}

}  // namespace

namespace halfpipe::cli {

Parsed<CoverageOptions> parse_coverage_options(const std::vector<std::string>& args) {
  return parse_command<CoverageOptions>("coverage", kCoverageDescription, args,
                                        [](Vocabulary& v, CoverageOptions& o) {
                                          v.files(o.files, "vector files").required();
                                          v.fail_on_empty(o.fail_on_empty);
                                        });
}

}  // namespace halfpipe::cli

HALFPIPE_COMMAND(coverage, "coverage", kCoverageDescription, coverage_main);
