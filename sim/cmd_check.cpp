// `halfpipe check FILE...`: replays vector files (halfpipe's, or TestFloat's with --testfloat)
// through an execution backend and reports mismatches as the sweep does: the reference, or with
// --rtl the Verilated hp_alu (tb/rtl_backend.h), with --netlist its gate-level netlist.
#include <fmt/format.h>

#include <fstream>
#include <iostream>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "sim/commands.h"
#include "sim/exit_status.h"
#include "tb/rtl_backend.h"
#include "vectors/check.h"
#include "vectors/testfloat.h"
#include "vectors/vector_file.h"

namespace {

using namespace halfpipe::vectors;
using halfpipe::cli::CheckOptions;

// Replays one file; returns false after reporting a malformed input.
template <typename Reader>
bool replay(Reader& reader, const std::string& file, Checker& checker) {
  // A block of records at a time (the reference evaluates each form's run in bulk); the records
  // read before a malformed line are checked before it is reported, as one by one.
  constexpr size_t kBlock = 4096;
  std::vector<VectorRecord> block(kBlock);
  size_t n = 0;
  try {
    while (reader.next(block[n])) {
      if (++n == kBlock) {
        checker.check_block(file, block, n);
        n = 0;
      }
    }
  } catch (const ParseError& e) {
    checker.check_block(file, block, n);
    std::cerr << e.what() << '\n';
    return false;
  }
  checker.check_block(file, block, n);
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
      return halfpipe::cli::kUsageOrInputError;
    }
  }
  std::unique_ptr<Backend> backend;
  if (o.rtl || o.netlist) {
    try {
      backend = halfpipe::tb::make_rtl_backend(o.lanes, 4, o.netlist);
    } catch (const std::invalid_argument& e) {  // a configuration that was not Verilated (or no netlist)
      std::cerr << "halfpipe check: " << e.what() << '\n';
      return halfpipe::cli::kUsageOrInputError;
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
        return halfpipe::cli::kUsageOrInputError;
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
    if (!ok) return halfpipe::cli::kUsageOrInputError;
  }
  if (const std::string note = checker.any_nan_note(); !note.empty()) std::cout << note << '\n';
  std::cout << checker.summary() << '\n';
  return checker.ok() ? halfpipe::cli::kPassed : halfpipe::cli::kVerificationFailure;
}

constexpr const char* kCheckDescription =
    "replay vector files through the reference (or the RTL) and report mismatches";

int check_main(const std::vector<std::string>& args) {
  const auto parsed = halfpipe::cli::parse_check_options(args);
  if (!parsed.ok()) return halfpipe::cli::report_stop("check", parsed.text, parsed.status);
  return run_check(*parsed.options);
}

}  // namespace

namespace halfpipe::cli {

Parsed<CheckOptions> parse_check_options(const std::vector<std::string>& args) {
  return parse_command<CheckOptions>("check", kCheckDescription, args, [](Vocabulary& v, CheckOptions& o) {
    v.files(o.files, "vector files ('-' for standard input)")->required();
    v.testfloat(o.testfloat_function);
    v.max_errors(o.max_reported);
    v.rtl(o.rtl);
    v.netlist(o.netlist)->description(option_spec("--netlist").help + " (implies --rtl)");
    v.lanes(o.lanes)->description(
        "with --rtl or --netlist: " + option_spec("--lanes").help +
        "; a vector uses lane 0, or lanes 0 and 1 for a packed form");
  });
}

}  // namespace halfpipe::cli

HALFPIPE_COMMAND(check, "check", kCheckDescription, check_main);
