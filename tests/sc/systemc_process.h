// SystemC elaborates once per process. CTest runs every test case in a process of its own;
// when the test executable runs several SystemC test cases in one process (run by hand), each
// one after the first runs itself again in a child process and passes if the child does.
#pragma once

#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <string>

#include <catch2/catch.hpp>

namespace halfpipe::sc::test {

// True: elaborate and simulate here. False: the test case ran in a child, already checked.
inline bool elaborate_here() {
  setenv("SC_COPYRIGHT_MESSAGE", "DISABLE", 0);
  static bool elaborated = false;
  if (!elaborated) {
    elaborated = true;
    return true;
  }
  // Test case names used here avoid Catch's test-spec characters: , [ ] * ~ " backslash.
  const std::string name = Catch::getResultCapture().getCurrentTestName();
  const pid_t child = fork();
  if (child == 0) {
    // --warn NoTests: a name that matches no test case exits non-zero instead of passing empty.
    execl("/proc/self/exe", "test_sc", name.c_str(), "--warn", "NoTests", static_cast<char*>(nullptr));
    _exit(127);
  }
  REQUIRE(child > 0);
  int status = 0;
  REQUIRE(waitpid(child, &status, 0) == child);
  INFO("\"" << name << "\" re-run in a child process");
  REQUIRE(WIFEXITED(status));
  REQUIRE(WEXITSTATUS(status) == 0);
  return false;
}

}  // namespace halfpipe::sc::test
