// The exit-status contract of every `halfpipe` command, defined once (README, "Exit status"):
//
//   0  everything passed;
//   1  a verification failure: a mismatch against the reference, an RTL assertion that failed,
//      an empty coverage bin under --fail-on-empty, a demo row that disagrees, or in
//      `eval --batch` an input line that failed (its `error:` line is on standard output, the
//      stream goes on);
//   2  a usage or input error: every option-parser error (unknown option, missing value, a
//      value that is not a number or out of its range), no or an unknown command, a file that
//      cannot be read or written, a malformed input line, an unknown or illegal form, a wrong
//      operand width, a configuration that was not built, an incomplete set of results records.
//
// A script can tell "the design is wrong" (1) from "the run was wrong" (2). --help and
// --version exit 0. A sweep stopped by Ctrl-C exits 130 (128 + SIGINT, as a shell reports a
// process the signal killed), or 1 when it had already found a mismatch.
#pragma once

namespace halfpipe::cli {

enum ExitStatus : int {
  kPassed = 0,
  kVerificationFailure = 1,
  kUsageOrInputError = 2,
  kInterrupted = 130,
};

}  // namespace halfpipe::cli
