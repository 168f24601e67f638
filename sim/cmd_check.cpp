// `halfpipe check FILE...`: replays vector files (halfpipe's, or TestFloat's with --testfloat)
// through an execution backend and reports mismatches as the sweep does: the reference, or with
// --rtl the Verilated hp_alu (tb/rtl_backend.h).
#include <fmt/format.h>

#include <fstream>
#include <iostream>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "sim/commands.h"
#include "tb/rtl_backend.h"
#include "vectors/check.h"
#include "vectors/testfloat.h"
#include "vectors/vector_file.h"

namespace {

using namespace halfpipe::vectors;

struct CheckOptions {
  std::vector<std::string> files;
  std::string testfloat_function;
  uint64_t max_reported = 20;
  bool rtl = false;
  int lanes = 2;
};

// Replays one file; returns false after reporting a malformed input.
template <typename Reader>
bool replay(Reader& reader, const std::string& file, Checker& checker) {
  try {
    for (VectorRecord v; reader.next(v);) checker.check(file, v);
  } catch (const ParseError& e) {
    std::cerr << e.what() << '\n';
    return false;
  }
  return true;
}

int run_check(const CheckOptions& o) {
  std::optional<TestFloatFunction> function;
  if (!o.testfloat_function.empty()) {
    function = find_testfloat_function(o.testfloat_function);
    if (!function) {
      std::string known;
      for (const auto& f : testfloat_functions()) known += std::string(known.empty() ? "" : ", ") + f.name;
      std::cerr << fmt::format("halfpipe check: unknown TestFloat function '{}' (known: {})\n",
                               o.testfloat_function, known);
      return 2;
    }
  }
  std::unique_ptr<Backend> backend;
  if (o.rtl) {
    try {
      backend = halfpipe::tb::make_rtl_backend(o.lanes);
    } catch (const std::invalid_argument& e) {  // a configuration that was not Verilated
      std::cerr << "halfpipe check: " << e.what() << '\n';
      return 2;
    }
  } else {
    backend = make_reference_backend();
  }
  Checker checker(*backend, std::cout, function ? NanMatch::AnyNan : NanMatch::Exact,
                  o.max_reported);
  for (const auto& file : o.files) {
    std::ifstream stream;
    std::istream* in = &std::cin;
    if (file != "-") {
      stream.open(file, std::ios::binary);
      if (!stream) {
        std::cerr << fmt::format("halfpipe check: cannot open '{}'\n", file);
        return 2;
      }
      in = &stream;
    }
    const std::string name = file == "-" ? "<stdin>" : file;
    bool ok;
    if (function) {
      TestFloatReader reader(*in, name, *function);
      ok = replay(reader, name, checker);
    } else {
      VectorReader reader(*in, name);
      ok = replay(reader, name, checker);
    }
    if (!ok) return 2;
  }
  if (const std::string note = checker.any_nan_note(); !note.empty()) std::cout << note << '\n';
  std::cout << checker.summary() << '\n';
  return checker.ok() ? 0 : 1;
}

void add_check_command(CLI::App& app) {
  auto options = std::make_shared<CheckOptions>();
  CLI::App* check = app.add_subcommand(
      "check", "replay vector files through the reference (or the RTL) and report mismatches");
  check->add_option("FILE", options->files, "vector files ('-' for standard input)")->required();
  check->add_option("--testfloat", options->testfloat_function,
                    "the files are testfloat_gen output for FUNCTION (f16_add, f16_sub, f16_mul, "
                    "f16_mulAdd); an expected NaN matches any NaN, flags are ignored");
  check->add_option("--max-errors", options->max_reported,
                    "mismatches reported before reporting stops (default 20)");
  check->add_flag("--rtl", options->rtl,
                 "replay through the Verilated RTL (hp_alu) instead of the reference");
  check->add_option("--lanes", options->lanes,
                    "with --rtl: lane count of the Verilated unit (2, 4 or 8); a vector uses lane "
                    "0, or lanes 0 and 1 for a packed form")
      ->capture_default_str();
  check->callback([options] {
    const int status = run_check(*options);
    if (status != 0) throw CLI::RuntimeError(status);
  });
}

}  // namespace

HALFPIPE_COMMAND(check, add_check_command);
