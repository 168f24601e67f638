// `halfpipe gen`: golden vectors from the reference (vectors/): corner crossings, seeded random
// operands and exhaustive ranges, sharded, in halfpipe's format or TestFloat's.
#include <fmt/format.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "model/isa/ptx.h"
#include "model/ref/execute.h"
#include "sim/commands.h"
#include "sim/exit_status.h"
#include "sim/output_file.h"
#include "vectors/memh.h"
#include "vectors/probes.h"
#include "vectors/regression.h"
#include "vectors/testfloat.h"
#include "vectors/vector_file.h"

namespace {

using namespace halfpipe::vectors;
using halfpipe::cli::GenOptions;

// The checked-in regression sets (vectors/regression.h) written under DIR. Forms the reference
// cannot evaluate yet are listed and skipped; they appear once it can.
int write_regression_sets(const GenOptions& o) {
  std::vector<std::string> skipped;
  const auto files = regression_files(skipped);
  for (const auto& why : skipped) std::cerr << fmt::format("halfpipe gen: skipped {}\n", why);
  for (const auto& file : files) {
    const std::filesystem::path path = std::filesystem::path(o.regression_dir) / file.path;
    std::filesystem::create_directories(path.parent_path());
    halfpipe::cli::write_output(path.string(), [&](std::ostream& out) { write_vector_file(out, file.request); });
  }
  std::cerr << fmt::format("halfpipe gen: wrote {} files to {}\n", files.size(), o.regression_dir);
  return halfpipe::cli::kPassed;
}

int run_gen(const GenOptions& o) {
  if (!o.regression_dir.empty()) return write_regression_sets(o);
  if (o.probe_semantics) {
    if (!o.forms.empty() || o.all_ptx) {  // a usage error
      std::cerr << "halfpipe gen: --probe-semantics chooses its own forms: give no FORM\n";
      return halfpipe::cli::kUsageOrInputError;
    }
    halfpipe::cli::write_output(o.output, [&](std::ostream& out) { write_probe_file(out); });
    return halfpipe::cli::kPassed;
  }
  GenerationRequest request;
  request.forms = o.forms;
  if (o.all_ptx) {
    for (const auto& form : halfpipe::isa::legal_ptx_forms()) request.forms.push_back(form);
  }
  if (request.forms.empty()) throw std::invalid_argument("no FORM given");
  request.random_count = o.random_count;
  request.exhaustive = o.exhaustive;
  request.corner = o.corner || (!o.exhaustive && o.random_count == 0);  // corners by default
  request.seed = o.seed;
  request.shard = o.shard;
  request.exhaustive_c_values = o.c_values;
  if (o.format == "memh") {
    halfpipe::cli::write_output(o.output, [&](std::ostream& out) { write_memh_file(out, request); });
  } else if (o.format == "testfloat") {
    halfpipe::cli::write_output(o.output, [&](std::ostream& out) { write_testfloat_file(out, request); });
  } else {
    halfpipe::cli::write_output(o.output, [&](std::ostream& out) { write_vector_file(out, request); });
  }
  return halfpipe::cli::kPassed;
}

constexpr const char* kGenDescription =
    "write golden vectors (FORM A [B [C]] EXPECTED) computed by the reference";

int gen_main(const std::vector<std::string>& args) {
  const auto parsed = halfpipe::cli::parse_gen_options(args);
  if (!parsed.ok()) return halfpipe::cli::report_stop("gen", parsed.text, parsed.status);
  // gen checks nothing against anything, so whatever stops it is a usage or input error: an
  // unknown or illegal form, a form with no TestFloat counterpart or (memh) not PTX, a form the
  // reference cannot evaluate yet, an output it cannot write.
  try {
    return run_gen(*parsed.options);
  } catch (const std::exception& e) {
    std::cerr << "halfpipe gen: " << e.what() << '\n';
    return halfpipe::cli::kUsageOrInputError;
  }
}

}  // namespace

namespace halfpipe::cli {

Parsed<GenOptions> parse_gen_options(const std::vector<std::string>& args) {
  return parse_command<GenOptions>("gen", kGenDescription, args, [](Vocabulary& v, GenOptions& o) {
    v.forms(o.forms, "PTX forms, e.g. add.rn.f16 fma.rn.relu.bf16x2");
    v.all_ptx(o.all_ptx);
    v.corner(o.corner)->description(
        option_spec("--corner").help + " (the default when no stream is chosen)");
    v.random(o.random_count);
    v.exhaustive(o.exhaustive);
    v.seed(o.seed);
    v.shard(o.shard);
    v.c_values(o.c_values)->default_str("all 65536");
    v.format(o.format);
    v.output(o.output);
    v.regression(o.regression_dir);
    v.probe_semantics(o.probe_semantics);
  });
}

}  // namespace halfpipe::cli

HALFPIPE_COMMAND(gen, "gen", kGenDescription, gen_main);
