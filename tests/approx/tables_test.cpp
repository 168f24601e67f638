// The tables of tanh.approx and ex2.approx have one source of truth (S19): the generator in
// model/ref/approx. The checked-in .mem files, read by the reference and the RTL, must be
// exactly what it writes.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "model/ref/approx/datapath.h"
#include "model/ref/approx/tables.h"
#include "tests/support/read_file.h"

namespace halfpipe {
using halfpipe::test::read_file;

namespace {

namespace approx = ref::approx;

TEST_CASE("S19: regenerating the approximation tables reproduces the checked-in .mem files "
          "byte for byte",
          "[approx][tables]") {
  const std::filesystem::path out =
      std::filesystem::temp_directory_path() /
      ("halfpipe-approx-tables-" + std::to_string(std::hash<std::string>{}(HALFPIPE_BINARY_DIR)));
  std::filesystem::create_directories(out);
  const std::string generator = std::string(HALFPIPE_BINARY_DIR) + "/model/ref/approx/approx_tablegen";
  const std::string command = "\"" + generator + "\" \"" + out.string() + "\" 2>/dev/null";
  REQUIRE(std::system(command.c_str()) == 0);
  for (const char* name : {"tanh.mem", "ex2.mem"}) {
    INFO(name);
    CHECK(read_file(out / name) ==
          read_file(std::filesystem::path(HALFPIPE_SOURCE_DIR) / "model/ref/approx" / name));
  }
  std::filesystem::remove_all(out);
}

// The entries of a .mem file as $readmemh reads them: `//` lines skipped, one hex word a line.
std::vector<uint64_t> mem_entries(const std::string& name) {
  std::istringstream lines(
      read_file(std::filesystem::path(HALFPIPE_SOURCE_DIR) / "model/ref/approx" / name));
  std::vector<uint64_t> entries;
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind("//", 0) == 0 || line.empty()) continue;
    entries.push_back(std::stoull(line, nullptr, 16));
  }
  return entries;
}

TEST_CASE("S19: the reference evaluates exactly the entries of the checked-in .mem files",
          "[approx][tables]") {
  const std::vector<uint64_t> tanh(std::begin(approx::kTanhTable), std::end(approx::kTanhTable));
  const std::vector<uint64_t> ex2(std::begin(approx::kEx2Table), std::end(approx::kEx2Table));
  CHECK(mem_entries("tanh.mem") == tanh);
  CHECK(mem_entries("ex2.mem") == ex2);
  CHECK(tanh.size() == static_cast<size_t>(approx::kTanhLayout.entries));
  CHECK(ex2.size() == static_cast<size_t>(approx::kEx2Layout.entries));
}

TEST_CASE("Table entries pack {c2, c1, c0} MSB first, c1 and c2 in two's complement",
          "[approx][tables]") {
  const approx::Layout l{1, 1, 4, 4, 8, /*c0=*/8, /*c1=*/6, /*c2=*/5};
  // c0 = 0xA5, c1 = -3 = 0b111101, c2 = 9 = 0b01001: 0b01001'111101'10100101.
  const uint64_t entry = 0b01001'111101'10100101;
  CHECK(approx::pack_entry(l, {0xA5, -3, 9}) == entry);
  const approx::Coefficients c = approx::unpack_entry(l, entry);
  CHECK(c.c0 == 0xA5);
  CHECK(c.c1 == -3);
  CHECK(c.c2 == 9);
}

TEST_CASE("The quadratic datapath truncates each product (floor), also of negative terms",
          "[approx][tables]") {
  // D = 4, Q = 2: d = 0b1011 (t = 11/16), s = 0b10 (the top two bits of d).
  const approx::Layout l{1, 1, 4, 2, 8, 16, 8, 8};
  // c1 * d / 16 = -5 * 11 / 16 = -3.4375 -> -4; c2 * s^2 / 16 = 7 * 4 / 16 = 1.75 -> 1.
  CHECK(approx::evaluate(l, {100, -5, 7}, 0b1011) == 100 - 4 + 1);
}

}  // namespace
}  // namespace halfpipe
