// `halfpipe sweep`: the RTL (Verilated hp_alu) swept against the reference. Forms are PTX forms
// (isa::decode_ptx); every lane of every beat computes the form, so a Lanes=8 unit checks eight
// vectors a cycle under random back-pressure and input gaps. Each mismatch is printed with a
// command that reproduces it; the run ends with one line "N passed, N failed".
//
//   halfpipe sweep add.rn.f16 fma.rn.relu.bf16x2 --corner --random 100000 --seed 7
//   halfpipe sweep add.rn.f16 --exhaustive --shard 3/8 --lanes 8
//   halfpipe sweep --all --corner --random 1000
#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <exception>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "model/isa/ptx.h"
#include "sim/commands.h"
#include "tb/dut.h"
#include "tb/streams.h"
#include "tb/sweep.h"
#include "vectors/coverage.h"

namespace halfpipe::cli {
namespace {

struct SweepOptions {
  std::vector<std::string> forms;
  bool all = false;
  bool scalar_only = false;
  int arity = 0;
  bool corner = false;
  uint64_t random = 0;
  uint64_t seed = 1;
  bool exhaustive = false;
  std::string shard;
  int lanes = 2;
  int depth = 4;
  std::vector<std::string> vectors;
  std::string c_values;
  double stall = 1.0 / 32;
  bool bare = false;
  uint64_t bare_cycles = 2'000'000;
};

// "0x3c00" or "3c00" -> 0x3c00; nullopt unless it is a 16-bit hexadecimal number.
std::optional<uint16_t> parse_hex16(std::string text) {
  if (text.rfind("0x", 0) == 0 || text.rfind("0X", 0) == 0) text = text.substr(2);
  if (text.empty() || text.size() > 4) return std::nullopt;
  uint32_t v = 0;
  for (char ch : text) {
    int d;
    if (ch >= '0' && ch <= '9') d = ch - '0';
    else if (ch >= 'a' && ch <= 'f') d = ch - 'a' + 10;
    else if (ch >= 'A' && ch <= 'F') d = ch - 'A' + 10;
    else return std::nullopt;
    v = v * 16 + static_cast<uint32_t>(d);
  }
  return static_cast<uint16_t>(v);
}

std::vector<std::string> split(const std::string& text, char sep) {
  std::vector<std::string> parts;
  size_t start = 0;
  while (true) {
    const size_t end = text.find(sep, start);
    parts.push_back(text.substr(start, end - start));
    if (end == std::string::npos) return parts;
    start = end + 1;
  }
}

struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

int run(const SweepOptions& o) {
  std::vector<std::string> forms = o.forms;
  if (o.all) {
    for (const auto& form : isa::legal_ptx_forms()) {
      const auto d = isa::decode_ptx(form);
      if (!d.uop) continue;
      if (o.scalar_only && d.uop->packed) continue;
      if (o.arity && operand_count(d.uop->op) != o.arity) continue;
      forms.push_back(form);
    }
  }
  if (forms.empty()) throw UsageError("no form given (name PTX forms, or --all)");

  uint64_t shard_k = 1, shard_n = 1;
  if (!o.shard.empty()) {
    const auto parts = split(o.shard, '/');
    try {
      if (parts.size() != 2) throw std::invalid_argument("");
      shard_k = std::stoull(parts[0]);
      shard_n = std::stoull(parts[1]);
    } catch (const std::exception&) {
      throw UsageError(fmt::format("--shard '{}': expected K/N, e.g. 3/8", o.shard));
    }
    if (shard_n == 0 || shard_k == 0 || shard_k > shard_n) {
      throw UsageError(fmt::format("--shard '{}': K must be 1..N", o.shard));
    }
  }

  std::vector<tb::Operands> explicit_vectors;
  std::vector<size_t> explicit_counts;  // operands each --vector gives
  for (const auto& text : o.vectors) {
    tb::Operands ops{};
    const auto parts = split(text, ',');
    if (parts.size() > 3) throw UsageError(fmt::format("--vector '{}': at most three operands", text));
    for (size_t i = 0; i < parts.size(); ++i) {
      const auto v = parse_hex16(parts[i]);
      if (!v) throw UsageError(fmt::format("--vector '{}': '{}' is not a 16-bit hex value", text, parts[i]));
      ops[i] = *v;
    }
    explicit_vectors.push_back(ops);
    explicit_counts.push_back(parts.size());
  }
  std::vector<uint16_t> c_values;
  if (!o.c_values.empty()) {
    for (const auto& part : split(o.c_values, ',')) {
      const auto v = parse_hex16(part);
      if (!v) throw UsageError(fmt::format("--c '{}': '{}' is not a 16-bit hex value", o.c_values, part));
      c_values.push_back(*v);
    }
  }
  if (!o.corner && !o.random && !o.exhaustive && explicit_vectors.empty() && !o.bare) {
    throw UsageError("nothing to sweep: give --corner, --random N, --exhaustive or --vector");
  }

  std::vector<tb::SweepPlan> plans;
  for (const auto& form : forms) {
    const auto decoded = isa::decode_ptx(form);
    if (!decoded.uop) throw UsageError(fmt::format("'{}': {}", form, decoded.error));
    const Uop& u = *decoded.uop;
    for (size_t i = 0; i < explicit_vectors.size(); ++i) {
      if (explicit_counts[i] != static_cast<size_t>(operand_count(u.op))) {
        throw UsageError(fmt::format("--vector '{}': '{}' takes {} operand(s)", o.vectors[i], form,
                                     operand_count(u.op)));
      }
    }
    std::vector<std::unique_ptr<tb::VectorStream>> parts;
    if (!explicit_vectors.empty()) parts.push_back(tb::list_stream(explicit_vectors));
    if (o.corner) parts.push_back(tb::corner_stream(u));
    if (o.random) parts.push_back(tb::random_stream(u, o.random, o.seed));
    if (o.exhaustive) {
      std::vector<uint16_t> cs = c_values.empty() ? std::vector<uint16_t>{0x0000} : c_values;
      parts.push_back(tb::exhaustive_stream(u, cs));
    }
    auto stream = tb::concat_streams(std::move(parts));
    const auto [begin, end] = tb::shard_range(stream->size(), shard_k, shard_n);
    plans.push_back({form, u, tb::slice_stream(std::move(stream), begin, end)});
  }

  auto dut = tb::make_dut(o.lanes, o.depth, 0);
  if (o.bare) {
    const tb::Throughput t = tb::bare_throughput(*dut, plans.front().uop, o.bare_cycles);
    std::cout << fmt::format("bare model {} Lanes={} Depth={}: {:.3f} M lane-ops/s per CPU second "
                             "({:.3f} M per wall second; {} cycles, constant inputs)\n",
                             plans.front().form, o.lanes, o.depth, t.per_cpu_second / 1e6,
                             t.per_second / 1e6, o.bare_cycles);
    return 0;
  }

  tb::SweepSettings settings;
  settings.seed = o.seed;
  settings.stall_probability = o.stall;
  settings.progress = isatty(STDERR_FILENO) != 0;
  settings.reproduce_options = fmt::format(" --lanes {}", o.lanes);
  if (o.depth != 4) settings.reproduce_options += fmt::format(" --depth {}", o.depth);
  vectors::Coverage coverage;
  if (!o.exhaustive) settings.coverage = &coverage;
  const tb::SweepTotals t = tb::run_sweep(*dut, plans, settings, std::cout);
  if (t.stopped_early) std::cout << "stopped after the first mismatches\n";
  const double results = static_cast<double>(t.passed + t.failed);
  std::cerr << fmt::format("{} lane results in {:.2f} s ({:.2f} s CPU): {:.3f} M lane-ops/s per CPU "
                           "second, {:.3f} M per wall second (Lanes={}, {} cycles)\n",
                           t.passed + t.failed, t.seconds, t.cpu_seconds,
                           results / (t.cpu_seconds > 0 ? t.cpu_seconds : 1) / 1e6,
                           results / (t.seconds > 0 ? t.seconds : 1) / 1e6, o.lanes, t.cycles);
  if (settings.coverage) std::cout << coverage.summary() << "\n";
  std::cout << fmt::format("{} passed, {} failed\n", t.passed, t.failed);
  return t.failed == 0 && !t.stopped_early ? 0 : 1;
}

void add_sweep_command(CLI::App& app) {
  auto options = std::make_shared<SweepOptions>();
  CLI::App* sweep = app.add_subcommand("sweep", "sweep the Verilated RTL against the reference");
  sweep->add_option("forms", options->forms, "PTX forms, e.g. add.rn.f16 fma.rn.relu.bf16x2");
  sweep->add_flag("--all", options->all, "every legal PTX form");
  sweep->add_flag("--scalar", options->scalar_only,
                  "with --all: scalar forms only (a packed form computes each lane as its scalar "
                  "form does, S2)");
  sweep->add_option("--operands", options->arity,
                    "with --all: only forms reading this many operands (1, 2 or 3)")
      ->check(CLI::Range(1, 3));
  sweep->add_flag("--corner", options->corner, "every combination of the format's corner values");
  sweep->add_option("--random", options->random, "this many seeded random operand sets per form");
  sweep->add_option("--seed", options->seed, "seed of the random operands and traffic (default 1)");
  sweep->add_flag("--exhaustive", options->exhaustive,
                  "all 2^16 (unary) or 2^32 (binary) operands; fma: all (a, b) for each --c value "
                  "(no coverage summary then: it would double the cost)");
  sweep->add_option("--c", options->c_values,
                    "fma --exhaustive: comma-separated hex c values (default 0x0000)");
  sweep->add_option("--shard", options->shard, "run slice K of N equal slices (K = 1..N), e.g. 3/8");
  sweep->add_option("--lanes", options->lanes, "lane count of the Verilated unit: 2, 4 or 8")
      ->capture_default_str();
  sweep->add_option("--depth", options->depth, "pipeline depth of the Verilated unit")
      ->capture_default_str();
  sweep->add_option("--vector", options->vectors, "an explicit operand set, hex a[,b[,c]] (repeatable)");
  sweep->add_option("--stall", options->stall,
                    "probability per cycle of back-pressure, and apart of an input gap")
      ->check(CLI::Range(0.0, 0.95))
      ->capture_default_str();
  sweep->add_flag("--bare", options->bare,
                  "benchmark: clock the bare model with constant inputs, nothing checked");
  sweep->add_option("--bare-cycles", options->bare_cycles, "cycles for --bare")->capture_default_str();
  sweep->callback([options] {
    int status;
    try {
      status = run(*options);
    } catch (const UsageError& e) {
      std::cerr << "halfpipe sweep: " << e.what() << "\n";
      status = 2;
    } catch (const std::invalid_argument& e) {  // make_dut: a configuration not Verilated
      std::cerr << "halfpipe sweep: " << e.what() << "\n";
      status = 2;
    }
    if (status != 0) throw CLI::RuntimeError(status);
  });
}

}  // namespace

HALFPIPE_COMMAND(sweep, add_sweep_command);

}  // namespace halfpipe::cli
