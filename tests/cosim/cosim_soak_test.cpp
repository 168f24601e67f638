// `halfpipe cosim --soak N --reset-every C`: N transactions with a reset about every
// C cycles. Every transaction the RTL accepts leaves it once, in order, or is flushed by a reset
// and offered again; the summary accounts for each, and the resident memory does not grow with
// the transactions run. A corrupted result makes the soak fail.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "tests/support/run_halfpipe.h"

namespace {

using halfpipe::test::Run;
using halfpipe::test::run_halfpipe;

// The summary's soak line and the figures around it.
struct SoakSummary {
  uint64_t transactions = 0, accepted = 0, completed = 0, flushed = 0, resets = 0, lost = 0;
  uint64_t out_of_order = 0, unexpected = 0, wrong = 0, deviations = 0;
  uint64_t cycles = 0;
  double memory_start = 0, memory_end = 0, memory_peak = 0;  // MiB
  uint64_t header_resets = 0;  // "R resets, about every C cycles" in the header line
};

SoakSummary soak_summary(const std::string& output) {
  SoakSummary s;
  std::smatch m;
  static const std::regex soak(
      R"(soak: (\d+) transactions; the RTL accepted (\d+) = (\d+) completed \+ (\d+) flushed by )"
      R"((\d+) resets? \+ (\d+) lost; (\d+) out of order \(lost, duplicated or reordered\), (\d+) )"
      R"(unexpected, (\d+) wrong results, (\d+) cycle deviations)");
  REQUIRE(std::regex_search(output, m, soak));
  uint64_t* fields[] = {&s.transactions, &s.accepted, &s.completed, &s.flushed, &s.resets,
                        &s.lost,         &s.out_of_order, &s.unexpected, &s.wrong, &s.deviations};
  for (size_t i = 0; i < std::size(fields); ++i) *fields[i] = std::stoull(m[i + 1]);
  static const std::regex cycles(R"(\n(\d+) cycles, )");
  REQUIRE(std::regex_search(output, m, cycles));
  s.cycles = std::stoull(m[1]);
  static const std::regex memory(
      R"(resident memory: ([0-9.]+) MiB once set up, ([0-9.]+) MiB at the end; peak ([0-9.]+) MiB)");
  REQUIRE(std::regex_search(output, m, memory));
  s.memory_start = std::stod(m[1]);
  s.memory_end = std::stod(m[2]);
  s.memory_peak = std::stod(m[3]);
  static const std::regex header(R"(, (\d+) resets?, about every \d+ cycles\n)");
  REQUIRE(std::regex_search(output, m, header));
  s.header_resets = std::stoull(m[1]);
  return s;
}

// AddressSanitizer's quarantine holds freed memory resident (up to 256 MiB), so in the sanitizer
// build (scripts/test --sanitize, which builds halfpipe and this test alike) the resident set's
// growth says nothing about what the program keeps: that one check is for the plain build.
#if defined(__SANITIZE_ADDRESS__)
constexpr bool kUnderAddressSanitizer = true;
#elif defined(__has_feature)
constexpr bool kUnderAddressSanitizer = __has_feature(address_sanitizer);
#else
constexpr bool kUnderAddressSanitizer = false;
#endif

}  // namespace

TEST_CASE("soak: 10^5 transactions, a reset about every 10^4 cycles: each accepted one completed once or flushed, exit 0", "[cosim][cli][soak]") {
  const uint64_t kEvery = 10000;
  const Run r = run_halfpipe("cosim --soak 100000 --reset-every 10000");
  INFO(r.output);
  CHECK(r.status == 0);
  const SoakSummary s = soak_summary(r.output);
  CHECK(s.transactions == 100000);
  CHECK(s.completed == 100000);  // each transaction left once: none lost, none twice
  CHECK(s.accepted == s.completed + s.flushed);
  CHECK(s.flushed > 0);  // the resets hit work in flight
  CHECK(s.lost == 0);
  CHECK(s.out_of_order == 0);
  CHECK(s.unexpected == 0);
  CHECK(s.wrong == 0);
  CHECK(s.deviations == 0);
  // Reset k follows a cycle in [k*C - C/4, k*C + C/4], and comes when that cycle is before the
  // run's last (T cycles: edges 0 .. T-1). So every k with k*C + C/4 <= T - 1 has come and no k
  // with k*C - C/4 > T - 1: the count lies in [floor((T-1 - C/4)/C), floor((T-1 + C/4)/C)].
  CHECK(s.resets >= (s.cycles - 1 - kEvery / 4) / kEvery);
  CHECK(s.resets <= (s.cycles - 1 + kEvery / 4) / kEvery);
  // 10^5 transactions at about 0.8 a cycle (10% gaps, 10% back-pressure): some 12 resets.
  CHECK(s.resets >= 10);
  CHECK(s.header_resets == s.resets);
  // Nothing kept per transaction: 10^5 of them, held at even 24 bytes each, would add 2.3 MiB.
  CHECK(s.memory_start > 0);
  if (!kUnderAddressSanitizer) CHECK(s.memory_end - s.memory_start < 2.0);
  CHECK(s.memory_peak >= s.memory_end);
  CHECK(r.output.find("100000 passed, 0 failed") != std::string::npos);
}

TEST_CASE("soak: periodic reset k comes after a cycle in [k*C - C/4, k*C + C/4] and the log shows each transaction once, in order", "[cosim][cli][soak]") {
  const std::string log_path = (std::filesystem::temp_directory_path() /
                                ("halfpipe_soak_" + std::to_string(getpid()) + ".log")).string();
  const uint64_t kEvery = 400;
  const Run r = run_halfpipe("cosim --soak 5000 --reset-every 400 --seed 3 --log " + log_path);
  INFO(r.output);
  REQUIRE(r.status == 0);
  const SoakSummary s = soak_summary(r.output);

  std::ifstream log(log_path);
  static const std::regex note(
      R"(# reset after the edge at cycle (\d+) \(periodic reset (\d+), about every 400 cycles\); )"
      R"((\d+) in flight in the RTL and (\d+) in the model are offered again)");
  uint64_t resets = 0, flushed = 0, transactions = 0, last_cycle = 0;
  bool jittered = false;
  for (std::string line; std::getline(log, line);) {
    std::smatch m;
    if (std::regex_match(line, m, note)) {
      ++resets;
      const uint64_t cycle = std::stoull(m[1]);
      CHECK(std::stoull(m[2]) == resets);
      CHECK(cycle >= resets * kEvery - kEvery / 4);
      CHECK(cycle <= resets * kEvery + kEvery / 4);
      jittered |= cycle != resets * kEvery;
      CHECK(m[3] == m[4]);  // the model held what the RTL held
      flushed += std::stoull(m[3]);
      continue;
    }
    if (line.empty() || line[0] == '#') continue;
    // "cycle tag form ...": transaction n carries tag n mod 256 and leaves after n - 1.
    std::istringstream fields(line);
    uint64_t cycle = 0;
    std::string tag;
    fields >> cycle >> tag;
    CHECK(std::stoul(tag, nullptr, 16) == (transactions & 0xFF));
    if (transactions > 0) CHECK(cycle > last_cycle);
    last_cycle = cycle;
    ++transactions;
  }
  CHECK(transactions == 5000);
  CHECK(resets == s.resets);
  CHECK(resets >= 10);  // 5000 transactions at about 0.8 a cycle: some 15
  CHECK(flushed == s.flushed);
  CHECK(jittered);  // "about" every 400: not all on the multiples
  std::filesystem::remove(log_path);
}

TEST_CASE("soak: one corrupted RTL result fails the soak with exit 1", "[cosim][cli][soak]") {
  const Run r = run_halfpipe("cosim --soak 100000 --reset-every 10000 --inject-rtl-fault 50000");
  INFO(r.output);
  CHECK(r.status == 1);
  CHECK(r.output.find("mismatch: RTL ") != std::string::npos);
  const SoakSummary s = soak_summary(r.output);
  CHECK(s.wrong == 1);
  CHECK(s.accepted == s.completed + s.flushed);  // the result was wrong, not lost
  CHECK(r.output.find("99999 passed, 1 failed") != std::string::npos);
}

TEST_CASE("soak: a reset interval under 100 cycles, a soak of 0 and a bare soak are usage errors", "[cosim][cli][soak]") {
  const Run close = run_halfpipe("cosim add.f16 --reset-every 99");
  CHECK(close.status == 2);
  CHECK(close.output.find("--reset-every: '99' is less than 100") != std::string::npos);
  const Run empty = run_halfpipe("cosim --soak 0");
  CHECK(empty.status == 2);
  CHECK(empty.output.find("--soak") != std::string::npos);
  const Run bare = run_halfpipe("cosim --soak 1000 --bare");
  CHECK(bare.status == 2);
  CHECK(bare.output.find("no --soak or --reset-every") != std::string::npos);
}
