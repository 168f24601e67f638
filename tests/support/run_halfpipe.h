// Runs the built `halfpipe` binary as users and scripts do, for the tests of every area.
#pragma once

#include <catch2/catch.hpp>

#include <sys/wait.h>

#include <cstdio>
#include <string>

namespace halfpipe::test {

struct Run {
  int status;
  std::string output;  // standard output and standard error
};

inline Run run_halfpipe(const std::string& args) {
  // SystemC's banner is not part of any command's output.
  const std::string command =
      "SC_COPYRIGHT_MESSAGE=DISABLE '" HALFPIPE_BINARY_DIR "/sim/halfpipe' " + args + " 2>&1";
  FILE* pipe = popen(command.c_str(), "r");
  REQUIRE(pipe);
  std::string output;
  char buffer[4096];
  size_t n;
  while ((n = fread(buffer, 1, sizeof buffer, pipe)) > 0) output.append(buffer, n);
  const int status = pclose(pipe);
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, output};
}

}  // namespace halfpipe::test
