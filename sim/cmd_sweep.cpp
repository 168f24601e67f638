// `halfpipe sweep`: the RTL (Verilated hp_alu) swept against the reference, with the vectors
// library's streams (the vectors `halfpipe gen` writes). PTX forms fill every lane of a beat
// with instructions of the form, so a Lanes=8 unit checks eight lane operations a cycle; vISA
// forms run as the front-end's beats (S25). All under random back-pressure and input gaps. Each
// mismatch is printed with a command that reproduces it; the run ends with one line
// "N passed, N failed".
//
//   halfpipe sweep add.rn.f16 fma.rn.relu.bf16x2 --corner --random 100000 --seed 7
//   halfpipe sweep add.rn.f16 --exhaustive --shard 3/8 --lanes 8
//   halfpipe sweep --all --corner --random 1000
//   halfpipe sweep 'MAX.sat (16, M5) hf' --corner --random 1000 --lanes 4
//   halfpipe sweep --visa --corner --random 100
#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include <unistd.h>

#include <array>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "model/isa/ptx.h"
#include "model/isa/visa.h"
#include "sim/commands.h"
#include "tb/beats.h"
#include "tb/dut.h"
#include "tb/sweep.h"
#include "tb/visa_beats.h"
#include "vectors/coverage.h"
#include "vectors/line.h"

namespace halfpipe::cli {
namespace {

struct SweepOptions {
  std::vector<std::string> forms;
  bool all = false;
  bool all_visa = false;
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
  int threads = std::thread::hardware_concurrency() > 1 ? 2 : 1;
  bool bare = false;
  uint64_t bare_cycles = 2'000'000;
};

struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

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

// `--vector a[,b[,c]]` of a PTX form: its registers in hex, 16 bits for a scalar form and 32
// for a packed one (lane 1 in bits [31:16], S2); a 16-bit value given to a packed form goes to
// both lanes.
tb::PtxVector ptx_vector(const std::string& text, const std::string& form, const Uop& u) {
  const auto parts = split(text, ',');
  if (parts.size() != static_cast<size_t>(operand_count(u.op)))
    throw UsageError(fmt::format("--vector '{}': '{}' takes {} operand(s)", text, form,
                                 operand_count(u.op)));
  std::array<uint32_t, 3> regs{};
  for (size_t i = 0; i < parts.size(); ++i) {
    const vectors::Hex v =
        vectors::parse_hex(parts[i], vectors::HexLimit::digits(u.packed ? 8 : 4));
    if (!v)
      throw UsageError(fmt::format("--vector '{}': '{}' is not a {}-bit hex value", text, parts[i],
                                   u.packed ? 32 : 16));
    const auto value = static_cast<uint32_t>(v.value);
    regs[i] = u.packed && v.digits <= 4 ? value | (value << 16) : value;
  }
  return {{regs[0], regs[1], regs[2]}, std::nullopt};
}

// `--vector 'EMASK DST SRC0 SRC1'` of a vISA form: the rest of its batch line.
isa::visa::BatchLine visa_vector(const std::string& text, const std::string& form) {
  const auto line = vectors::parse_visa_line(form + " " + text);
  if (!line) throw UsageError(fmt::format("--vector '{}' for '{}': {}", text, form, line.error));
  return *line;
}

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
  if (o.all_visa) {
    for (const auto& i : tb::visa_rtl_forms()) forms.push_back(isa::visa::form_name(i));
  }
  if (forms.empty()) throw UsageError("no form given (name PTX or vISA forms, or --all, --visa)");

  vectors::Shard shard;
  if (!o.shard.empty()) {
    std::string error;
    const auto parsed = vectors::parse_shard(o.shard, error);
    if (!parsed) throw UsageError("--shard: " + error);
    shard = *parsed;
  }
  std::vector<uint16_t> c_values;
  if (!o.c_values.empty()) {
    for (const auto& part : split(o.c_values, ',')) {
      const vectors::Hex v = vectors::parse_hex(part, vectors::HexLimit::digits(4));
      if (!v) throw UsageError(fmt::format("--c '{}': '{}' is not a 16-bit hex value", o.c_values, part));
      c_values.push_back(static_cast<uint16_t>(v.value));
    }
  }
  if (!o.corner && !o.random && !o.exhaustive && o.vectors.empty() && !o.bare) {
    throw UsageError("nothing to sweep: give --corner, --random N, --exhaustive or --vector");
  }
  std::vector<vectors::StreamSpec> specs;
  auto spec = [&](vectors::StreamKind kind) {
    vectors::StreamSpec s;
    s.kind = kind;
    s.random_count = o.random;
    s.seed = o.seed;
    s.exhaustive_c_values = c_values.empty() ? std::vector<uint16_t>{0x0000} : c_values;
    return s;
  };
  if (o.corner) specs.push_back(spec(vectors::StreamKind::Corner));
  if (o.random) specs.push_back(spec(vectors::StreamKind::Random));
  if (o.exhaustive) specs.push_back(spec(vectors::StreamKind::Exhaustive));

  tb::BeatSource source(o.lanes, tb::BeatSource::Packing::Fill);
  for (const auto& form : forms) {
    if (isa::visa::is_batch_line(form)) {
      std::string error;
      const auto instruction = isa::visa::parse_form(form, error);
      if (!instruction) throw UsageError(fmt::format("'{}': {}", form, error));
      if (!tb::visa_uop_format(instruction->type))
        throw UsageError(fmt::format("'{}': 32- and 64-bit vISA types are reference-only", form));
      if (o.exhaustive) throw UsageError(fmt::format("'{}': vISA forms have no --exhaustive stream", form));
      const std::string name = isa::visa::form_name(*instruction);
      std::vector<isa::visa::BatchLine> lines;
      for (const auto& text : o.vectors) lines.push_back(visa_vector(text, name));
      if (!lines.empty()) source.add_visa_lines(*instruction, std::move(lines));
      std::vector<vectors::VisaStream> streams;
      for (const auto& s : specs) streams.emplace_back(*instruction, name, s);
      if (!streams.empty()) source.add_visa(*instruction, std::move(streams), shard);
      continue;
    }
    const auto decoded = isa::decode_ptx(form);
    if (!decoded.uop) throw UsageError(fmt::format("'{}': {}", form, decoded.error));
    const Uop& u = *decoded.uop;
    const std::string canonical = isa::ptx_form(u);
    std::vector<tb::PtxVector> explicit_vectors;
    for (const auto& text : o.vectors) explicit_vectors.push_back(ptx_vector(text, form, u));
    if (!explicit_vectors.empty()) source.add_ptx_vectors(canonical, u, std::move(explicit_vectors));
    std::vector<vectors::OperandStream> streams;
    for (const auto& s : specs) streams.emplace_back(u, canonical, s);
    if (!streams.empty()) source.add_ptx(canonical, u, std::move(streams), shard);
  }

  auto dut = tb::make_dut(o.lanes, o.depth, 0);
  if (o.bare) {
    const auto decoded = isa::decode_ptx(forms.front());
    if (!decoded.uop) throw UsageError(fmt::format("--bare takes a PTX form, not '{}'", forms.front()));
    const Uop u = *decoded.uop;
    const tb::Throughput t = tb::bare_throughput(*dut, u, o.bare_cycles);
    std::cout << fmt::format("bare model {} Lanes={} Depth={}: {:.3f} M lane-ops/s per CPU second "
                             "({:.3f} M per wall second; {} cycles, constant inputs)\n",
                             forms.front(), o.lanes, o.depth, t.per_cpu_second / 1e6,
                             t.per_second / 1e6, o.bare_cycles);
    return 0;
  }

  tb::SweepSettings settings;
  settings.seed = o.seed;
  settings.stall_probability = o.stall;
  settings.progress = isatty(STDERR_FILENO) != 0;
  settings.draw_ahead = o.threads == 2;
  settings.reproduce_options = fmt::format(" --lanes {}", o.lanes);
  if (o.depth != 4) settings.reproduce_options += fmt::format(" --depth {}", o.depth);
  // Coverage costs a few reference evaluations per vector, as much as an exhaustive sweep's
  // checking, so exhaustive sweeps go without it.
  vectors::Coverage coverage;
  if (!o.exhaustive) source.set_coverage(&coverage);
  const tb::SweepTotals t = tb::run_sweep(*dut, source, settings, std::cout);
  if (t.stopped_early) std::cout << "stopped after the first mismatches\n";
  const double results = static_cast<double>(t.passed + t.failed);
  std::cerr << fmt::format("{} lane results in {:.2f} s ({:.2f} s CPU): {:.3f} M lane-ops/s per CPU "
                           "second, {:.3f} M per wall second (Lanes={}, {} cycles)\n",
                           t.passed + t.failed, t.seconds, t.cpu_seconds,
                           results / (t.cpu_seconds > 0 ? t.cpu_seconds : 1) / 1e6,
                           results / (t.seconds > 0 ? t.seconds : 1) / 1e6, o.lanes, t.cycles);
  if (!o.exhaustive && coverage.vectors() > 0) std::cout << coverage.summary() << "\n";
  std::cout << fmt::format("{} passed, {} failed\n", t.passed, t.failed);
  return t.failed == 0 && !t.stopped_early ? 0 : 1;
}

void add_sweep_command(CLI::App& app) {
  auto options = std::make_shared<SweepOptions>();
  CLI::App* sweep = app.add_subcommand("sweep", "sweep the Verilated RTL against the reference");
  sweep->add_option("forms", options->forms,
                    "PTX forms, e.g. add.rn.f16 fma.rn.relu.bf16x2, or vISA forms, e.g. "
                    "'MAX.sat (16, M5) hf' (MIN|MAX[.sat] (EXEC[, MASK]) TYPE, TYPE hf w uw b ub)");
  sweep->add_flag("--all", options->all, "every legal PTX form");
  sweep->add_flag("--visa", options->all_visa,
                  "every vISA form the RTL executes: hf w uw b ub, MIN/MAX, .sat, every exec size "
                  "and mask control (1480 forms)");
  sweep->add_flag("--scalar", options->scalar_only,
                  "with --all: scalar forms only (a packed form computes each lane as its scalar "
                  "form does, S2)");
  sweep->add_option("--operands", options->arity,
                    "with --all: only forms reading this many operands (1, 2 or 3)")
      ->check(CLI::Range(1, 3));
  sweep->add_flag("--corner", options->corner,
                  "the vectors library's corner vectors of each form (corner classes crossed, "
                  "ties, boundaries; vISA: corner pairs under every source-modifier pair)");
  sweep->add_option("--random", options->random,
                    "this many seeded random instructions per form (vectors library streams, as "
                    "`halfpipe gen` writes them)");
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
  sweep->add_option("--vector", options->vectors,
                    "an explicit instruction (repeatable): PTX registers in hex a[,b[,c]] (32-bit "
                    "for packed forms); vISA 'EMASK DST SRC0 SRC1' as in the eval --batch line");
  sweep->add_option("--stall", options->stall,
                    "probability per cycle of back-pressure, and apart of an input gap")
      ->check(CLI::Range(0.0, 0.95))
      ->capture_default_str();
  sweep->add_option("--threads", options->threads,
                    "1: one thread; 2: the vectors and the reference's results are drawn on a "
                    "second thread, beside the model (the default with more than one core)")
      ->check(CLI::Range(1, 2))
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
