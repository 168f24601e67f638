// A scratch directory for the cluster tests (plans, records), removed with everything in it.
#pragma once

#include <catch2/catch.hpp>

#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "tests/support/read_file.h"

namespace halfpipe::test {

struct TempDir {
  std::string path;
  TempDir() {
    char name[] = "/tmp/halfpipe-cluster-test.XXXXXX";
    REQUIRE(mkdtemp(name));
    path = name;
  }
  ~TempDir() { std::filesystem::remove_all(path); }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  // Writes `text` to NAME in the directory; returns its path.
  std::string write(const std::string& name, const std::string& text) const {
    std::ofstream(path + "/" + name) << text;
    return path + "/" + name;
  }
  std::string read(const std::string& name) const { return read_file(path + "/" + name); }
};

}  // namespace halfpipe::test
