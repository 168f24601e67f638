// The tables of tanh.approx and ex2.approx (S19) and the datapath that reads them. tanh.mem has
// one source of truth, the generator in model/ref/approx fitted to the chip's results: the
// checked-in file, read by the reference and the RTL, must be exactly what it writes. ex2.mem is
// the chip's own table, data rather than output.
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

TEST_CASE("S19: regenerating the tanh table from sm_90's results reproduces the checked-in "
          "tanh.mem byte for byte",
          "[approx][tables]") {
  const std::filesystem::path out =
      std::filesystem::temp_directory_path() /
      ("halfpipe-approx-tables-" + std::to_string(std::hash<std::string>{}(HALFPIPE_BINARY_DIR)));
  std::filesystem::create_directories(out);
  const std::string generator = std::string(HALFPIPE_BINARY_DIR) + "/model/ref/approx/approx_tablegen";
  const std::string tables = std::string(HALFPIPE_SOURCE_DIR) + "/silicon/results/sm_90/run1/tables/";
  const std::string command = "\"" + generator + "\" \"" + out.string() + "\" \"" + tables +
                              "tanh.approx.f16.vec.xz\" \"" + tables +
                              "tanh.approx.bf16.vec.xz\" 2>/dev/null";
  REQUIRE(std::system(command.c_str()) == 0);
  CHECK(read_file(out / "tanh.mem") ==
        read_file(std::filesystem::path(HALFPIPE_SOURCE_DIR) / "model/ref/approx/tanh.mem"));
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
  CHECK(ex2.size() == static_cast<size_t>(approx::kEx2Entries));
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

TEST_CASE("S19: ex2's squarer leaves out the partial-product bits below its first column",
          "[approx][tables]") {
  // d = 0b1011: the array holds d0, d1, d3 at columns 0, 2, 6 and the pairs (0,1), (0,3), (1,3)
  // at columns 2, 4, 5; from column 3 on, 2^6 + 2^4 + 2^5 = 112 of the exact 121 remain.
  CHECK(approx::truncated_square(0b1011, 3) == 112);
  CHECK(approx::truncated_square(0b1011, 0) == 121);
  // Every bit of (2^17 - 1)^2's array lies below column 34.
  CHECK(approx::truncated_square((1u << 17) - 1, 34) == 0);
}

TEST_CASE("S19: ex2's range reduction truncates |x| to 23 fraction bits and complements a "
          "negative fraction",
          "[approx][tables]") {
  // 1.5 = 3 * 2^-1: n = 1, f = 0.5 = 2^22 / 2^23: segment 32, offset 0.
  auto r = approx::ex2_reduce(false, -1, 3);
  CHECK(r.n == 1);
  CHECK(r.segment.index == 32);
  CHECK(r.segment.offset == 0);
  // -0.25: M = 2^21; the fraction is not zero, so X = -2^21 - 1: n = -1 and
  // f = 2^23 - 2^21 - 1 = 0x5fffff, segment 47 (0x5fffff >> 17), offset 0x1ffff.
  r = approx::ex2_reduce(true, -2, 1);
  CHECK(r.n == -1);
  CHECK(r.segment.index == 47);
  CHECK(r.segment.offset == 0x1FFFF);
  // -3: the fraction is zero, so X = -3 * 2^23 exactly: n = -3, f = 0.
  r = approx::ex2_reduce(true, 0, 3);
  CHECK(r.n == -3);
  CHECK(r.segment.index == 0);
  CHECK(r.segment.offset == 0);
  // 2^-24 lies below the 23 fraction bits: n = 0, f = 0 on both sides.
  CHECK(approx::ex2_reduce(true, -24, 1).n == 0);
}

}  // namespace
}  // namespace halfpipe
