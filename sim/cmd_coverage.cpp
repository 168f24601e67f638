// `halfpipe coverage FILE...`: the functional coverage of vector files (vectors/coverage.h):
// the hit table per form, lane and slot, the empty reachable bins and the unreachable ones.
#include <fmt/format.h>

#include <fstream>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "sim/commands.h"
#include "vectors/coverage.h"
#include "vectors/vector_file.h"

namespace {

using namespace halfpipe::vectors;

struct CoverageOptions {
  std::vector<std::string> files;
  bool fail_on_empty = false;
};

int run_coverage(const CoverageOptions& o) {
  Coverage coverage;
  for (const auto& file : o.files) {
    std::ifstream in(file, std::ios::binary);
    if (!in) {
      std::cerr << fmt::format("halfpipe coverage: cannot open '{}'\n", file);
      return 2;
    }
    try {
      VectorReader reader(in, file);
      for (VectorRecord v; reader.next(v);) coverage.add(v.form, v.uop, v.operands, v.expected);
    } catch (const ParseError& e) {
      std::cerr << e.what() << '\n';
      return 2;
    }
  }
  coverage.print(std::cout);
  return o.fail_on_empty && !coverage.empty_reachable_bins().empty() ? 1 : 0;
}

void add_coverage_command(CLI::App& app) {
  auto options = std::make_shared<CoverageOptions>();
  CLI::App* cmd = app.add_subcommand(
      "coverage", "functional coverage of vector files: operand and result classes per form");
  cmd->add_option("FILE", options->files, "vector files")->required();
  cmd->add_flag("--fail-on-empty", options->fail_on_empty,
                "exit 1 when a reachable bin is empty");
  cmd->callback([options] {
    const int status = run_coverage(*options);
    if (status != 0) throw CLI::RuntimeError(status);
  });
}

}  // namespace

HALFPIPE_COMMAND(coverage, add_coverage_command);
