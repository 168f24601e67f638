// `halfpipe check FILE...`: replays vector files (halfpipe's, or TestFloat's with --testfloat)
// through an execution backend and reports mismatches as the sweep does. The backend is the
// reference; the Verilated RTL joins as another vectors::Backend behind an --rtl flag.
#include <fmt/format.h>

#include <fstream>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "sim/commands.h"
#include "vectors/check.h"
#include "vectors/testfloat.h"
#include "vectors/vector_file.h"

namespace {

using namespace halfpipe::vectors;

struct CheckOptions {
  std::vector<std::string> files;
  std::string testfloat_function;
  uint64_t max_reported = 20;
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
  auto backend = make_reference_backend();
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
  std::cout << checker.summary() << '\n';
  return checker.ok() ? 0 : 1;
}

void add_check_command(CLI::App& app) {
  auto options = std::make_shared<CheckOptions>();
  CLI::App* check = app.add_subcommand(
      "check", "replay vector files through the reference and report mismatches");
  check->add_option("FILE", options->files, "vector files ('-' for standard input)")->required();
  check->add_option("--testfloat", options->testfloat_function,
                    "the files are testfloat_gen output for FUNCTION (f16_add, f16_sub, f16_mul, "
                    "f16_mulAdd); an expected NaN matches any NaN, flags are ignored");
  check->add_option("--max-errors", options->max_reported,
                    "mismatches reported before reporting stops (default 20)");
  check->callback([options] {
    const int status = run_check(*options);
    if (status != 0) throw CLI::RuntimeError(status);
  });
}

}  // namespace

HALFPIPE_COMMAND(check, add_check_command);
