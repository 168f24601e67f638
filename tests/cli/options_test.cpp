// The one option vocabulary (sim/options.h) as the commands' parse functions see it: each
// command keeps its own defaults, old spellings parse to what the new names parse to and are
// not listed by --help, bad values are refused with the option named, and sim/README.md documents
// every option once.
#include <catch2/catch.hpp>

#include <fstream>
#include <initializer_list>
#include <sstream>
#include <string>
#include <vector>

#include "sim/commands.h"

using namespace halfpipe::cli;

namespace {

std::vector<std::string> words(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

template <typename Options>
Options parsed_ok(const Parsed<Options>& p) {
  INFO(p.text);
  REQUIRE(p.ok());
  return *p.options;
}

// An argument list sweep's parse refuses with a usage error (exit 2) whose text holds `message`.
struct Refusal {
  std::string args;
  std::string message;
};

void check_sweep_refuses(std::initializer_list<Refusal> refusals) {
  for (const Refusal& r : refusals) {
    CAPTURE(r.args);
    const auto p = parse_sweep_options(words(r.args));
    CHECK_FALSE(p.ok());
    CHECK(p.status == kUsageOrInputError);
    CHECK(p.text.find(r.message) != std::string::npos);
  }
}

std::string vocabulary_page() {
  std::ifstream in(HALFPIPE_SOURCE_DIR "/sim/README.md");
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace

TEST_CASE("options: each command keeps its own defaults under the shared names", "[cli][options]") {
  const auto gen = parsed_ok(parse_gen_options({}));
  CHECK(gen.c_values.empty());  // all 65536 c values
  CHECK(gen.seed == 1);
  CHECK(gen.shard.index == 1);
  CHECK(gen.shard.count == 1);
  CHECK(gen.output.empty());  // standard output

  const auto sweep = parsed_ok(parse_sweep_options({}));
  CHECK(sweep.c_values.empty());  // read as 0x0000 by the sweep
  CHECK(sweep.gaps == 1.0 / 32);
  CHECK(sweep.backpressure == 1.0 / 32);
  CHECK(sweep.lanes == 2);
  CHECK(sweep.depth == 4);
  CHECK_FALSE(sweep.all_ptx);

  const auto cosim = parsed_ok(parse_cosim_options({}));
  // Chosen when running: 0.1 each, or none for a run of --vector instructions alone.
  CHECK(cosim.gaps < 0);
  CHECK(cosim.backpressure < 0);
  CHECK(cosim.random == 0);  // the default regression's streams are chosen when running
  CHECK(cosim.reset_at == -1);

  const auto explore = parsed_ok(parse_explore_options({}));
  CHECK(explore.workload.gap == 0.0);
  CHECK(explore.workload.backpressure == 0.0);
  CHECK(explore.workload.count == 100000);

  CHECK(parsed_ok(parse_check_options({"f.vec"})).lanes == 2);
  CHECK(parsed_ok(parse_check_options({"f.vec"})).max_reported == 20);
}

TEST_CASE("options: the shared names parse the same everywhere", "[cli][options]") {
  const auto gen = parsed_ok(parse_gen_options(
      words("fma.rn.f16 --exhaustive --c 3c00,0x8000 --seed 0x2a --shard 2/5 --random 7")));
  CHECK(gen.c_values == std::vector<uint16_t>{0x3c00, 0x8000});
  CHECK(gen.seed == 42);
  CHECK(gen.shard.index == 2);
  CHECK(gen.shard.count == 5);
  CHECK(gen.random_count == 7);

  const auto sweep = parsed_ok(parse_sweep_options(
      words("fma.rn.f16 --exhaustive --c 3c00,0x8000 --seed 0x2a --shard 2/5 --random 7 "
            "--gaps 0.25 --backpressure 0.5")));
  CHECK(sweep.c_values == gen.c_values);
  CHECK(sweep.seed == 42);
  CHECK(sweep.shard.index == 2);
  CHECK(sweep.shard.count == 5);
  CHECK(sweep.random == 7);
  CHECK(sweep.gaps == 0.25);
  CHECK(sweep.backpressure == 0.5);

  const auto explore =
      parsed_ok(parse_explore_options(words("--seed 0x2a --random 7 --gaps 0.25 --backpressure 0.5")));
  CHECK(explore.workload.seed == 42);
  CHECK(explore.workload.count == 7);
  CHECK(explore.workload.gap == 0.25);
  CHECK(explore.workload.backpressure == 0.5);
}

TEST_CASE("options: each old spelling parses to what its new name parses to", "[cli][options]") {
  // explore's --gap and --count.
  const auto gap = parsed_ok(parse_explore_options(words("--gap 0.3 --count 77")));
  const auto gaps = parsed_ok(parse_explore_options(words("--gaps 0.3 --random 77")));
  CHECK(gap.workload.gap == 0.3);
  CHECK(gap.workload.gap == gaps.workload.gap);
  CHECK(gap.workload.count == 77);
  CHECK(gap.workload.count == gaps.workload.count);

  // sweep's --stall P: back-pressure P and gaps P.
  const auto stall = parsed_ok(parse_sweep_options(words("add.f16 --stall 0.2")));
  CHECK(stall.gaps == 0.2);
  CHECK(stall.backpressure == 0.2);

  // sweep's --all and --visa.
  const auto all = parsed_ok(parse_sweep_options(words("--all --visa")));
  CHECK(all.all_ptx);
  CHECK(all.all_visa);

  // cosim's --vectors FILE and --visa.
  const auto vectors = parsed_ok(parse_cosim_options(words("--vectors a.vec --visa")));
  CHECK(vectors.vector_file == "a.vec");
  CHECK(vectors.all_visa);
}

TEST_CASE("options: an old spelling and its new name together are a usage error", "[cli][options]") {
  struct Case {
    const char* args;
    const char* message;
  };
  const Case cases[] = {
      {"--gap 0.1 --gaps 0.2", "--gap is the old spelling of --gaps: give one of them"},
      {"--random 6 --count 5", "--count is the old spelling of --random: give one of them"},
  };
  for (const Case& c : cases) {
    CAPTURE(c.args);
    const auto p = parse_explore_options(words(c.args));
    CHECK_FALSE(p.ok());
    CHECK(p.status == 2);
    CHECK(p.text == c.message);
  }
  const auto p = parse_sweep_options(words("add.f16 --stall 0.1 --backpressure 0.2"));
  CHECK(p.status == 2);
  CHECK(p.text == "--stall is the old spelling of --backpressure: give one of them");
  const auto q = parse_sweep_options(words("--all-ptx --all"));
  CHECK(q.status == 2);
  CHECK(q.text == "--all is the old spelling of --all-ptx: give one of them");
}

TEST_CASE("options: --help lists the vocabulary's names and hides the old spellings", "[cli][options]") {
  const auto sweep = parse_sweep_options({"--help"});
  REQUIRE_FALSE(sweep.ok());
  CHECK(sweep.status == 0);
  for (const char* name : {"--all-ptx", "--all-visa", "--gaps", "--backpressure", "--random",
                           "--vector", "--c", "--shard", "--seed", "--threads"}) {
    CAPTURE(name);
    CHECK(sweep.text.find(std::string(name) + " ") != std::string::npos);
  }
  const auto cosim = parse_cosim_options({"--help"});
  CHECK(cosim.text.find("--vector-file") != std::string::npos);
  const auto explore = parse_explore_options({"--help"});
  for (const auto* help : {&sweep.text, &cosim.text, &explore.text}) {
    for (const char* old : {"--all ", "--visa ", "--stall", "--gap ", "--count", "--vectors"}) {
      CAPTURE(*help, old);
      CHECK(help->find(old) == std::string::npos);
    }
  }
}

TEST_CASE("options: a value out of range is a usage error naming the option, exit 2", "[cli][options]") {
  check_sweep_refuses({
      {"add.f16 --gaps 1", "--gaps: the gap probability must be in [0, 1), not 1"},
      {"add.f16 --backpressure -0.5", "--backpressure: the back-pressure probability must be in [0, 1)"},
      {"add.f16 --stall 1", "the stall probability must be in [0, 1), not 1"},
      {"add.f16 --shard 4/3", "--shard: shard '4/3' needs 1 <= K <= N"},
      {"fma.rn.f16 --c 3c00,10000", "--c: '10000' is not a 16-bit hex value"},
      {"add.f16 --seed seven", "--seed: 'seven' is not a number"},
      {"add.f16 --lanes 0", "--lanes"},
      {"add.f16 --threads 3", "--threads"},
  });
  const auto explore = parse_explore_options(words("--gap 1"));
  CHECK(explore.status == 2);
  CHECK(explore.text.find("the gap probability must be in [0, 1), not 1") != std::string::npos);
}

// Found by fuzz/fuzz_options (fuzz/regressions/fuzz_options/lanes-zero-in-hex): a whole number
// after 0x skipped the range check, so `--lanes 0x0` gave a unit of no lanes.
TEST_CASE("options: a whole number in hex is held to the range it has in decimal", "[cli][options]") {
  check_sweep_refuses({
      {"add.f16 --lanes 0x0", "--lanes: '0x0' is less than 1"},
      {"add.f16 --depth 0X0", "--depth: '0X0' is less than 1"},
      {"add.f16 --threads 0x3", "--threads: '0x3' is not in 1..2"},
      {"--all-ptx --operands 0x4", "--operands: '0x4' is not in 1..3"},
      {"add.f16 --lanes 0x", "--lanes: '0x' is not a whole number"},
      {"add.f16 --lanes 0x-1", "--lanes: '0x-1' is not a whole number"},
      {"add.f16 --lanes 0x2g", "--lanes: '0x2g' is not a whole number"},
  });
  // 2^20 + 1 cycles, one past --quantum's greatest.
  const auto quantum = parse_cosim_options(words("add.f16 --quantum 0x100001"));
  CHECK(quantum.status == kUsageOrInputError);
  CHECK(quantum.text.find("--quantum: '0x100001' is not in 1..1048576") != std::string::npos);
  // In range, hex is taken as before.
  const auto sweep = parsed_ok(parse_sweep_options(words("add.f16 --lanes 0x8 --depth 0XD")));
  CHECK(sweep.lanes == 8);
  CHECK(sweep.depth == 13);
  CHECK(parsed_ok(parse_cosim_options(words("add.f16 --quantum 0x100000"))).quantum == 1048576);
}

TEST_CASE("options: a negative count is refused, not read as 2^64 - 1", "[cli][options]") {
  // `gen add.rn.f16 --random -1` once wrote vectors until it was killed.
  const std::string negative = "'-1' is negative";
  const auto gen = parse_gen_options(words("add.rn.f16 --random -1"));
  CHECK(gen.status == 2);
  CHECK(gen.text.find("--random") != std::string::npos);
  CHECK(gen.text.find(negative) != std::string::npos);
  const auto sweep = parse_sweep_options(words("add.rn.f16 --random -1"));
  CHECK(sweep.status == 2);
  CHECK(sweep.text.find(negative) != std::string::npos);
  const auto cosim = parse_cosim_options(words("add.rn.f16 --random -1"));
  CHECK(cosim.status == 2);
  CHECK(cosim.text.find(negative) != std::string::npos);
  const auto sweep_cycles = parse_sweep_options(words("--bare --bare-cycles -5"));
  CHECK(sweep_cycles.status == 2);
  const auto check = parse_check_options(words("x.vec --max-errors -1"));
  CHECK(check.status == 2);
  const auto seed = parse_gen_options(words("add.rn.f16 --random 1 --seed -1"));
  CHECK(seed.status == 2);
  const auto count = parse_explore_options(words("--count -3"));  // the old spelling too
  CHECK(count.status == 2);
  CHECK(count.text.find("'-3' is negative") != std::string::npos);
  // Zero is a count.
  CHECK(parse_gen_options(words("add.rn.f16 --random 0 --corner")).ok());
}

TEST_CASE("options: sim/README.md's vocabulary table lists every option and every old spelling", "[cli][options]") {
  const std::string text = vocabulary_page();
  const size_t table = text.find("## Option vocabulary");
  REQUIRE(table != std::string::npos);
  const std::string section = text.substr(table, text.find("\n## ", table) - table);
  for (const OptionSpec& spec : vocabulary()) {
    CAPTURE(spec.name);
    CHECK(section.find("`" + spec.name) != std::string::npos);
    for (const auto& alias : spec.aliases) {
      CAPTURE(alias);
      CHECK(section.find("`" + alias) != std::string::npos);
    }
  }
  for (const auto& command : command_registry()) {
    CAPTURE(command.name);
    CHECK(section.find("| `" + command.name + "` |") != std::string::npos);
  }
}

// Found by fuzz/fuzz_options (fuzz/regressions/fuzz_options/unknown-option-with-newline): CLI11
// quotes a refused argument as given, so a newline in it split the one-line usage error.
TEST_CASE("options: a refused argument holding control bytes is quoted with them escaped, on one line", "[cli][options]") {
  const auto p = parse_sweep_options({"--vect\n\x01ors\x7f"});
  REQUIRE_FALSE(p.ok());
  CHECK(p.status == kUsageOrInputError);
  CHECK(p.text == "The following argument was not expected: --vect\\x0A\\x01ors\\x7F");
}

TEST_CASE("options: printable escapes exactly the bytes below 0x20 and 0x7F", "[cli][options]") {
  CHECK(printable("a b~\t\x1f\x7f\x80") == "a b~\\x09\\x1F\\x7F\x80");
}
