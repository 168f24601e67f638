// Running `halfpipe explore` with real workloads from the tests of tests/workload/, and checking
// a table of inputs it must refuse.
#pragma once

#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "tests/support/run_halfpipe.h"

namespace halfpipe::test {

inline Run run_separately(const std::string& args) {
  return run_halfpipe(args, "", Stderr::Separate);
}

inline bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// Arguments, and what standard error must contain; `{dir}` in either stands for a directory.
struct Refusal {
  std::string args;
  std::string on_stderr;
};

// Each `explore PREFIX ARGS` (`{dir}` replaced by `dir`) exits 2 with its text on standard error.
inline void check_refusals(const std::string& prefix, const std::vector<Refusal>& refusals,
                           const std::string& dir) {
  for (const Refusal& refusal : refusals) {
    std::string args = "explore " + prefix + refusal.args, expected = refusal.on_stderr;
    for (std::string* s : {&args, &expected})
      for (std::size_t at; (at = s->find("{dir}")) != std::string::npos;) s->replace(at, 5, dir);
    CAPTURE(args);
    const Run r = run_separately(args);
    INFO("stderr: " << r.error);
    CHECK(r.status == 2);
    CHECK(has(r.error, expected));
  }
}

}  // namespace halfpipe::test
