// libFuzzer target: the option parsing of `sweep`, `cosim`, `gen` and `explore` (sim/commands.h),
// through their parse functions on an argument array, as main() passes the words after the
// command's name. The first input byte picks the command (modulo 4: sweep, cosim, gen,
// explore); the rest, split at NUL bytes, is the argument array.
//
// Invariants: a parse function never throws, never exits; a refusal carries a one-line message
// and a non-zero status (--help: status 0 and the help text); a parse that succeeds gives values
// inside the ranges the vocabulary documents (sim/README.md, "Option vocabulary").
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "fuzz/fuzz_check.h"
#include "sim/commands.h"

namespace {

namespace cli = halfpipe::cli;

std::string joined(const std::vector<std::string>& args) {
  std::string text;
  for (const std::string& a : args) text += (text.empty() ? "'" : " '") + a + "'";
  return text;
}

bool probability(double p) { return p >= 0 && p < 1; }

bool shard_valid(const halfpipe::vectors::Shard& s) {
  return s.index >= 1 && s.index <= s.count;
}

// What every parse gives back, accepted or not.
template <typename Options>
bool check_stop(const cli::Parsed<Options>& parsed, const std::vector<std::string>& args) {
  if (parsed.ok()) {
    FUZZ_CHECK(parsed.status == 0, joined(args));
    return true;
  }
  FUZZ_CHECK(!parsed.text.empty(), joined(args) + ": status " + std::to_string(parsed.status));
  if (parsed.status != 0)  // a usage error is one line on standard error; --help is many
    FUZZ_CHECK(halfpipe::fuzz::one_line(parsed.text), joined(args) + ": " + parsed.text);
  return false;
}

void sweep(const std::vector<std::string>& args) {
  const auto parsed = cli::parse_sweep_options(args);
  if (!check_stop(parsed, args)) return;
  const cli::SweepOptions& o = *parsed.options;
  FUZZ_CHECK(o.lanes >= 1 && o.depth >= 1, joined(args));
  FUZZ_CHECK(probability(o.gaps) && probability(o.backpressure), joined(args));
  FUZZ_CHECK(o.threads == 1 || o.threads == 2, joined(args));
  FUZZ_CHECK(o.arity >= 0 && o.arity <= 3, joined(args));
  FUZZ_CHECK(shard_valid(o.shard), joined(args));
}

void cosim(const std::vector<std::string>& args) {
  const auto parsed = cli::parse_cosim_options(args);
  if (!check_stop(parsed, args)) return;
  const cli::CosimOptions& o = *parsed.options;
  FUZZ_CHECK(o.lanes >= 1 && o.depth >= 1, joined(args));
  // -1: not given, chosen when running (0.1, or 0 for a run of --vector instructions alone).
  FUZZ_CHECK((o.gaps == -1 || probability(o.gaps)) && (o.backpressure == -1 || probability(o.backpressure)),
             joined(args));
  FUZZ_CHECK(o.reset_at >= -1 && o.flip_output >= -1, joined(args));
  FUZZ_CHECK(o.quantum >= 1 && o.quantum <= (uint64_t{1} << 20), joined(args));
}

void gen(const std::vector<std::string>& args) {
  const auto parsed = cli::parse_gen_options(args);
  if (!check_stop(parsed, args)) return;
  FUZZ_CHECK(shard_valid(parsed.options->shard), joined(args));
}

void explore(const std::vector<std::string>& args) {
  const auto parsed = cli::parse_explore_options(args);
  if (!check_stop(parsed, args)) return;
  const cli::ExploreOptions& o = *parsed.options;
  FUZZ_CHECK(o.config.lanes >= 1, joined(args));
  FUZZ_CHECK(probability(o.workload.gap) && probability(o.workload.backpressure), joined(args));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const std::vector<std::string> args = halfpipe::fuzz::split_at_nul(data + 1, size - 1);
  switch (data[0] % 4) {
    case 0: sweep(args); break;
    case 1: cosim(args); break;
    case 2: gen(args); break;
    case 3: explore(args); break;
  }
  return 0;
}
