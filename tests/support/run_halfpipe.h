// Runs the built `halfpipe` binary as users and scripts do, for the tests of every area.
#pragma once

#include <catch2/catch.hpp>

#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include "tests/support/read_file.h"

namespace halfpipe::test {

struct Run {
  int status;
  std::string output;  // standard output, and standard error unless separated
  std::string error;   // standard error, with Stderr::Separate
};

enum class Stderr { Merged, Separate };

// Runs `halfpipe ARGS` with `input` on standard input, unless ARGS redirects it itself.
inline Run run_halfpipe(const std::string& args, const std::string& input = "",
                        Stderr stderr_mode = Stderr::Merged) {
  static int counter = 0;
  const std::filesystem::path scratch = std::filesystem::temp_directory_path() /
      ("halfpipe_test_" + std::to_string(getpid()) + "_" + std::to_string(counter++));
  const std::string in = scratch.string() + ".in", err = scratch.string() + ".err";
  std::ofstream(in, std::ios::binary) << input;
  const bool own_stdin = args.find('<') != std::string::npos;
  // SystemC's banner is not part of any command's output.
  const std::string command = "SC_COPYRIGHT_MESSAGE=DISABLE '" HALFPIPE_BINARY_DIR "/sim/halfpipe' " +
                              args + (own_stdin ? " " : " <'" + in + "' ") +
                              (stderr_mode == Stderr::Merged ? "2>&1" : "2>'" + err + "'");
  FILE* pipe = popen(command.c_str(), "r");
  REQUIRE(pipe);
  Run run{-1, "", ""};
  char buffer[4096];
  size_t n;
  while ((n = fread(buffer, 1, sizeof buffer, pipe)) > 0) run.output.append(buffer, n);
  const int status = pclose(pipe);
  run.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  if (stderr_mode == Stderr::Separate) run.error = read_file(err);
  std::filesystem::remove(in);
  std::filesystem::remove(err);
  return run;
}

}  // namespace halfpipe::test
