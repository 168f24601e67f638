// The option vocabulary (options.h): each option's spelling, old spellings, value, help and
// validation, once.
#include "sim/options.h"

#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <iostream>
#include <stdexcept>
#include <type_traits>

#include "model/sc/config.h"
#include "model/workload/scheduler.h"
#include "vectors/line.h"

namespace halfpipe::cli {

const std::vector<OptionSpec>& vocabulary() {
  static const std::vector<OptionSpec> specs{
      // What to run.
      {"FORM", {}, "FORM...",
       "instruction forms: PTX, e.g. add.rn.f16 fma.rn.relu.bf16x2; vISA where the command runs "
       "the RTL, e.g. 'MAX.sat (16, M5) hf' (MIN|MAX[.sat] (EXEC[, MASK]) TYPE; TYPE hf w uw b ub, "
       "d ud f on an even lane count, q uq df on a multiple of 4)"},
      {"FILE", {}, "FILE...", "vector files ('-' for standard input where the command says so)"},
      {"--all-ptx", {"--all"}, "", "every legal PTX form"},
      {"--all-visa", {"--visa"}, "",
       "every vISA form the RTL executes at the lane count (296 a type: MIN/MAX, .sat, every exec "
       "size and mask control; 2368 at Lanes 2, without q uq df; 3256 at Lanes 4 and 8); prints "
       "how many it skipped and why"},
      {"--scalar", {}, "",
       "with --all-ptx: scalar forms only (a packed form computes each lane as its scalar form "
       "does, S2)"},
      {"--operands", {}, "N", "with --all-ptx: only forms reading N operands (1, 2 or 3)"},
      {"--vector", {}, "V",
       "one explicit instruction (repeatable): PTX registers in hex A[,B[,C]] (32-bit for a packed "
       "form, lane 1 in bits [31:16]; a 16-bit value fills both lanes); vISA 'EMASK DST SRC0 "
       "SRC1' as in the eval --batch line"},
      {"--vector-file", {"--vectors"}, "FILE",
       "a vector file (vectors/FORMAT.md), run before any streams; alone, only it"},
      // The streams.
      {"--corner", {}, "",
       "the corner vectors of each form: corner classes crossed, constructed ties, ftz and "
       "overflow boundaries (vISA: corner pairs under every source-modifier pair)"},
      {"--random", {"--count"}, "N",
       "N seeded random instructions per form, uniform bits mixed with class-weighted values "
       "(explore: N in all, each drawing its form)"},
      {"--exhaustive", {}, "",
       "every operand combination of a lane: all 2^16 (unary) or 2^32 (binary); fma: all (a, b) "
       "for each --c value"},
      {"--seed", {}, "S", "seed of the random vectors and of the traffic (decimal, or hex after 0x)"},
      {"--shard", {}, "K/N", "the K-th of N equal slices of each stream (K = 1..N), e.g. 3/8"},
      {"--c", {}, "HEX,...",
       "fma --exhaustive: the c values, comma-separated 16-bit hex (0x optional)"},
      // The unit and its traffic.
      // The configurations come from the build (HALFPIPE_RTL_CONFIGS, sim/CMakeLists.txt).
      {"--lanes", {}, "L",
       "lane count of the unit (the RTL of this build, Lanes:Depth: " HALFPIPE_RTL_CONFIG_NAMES ")"},
      {"--depth", {}, "D",
       "pipeline depth of the unit (the RTL of this build, Lanes:Depth: " HALFPIPE_RTL_CONFIG_NAMES
       ")"},
      {"--gaps", {"--gap", "--stall"}, "P",
       "probability per cycle that the source offers nothing new (an input gap), in [0, 1)"},
      {"--backpressure", {"--stall"}, "P",
       "probability per cycle that the consumer is not ready (back-pressure), in [0, 1)"},
      {"--threads", {}, "1|2",
       "1: one thread; 2: the vectors and the reference's results are drawn a batch ahead on a "
       "second thread, the same beats in the same order"},
      {"--bare", {}, "",
       "benchmark baseline without the layer the command adds: sweep clocks the bare Verilated "
       "model with constant inputs (or random ones: --bare-operands), nothing checked; cosim runs the same vectors and traffic "
       "through the plain C++ harness, without SystemC and the model"},
      {"--bare-cycles", {}, "N", "cycles clocked by sweep --bare"},
      {"--bare-operands", {}, "constant|random",
       "sweep --bare: one constant beat every cycle, or a new beat of random operands each cycle "
       "(a fixed block of 4096, drawn before the clock starts): the model's cost on changing data, "
       "without the vectors, the reference or the scoreboard"},
      // Output.
      {"-o,--output", {}, "FILE", "output file ('-' or none: standard output)"},
      {"--progress-every", {}, "SECONDS",
       "without a terminal, a heartbeat line on stderr (done, total, rate, ETA) every SECONDS; 0: "
       "after every batch (sweep, cosim: 4096 cycles; gen: 4096 vectors)"},
      {"--quiet", {}, "", "no progress bar or heartbeat"},
      {"--wave", {}, "F.fst",
       "write an FST waveform of the RTL (edge n at 10n+5 ns, as cycles in --log), and beside it "
       "F.gtkw, a GTKWave save file with the marker on the first mismatch: gtkwave F.fst F.gtkw"},
      {"--log", {}, "FILE",
       "write one line per transaction: cycle, tag, form, operands, expected, RTL, model"},
      {"--svg-dir", {}, "DIR", "write tanh.svg and ex2.svg (error in ulps) here"},
      // The PTX target.
      {"--target", {}, "sm_NN", "reject forms that need more than sm_NN (S23)"},
      {"--ptx", {}, "X.Y", "reject forms that need a PTX ISA version above X.Y (S23)"},
      // Naming forms and Uop words.
      {"WORD", {}, "WORD...", "Uop words in hex (0x optional), as the RTL's in_uop_i carries them"},
      {"--table", {}, "",
       "every Uop word that names a form, one 'WORD NAME' line each (GTKWave's translate filter "
       "format)"},
      {"--ops", {}, "",
       "the op table (model/uop/ops.def): each op's code, PTX opcode, operands and class"},
      {"--sv", {}, "",
       "with --table: as a SystemVerilog function hp_uop_form_name(word); with --ops: as the "
       "RTL's op_e enum (rtl/hp_op_e.svh)"},
      {"--line", {}, "N",
       "the vector on line N of the file (repeatable); with -o, write just those vectors as a "
       "file of their own"},
      // Options of one command so far.
      {"FORM_AND_OPERANDS", {}, "FORM A [B [C]]",
       "one instruction, operands in hex (0x optional), or as values: a decimal number with a point "
       "or a sign (1.5, -0, +2, 1.5f), inf, nan"},
      {"--values", {}, "", "every operand is a value, 1 meaning 1.0: rounded to the form's format "
                           "to nearest even (said on stderr when not exact)"},
      {"--show", {}, "", "also print the result as values, and what each modifier did to it"},
      {"--batch", {}, "",
       "read lines 'FORM A [B [C]]' from stdin, write one result or 'error: ...' per line"},
      {"--format", {}, "halfpipe|testfloat|memh",
       "the vector file format written (memh: a $readmemh image of PTX vectors)"},
      {"--regression", {}, "DIR", "write the regression sets (vectors/FORMAT.md) under DIR"},
      {"--campaign", {}, "",
       "write and build the silicon campaign: every input of every legal PTX form on a GPU, "
       "compared bit for bit (README, \"Silicon campaign\")"},
      {"--forms", {}, "FORM,...", "with --campaign: only these forms (default: every legal PTX form the target runs)"},
      {"--seconds", {}, "N", "with --campaign: the program's default time limit; it stops there and writes what is finished"},
      {"--no-build", {}, "", "with --campaign: write the sources and build.sh, do not build"},
      {"--report", {}, "DIR", "print the report of a campaign's results folder"},
      {"--probe-semantics", {}, "",
       "write the probes of S8, S10, S12, S13 and S14: vectors whose result separates halfpipe's "
       "reading of each rule from the alternatives, which each line's comment names with their "
       "results"},
      {"--testfloat", {}, "FUNCTION",
       "the files are testfloat_gen output for FUNCTION (f16_add, f16_sub, f16_mul, f16_mulAdd); "
       "an expected NaN matches any NaN, flags are ignored"},
      {"--max-errors", {}, "N", "mismatches reported before reporting stops (counting goes on)"},
      {"--rtl", {}, "", "replay through the Verilated RTL (hp_alu) instead of the reference"},
      {"--netlist", {}, "",
       "run the gate-level netlist instead of the RTL: hp_alu synthesised by Yosys (rtl/netlist.sh), "
       "Verilated; Lanes=2 Depth=4 only"},
      {"--fail-on-empty", {}, "", "exit 1 when a reachable coverage bin is empty"},
      {"--reset-at", {}, "N",
       "reset the units right after the RTL accepts transaction N (what was in flight is offered "
       "again); 0: no reset"},
      {"--reset-every", {}, "CYCLES",
       "reset the units about every CYCLES cycles (at least 100): reset k after a cycle drawn "
       "from the seed in [k*CYCLES - CYCLES/4, k*CYCLES + CYCLES/4] (what was in flight is "
       "offered again)"},
      {"--soak", {}, "N",
       "a soak: N transactions in all (random ones spread over the forms unless --corner/--random "
       "say otherwise), a reset about every --reset-every cycles (default 10^6), nothing kept per "
       "transaction; reports accepted = completed + flushed and the resident memory"},
      {"--model-latency", {}, "NAME=N",
       "give the model another latency than the RTL's (to see a wrong prediction caught), for a "
       "family (" + sc::family_names() + ", or all) or one op (" + sc::op_names() + "); with "
       "--dut, on top of the latencies the adapter declares; repeatable"},
      {"--inject-rtl-fault", {}, "N",
       "flip the lowest bit of lane 0 of the N-th result (from 0) the RTL hands out (to see a "
       "wrong result caught)"},
      {"--quantum", {}, "N",
       "clock cycles per SystemC activation (temporal decoupling; changes no result, cycle, log or "
       "wave, only speed); 1: one per cycle through a clock signal"},
      {"--latency", {}, "NAME=N",
       "cycles for a family (" + sc::family_names() + ", or all) or one op (" + sc::op_names() +
       "); repeatable, or comma-separated; "
       "with --ptx-file/--trace-file also other=N, every instruction outside the unit"},
      {"--ii", {}, "N", "initiation interval, cycles"},
      {"--issue-width", {}, "N", "transactions accepted (and results leaving) per cycle"},
      {"--queue", {}, "N", "output queue depth in results (0: the line stalls on back-pressure)"},
      {"--fill-lanes", {}, "", "enable every lane of the unit, not only the form's own"},
      {"--sweep", {}, "SPEC",
       "run every point of a design-space sweep: space-separated axes name=V,V,... or name=A..B, "
       "each named after an explore option (lanes, ii, issue-width, queue, latency-FAMILY with "
       "FAMILY " + sc::family_names() + " or all; with --ptx-file/--trace-file also warps, "
       "trip-count and scheduler)"},
      {"--sweep-csv", {}, "FILE", "with --sweep: write one CSV row per point and workload"},
      {"--sweep-json", {}, "FILE", "with --sweep: write the rows and the area model as JSON"},
      {"--json", {}, "FILE",
       "write the run's figures as JSON, named as a sweep's rows name them ('-': standard "
       "output); with --sweep, the same as --sweep-json"},
      {"--sweep-svg", {}, "FILE",
       "with --sweep: write an SVG chart of throughput against area with each workload's Pareto "
       "front"},
      {"--calibration", {}, "FILE",
       "configure the unit from a GPU's measured timing (the silicon campaign's timing.json): "
       "every op's latency, each family's interval, the issue width and lanes of one SM "
       "sub-partition; --latency settings apply after it"},
      {"--predict", {}, "",
       "with --calibration and --ptx-file: run every kernel the timing file timed through the "
       "calibrated model and print its predicted cycles beside the measured ones (exit 1 when a "
       "calibration kernel misses by more than 5% or a held-out kernel by more than 10%)"},
      {"--area-table", {}, "FILE",
       "with --sweep or --json: the measured areas (default: data/area-table.csv as built in)"},
      // Cluster regressions (plan, merge, and the record a job writes).
      {"--record", {}, "FILE",
       "write the run's results record (JSON, doc/record.md): counts, coverage bins, the first "
       "mismatches with their reproduce commands, host, time, version, git revision, RTL hash; "
       "through a temporary name and a rename"},
      {"--job", {}, "PLAN:N", "with --record: the plan's job this run is (halfpipe plan writes it)"},
      {"--spec", {}, "LINE", "with --record: the SPEC line of the job (halfpipe plan writes it)"},
      {"SPEC", {}, "SPEC",
       "lines FORM KIND [N] [seed=S] [lanes=L] [depth=D] [c=HEX] [netlist]; KIND exhaustive, "
       "corner or random N; '#' comments; quote vISA forms"},
      {"--default", {}, "",
       "the full regression: one-operand forms exhaustive (packed too), scalar two-operand forms "
       "exhaustive, fma forms random 10^9, vISA forms corner and random"},
      {"--job-minutes", {}, "M", "CPU minutes a job is cut to, at most about (from measured rates)"},
      {"--estimate", {}, "", "print the CPU time and the wall time on --cores cores"},
      {"--cores", {}, "N,...", "core counts of --estimate, comma-separated"},
      {"--halfpipe", {}, "PATH", "the halfpipe binary the jobs run (default: this one)"},
      {"--write-spec", {}, "FILE", "also write the SPEC (e.g. --default's) to FILE"},
      {"DIR", {}, "DIR", "a plan's directory (halfpipe plan -o DIR)"},
      {"--resume", {}, "", "print only the job lines still to run (missing or unusable records)"},
      {"--junit", {}, "FILE", "the JUnit XML file"},
      {"--bins", {}, "", "list every empty reachable coverage bin per form"},
      // Real workloads through explore (model/workload/, doc/trace-format.md).
      {"--ptx-file", {}, "FILE",
       "run a kernel of a PTX file as nvcc --ptx writes it (e.g. workloads/*.ptx) instead of "
       "random forms; repeat it for several files (one report each; with --sweep, every kernel "
       "of every file)"},
      {"--kernel", {}, "NAME", "with --ptx-file: the kernel (.entry) to run; needed when the file has several"},
      {"--trace-file", {}, "FILE",
       "run an instruction trace (doc/trace-format.md: 'FORM dst, src...' lines, 'warp N' lines)"},
      {"--warps", {}, "N",
       "independent instruction streams (warps) the scheduler interleaves; a trace with 'warp N' "
       "lines has its own"},
      {"--trip-count", {}, "N", "times each loop body of a PTX kernel runs"},
      {"--scheduler", {}, "round-robin|greedy-then-oldest",
       "which ready warp issues first: the next after the last to issue, or the last to issue "
       "while it can, then the oldest"},
      // RTL code coverage (rtl/COVERAGE.md).
      {"--rtl-coverage", {}, "FILE.dat",
       "run the coverage-instrumented RTL models (line, branch, toggle, SVA cover) and write their "
       "counts, summed over every model of the run, to FILE.dat (Verilator's coverage format; "
       "verilator_coverage merges such files)"},
      {"--job-coverage", {}, "",
       "each job also writes its RTL coverage to DIR/coverage/job-N.dat (--rtl-coverage; the "
       "configurations must be Verilated with coverage: HALFPIPE_RTL_COVERAGE=ON); merge sums "
       "them into DIR/rtl-coverage.dat"},
      // A user's unit (doc/your-unit.md).
      {"ACTION", {}, "build|show", "dut: build a unit, or show what a built one declares"},
      {"--dut", {}, "DIR",
       "run the unit that `halfpipe dut build -o DIR` built instead of hp_alu (its lane count is "
       "the adapter's: no --lanes or --depth)"},
      {"--top", {}, "NAME", "dut build: the adapter's module (default: the one module of the sources that no other instantiates)"},
      {"-I", {}, "DIR", "dut build: a folder searched for `include files; repeatable"},
      {"-G", {}, "NAME=VALUE",
       "dut build: a parameter of the adapter, as Verilator's -G takes it (a string in double "
       "quotes); repeatable"},
      {"--nan", {}, "exact|any",
       "any: a NaN passes where the reference expects one, whatever its encoding (a RISC-V unit "
       "returns 0x7E00 where PTX returns 0x7FFF); the summary counts each such lane"},
      {"--plusargs", {}, "'+NAME=VALUE ...'",
       "with --dut: what the unit's $value$plusargs and $test$plusargs read, space-separated"},
      {"--no-x-check", {}, "",
       "with --dut: run one instance of the unit, not two in lockstep with two seeds of their "
       "uninitialised state (twice as fast; a result that depends on uninitialised state then "
       "goes unseen)"},
      {"--verilator-arg", {}, "ARG",
       "dut build: one more argument for Verilator, e.g. -Wno-BLKANDNBLK; repeatable"},
      {"--x-assign", {}, "MODE",
       "dut build: Verilator's --x-assign for the unit: unique (X values random, drawn from the "
       "run's seed, so that a result depending on them shows), fast, 0 or 1 (fixed values, which "
       "hide such a dependence from the X check)"},
      {"--x-initial", {}, "MODE",
       "dut build: Verilator's --x-initial for the unit: unique (uninitialised state random from "
       "the seed), fast or 0 (fixed, which the X check then cannot vary)"},
      {"--no-trace", {}, "", "dut build: leave tracing out (faster; --wave then refuses the unit)"},
      {"--coverage", {}, "",
       "dut build: Verilate the unit with line, toggle and cover coverage, which --rtl-coverage "
       "FILE then writes (slower)"},
  };
  return specs;
}

const OptionSpec& option_spec(const std::string& name) {
  for (const OptionSpec& spec : vocabulary()) {
    if (spec.name == name) return spec;
  }
  for (const OptionSpec& spec : vocabulary()) {
    if (std::find(spec.aliases.begin(), spec.aliases.end(), name) != spec.aliases.end()) return spec;
  }
  throw std::logic_error("no option " + name + " in the vocabulary");
}

namespace {

// A probability in [0, 1): the traffic needs a cycle that is neither a gap nor a stall.
CLI::Validator probability(const std::string& what) {
  return CLI::Validator(
      [what](std::string& text) -> std::string {
        double p = 0;
        if (!CLI::detail::lexical_cast(text, p)) return "'" + text + "' is not a number";
        if (!(p >= 0 && p < 1)) return "the " + what + " probability must be in [0, 1), not " + text;
        return {};
      },
      "");  // no name: CLI11 would print it after the value's name in --help
}

// A positive, finite number, e.g. a length of time: NaN and infinity are numbers to CLI11's
// PositiveNumber, and a job of infinite minutes would be cut into no jobs at all.
const CLI::Validator kPositiveFinite(
    [](std::string& text) -> std::string {
      double v = 0;
      if (!CLI::detail::lexical_cast(text, v)) return "'" + text + "' is not a number";
      if (!(v > 0 && std::isfinite(v))) return "'" + text + "' is not a positive finite number";
      return {};
    },
    "");

// The hidden old spellings of `spec`, each excluding the new name.
std::vector<std::string> old_spellings(const OptionSpec& spec) {
  std::vector<std::string> names;
  for (const auto& alias : spec.aliases)
    if (alias != "--stall") names.push_back(alias);  // --stall stands for two options
  return names;
}

}  // namespace

CLI::Option* Vocabulary::flag(const std::string& name, bool& on) {
  const OptionSpec& spec = option_spec(name);
  CLI::Option* option = app_.add_flag(spec.name, on, spec.help);
  for (const auto& alias : old_spellings(spec))
    one_spelling(app_.add_flag(alias, on)->group(""), alias, {option});
  return option;
}

// CLI11 converts "-1" into an unsigned target as 2^64 - 1, and a decimal number above 2^64 - 1
// into 2^64 - 1 as well, so `--random -1` or `--random 18446744073709551616` would run until it
// is killed: a count, a seed or a cycle number is never negative, its minus sign is refused
// before the conversion, and so is a number it cannot hold.
const CLI::Validator kCount(
    [](std::string& text) -> std::string {
      const size_t first = text.find_first_not_of(" \t");
      if (first != std::string::npos && text[first] == '-')
        return "'" + text + "' is negative; it counts, so it is 0 or more";
      const size_t last = text.find_last_not_of(" \t");
      if (first == std::string::npos) return {};
      const std::string_view digits(text.data() + first, last - first + 1);
      if (digits.rfind("0x", 0) == 0 || digits.rfind("0X", 0) == 0) return {};  // CLI11 takes hex
      if (digits.find_first_not_of("0123456789") != std::string_view::npos)
        return "'" + text + "' is not a whole number";
      uint64_t v = 0;
      if (std::from_chars(digits.data(), digits.data() + digits.size(), v).ec ==
          std::errc::result_out_of_range)
        return "'" + text + "' is more than 2^64 - 1";
      return {};
    },
    "");

// A whole number in [min, max], refused in the project's words ("'two' is not a whole number",
// "'5' is not in 1..3") where CLI11 would say "Value two not in range 0.000000 to 1797...". Hex
// after 0x is held to the same range (CLI11's conversion, which runs after, takes it too).
CLI::Validator whole_number(int64_t min, int64_t max) {
  return CLI::Validator(
      [min, max](std::string& text) -> std::string {
        const bool hex = text.rfind("0x", 0) == 0 || text.rfind("0X", 0) == 0;
        const char* begin = text.data() + (hex ? 2 : 0);
        const char* end = text.data() + text.size();
        int64_t v = 0;
        const auto [stop, ec] = std::from_chars(begin, end, v, hex ? 16 : 10);
        const bool number =
            begin != end && ec != std::errc::invalid_argument && stop == end && !(hex && *begin == '-');
        if (!number) return "'" + text + "' is not a whole number";
        if (ec == std::errc::result_out_of_range || v < min || v > max)
          return max == INT64_MAX ? fmt::format("'{}' is less than {}", text, min)
                                  : fmt::format("'{}' is not in {}..{}", text, min, max);
        return {};
      },
      "");
}

template <typename T>
CLI::Option* Vocabulary::value(const std::string& name, T& target) {
  return value_checked(name, target, nullptr);
}

template <typename T>
CLI::Option* Vocabulary::value(const std::string& name, T& target, const CLI::Validator& validator) {
  return value_checked(name, target, &validator);
}

template <typename T>
CLI::Option* Vocabulary::value_checked(const std::string& name, T& target,
                                       const CLI::Validator* validator) {
  const OptionSpec& spec = option_spec(name);
  CLI::Option* option =
      app_.add_option(spec.name, target, spec.help)->type_name(spec.value)->capture_default_str();
  // An empty list ("[]") says nothing in --help.
  if (option->get_default_str() == "[]") option->default_str("");
  if constexpr (std::is_unsigned_v<T>) option->check(kCount);
  if (validator) option->check(*validator);
  for (const auto& alias : old_spellings(spec)) {
    CLI::Option* old = app_.add_option(alias, target)->group("");
    if constexpr (std::is_unsigned_v<T>) old->check(kCount);
    if (validator) old->check(*validator);
    one_spelling(old, alias, {option});
  }
  return option;
}

CLI::Option* Vocabulary::parsed(
    const std::string& name, const std::string& shown_default,
    std::function<void(const std::string& spelling, const std::string& text)> set) {
  const OptionSpec& spec = option_spec(name);
  CLI::Option* option =
      app_.add_option_function<std::string>(
              spec.name, [set, spelling = spec.name](const std::string& text) { set(spelling, text); },
              spec.help)
          ->type_name(spec.value);
  if (!shown_default.empty()) option->default_str(shown_default);
  for (const auto& alias : old_spellings(spec))
    one_spelling(app_.add_option_function<std::string>(
                     alias, [set, alias](const std::string& text) { set(alias, text); })
                     ->group(""),
                 alias, {option});
  return option;
}

Declared Vocabulary::forms(std::vector<std::string>& forms, const std::string& help) {
  return app_.add_option("FORM", forms, help)->type_name("");
}

Declared Vocabulary::files(std::vector<std::string>& files, const std::string& help) {
  return app_.add_option("FILE", files, help)->type_name("");
}

Declared Vocabulary::all_ptx(bool& on) { return flag("--all-ptx", on); }
Declared Vocabulary::all_visa(bool& on) { return flag("--all-visa", on); }
Declared Vocabulary::scalar_only(bool& on) { return flag("--scalar", on); }

Declared Vocabulary::operand_count(int& count) {
  return value("--operands", count, whole_number(1, 3));
}

Declared Vocabulary::vector(std::vector<std::string>& instructions) {
  const OptionSpec& spec = option_spec("--vector");
  return app_.add_option(spec.name, instructions, spec.help)
      ->type_name(spec.value)
      ->expected(1)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
}

Declared Vocabulary::vector_file(std::string& path) { return value("--vector-file", path); }
Declared Vocabulary::corner(bool& on) { return flag("--corner", on); }
Declared Vocabulary::random(uint64_t& count) { return value("--random", count); }
Declared Vocabulary::exhaustive(bool& on) { return flag("--exhaustive", on); }

Declared Vocabulary::seed(uint64_t& seed) {
  return parsed("--seed", std::to_string(seed),
                [&seed](const std::string& spelling, const std::string& text) {
                  const auto v = parse_decimal_or_hex(text);
                  if (!v) throw CLI::ValidationError(spelling, "'" + text + "' is not a number");
                  seed = *v;
                });
}

Declared Vocabulary::shard(vectors::Shard& shard) {
  return parsed("--shard", fmt::format("{}/{}", shard.index, shard.count),
                [&shard](const std::string& spelling, const std::string& text) {
                  std::string error;
                  const auto parsed = vectors::parse_shard(text, error);
                  if (!parsed) throw CLI::ValidationError(spelling, error);
                  shard = *parsed;
                });
}

Declared Vocabulary::c_values(std::vector<uint16_t>& values) {
  return parsed("--c", "", [&values](const std::string& spelling, const std::string& text) {
    values.clear();
    size_t start = 0;
    while (true) {
      const size_t end = text.find(',', start);
      const std::string item = text.substr(start, end - start);
      const vectors::Hex v = vectors::parse_hex(item, vectors::HexLimit::digits(4));
      if (!v) throw CLI::ValidationError(spelling, "'" + item + "' is not a 16-bit hex value");
      values.push_back(static_cast<uint16_t>(v.value));
      if (end == std::string::npos) return;
      start = end + 1;
    }
  });
}

Declared Vocabulary::lanes(int& lanes) {
  return value("--lanes", lanes, whole_number(1, INT64_MAX));
}

Declared Vocabulary::depth(int& depth) {
  return value("--depth", depth, whole_number(1, INT64_MAX));
}

Declared Vocabulary::gaps(double& probability_of_gap) {
  CLI::Option* option = value("--gaps", probability_of_gap, probability("gap"));
  gaps_ = &probability_of_gap;
  gaps_option_ = option;
  add_stall_alias();
  return option;
}

Declared Vocabulary::backpressure(double& probability_of_stall) {
  CLI::Option* option =
      value("--backpressure", probability_of_stall, probability("back-pressure"));
  backpressure_ = &probability_of_stall;
  backpressure_option_ = option;
  add_stall_alias();
  return option;
}

// sweep's old --stall P: back-pressure with probability P and, apart, gaps with probability P.
void Vocabulary::add_stall_alias() {
  if (!gaps_ || !backpressure_) return;
  CLI::Option* stall =
      app_.add_option_function<double>(
              "--stall",
              [gaps = gaps_, backpressure = backpressure_](double p) { *gaps = *backpressure = p; })
          ->check(probability("stall"))
          ->group("");
  one_spelling(stall, "--stall", {gaps_option_, backpressure_option_});
}

Declared Vocabulary::threads(int& threads) {
  return value("--threads", threads, whole_number(1, 2));
}

Declared Vocabulary::bare(bool& on) { return flag("--bare", on); }
Declared Vocabulary::bare_cycles(uint64_t& cycles) { return value("--bare-cycles", cycles); }
Declared Vocabulary::bare_operands(std::string& kind) {
  return value("--bare-operands", kind, CLI::IsMember({"constant", "random"}).description(""));
}

Declared Vocabulary::output(std::string& path) {
  return value("-o,--output", path)->default_str("standard output");
}

Declared Vocabulary::target(std::string& target) { return value("--target", target); }
Declared Vocabulary::ptx(std::string& version) { return value("--ptx", version); }

Declared Vocabulary::progress_every(double& seconds) {
  return value("--progress-every", seconds,
               CLI::Validator(
                   [](std::string& text) -> std::string {
                     double v = 0;
                     if (!CLI::detail::lexical_cast(text, v) || !std::isfinite(v))
                       return "'" + text + "' is not a number of seconds";
                     if (v < 0) return "'" + text + "' is negative; it is 0 or more seconds";
                     return {};
                   },
                   ""));
}
Declared Vocabulary::quiet(bool& on) { return flag("--quiet", on); }

Declared Vocabulary::words(std::vector<std::string>& words) {
  return app_.add_option("WORD", words, option_spec("WORD").help)->type_name("");
}
Declared Vocabulary::table(bool& on) { return flag("--table", on); }
Declared Vocabulary::sv(bool& on) { return flag("--sv", on); }
Declared Vocabulary::ops(bool& on) { return flag("--ops", on); }
Declared Vocabulary::lines(std::vector<uint64_t>& numbers) {
  const OptionSpec& spec = option_spec("--line");
  return app_.add_option(spec.name, numbers, spec.help)->type_name(spec.value)->check(kCount)
      ->check(whole_number(1, INT64_MAX));
}

Declared Vocabulary::eval_operands(std::vector<std::string>& args) {
  const OptionSpec& spec = option_spec("FORM_AND_OPERANDS");
  return app_.add_option(spec.name, args, spec.help)->type_name("");
}

Declared Vocabulary::batch(bool& on) { return flag("--batch", on); }
Declared Vocabulary::values(bool& on) { return flag("--values", on); }
Declared Vocabulary::show(bool& on) { return flag("--show", on); }

Declared Vocabulary::format(std::string& format) {
  return value("--format", format, CLI::IsMember({"halfpipe", "testfloat", "memh"}).description(""));
}

Declared Vocabulary::regression(std::string& directory) {
  return value("--regression", directory);
}

Declared Vocabulary::probe_semantics(bool& on) { return flag("--probe-semantics", on); }
Declared Vocabulary::campaign(bool& on) { return flag("--campaign", on); }
Declared Vocabulary::campaign_forms(std::vector<std::string>& forms) {
  return value("--forms", forms)->delimiter(',');
}
Declared Vocabulary::seconds(uint64_t& seconds) {
  return value("--seconds", seconds, whole_number(1, 86400));
}
Declared Vocabulary::no_build(bool& on) { return flag("--no-build", on); }
Declared Vocabulary::report(std::string& directory) { return value("--report", directory); }

Declared Vocabulary::testfloat(std::string& function) { return value("--testfloat", function); }
Declared Vocabulary::max_errors(uint64_t& count) { return value("--max-errors", count); }
Declared Vocabulary::rtl(bool& on) { return flag("--rtl", on); }
Declared Vocabulary::netlist(bool& on) { return flag("--netlist", on); }
Declared Vocabulary::fail_on_empty(bool& on) { return flag("--fail-on-empty", on); }

Declared Vocabulary::reset_at(int64_t& transaction) {
  return value("--reset-at", transaction, whole_number(0, INT64_MAX));
}

Declared Vocabulary::reset_every(uint64_t& cycles) {
  // Resets closer than this could flush every transaction before it leaves, and the run would
  // never end: between two resets are at least CYCLES/2 cycles, far more than a Depth.
  return value("--reset-every", cycles, whole_number(100, INT64_MAX));
}

Declared Vocabulary::soak(uint64_t& transactions) {
  return value("--soak", transactions, whole_number(1, INT64_MAX));
}

Declared Vocabulary::wave(std::string& path) { return value("--wave", path); }
Declared Vocabulary::log(std::string& path) { return value("--log", path); }

Declared Vocabulary::model_latency(std::vector<std::string>& settings) {
  return value("--model-latency", settings)
      ->expected(1)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
}

Declared Vocabulary::inject_rtl_fault(int64_t& output) {
  return value("--inject-rtl-fault", output, whole_number(0, INT64_MAX));
}

Declared Vocabulary::quantum(uint64_t& cycles) {
  return value("--quantum", cycles, whole_number(1, int64_t{1} << 20));
}

Declared Vocabulary::latency(std::vector<std::string>& settings) {
  return value("--latency", settings)
      ->allow_extra_args(false)  // one setting per --latency, so FORMs after it stay FORMs
      ->delimiter(',');
}

Declared Vocabulary::initiation_interval(int& cycles) { return value("--ii", cycles); }
Declared Vocabulary::issue_width(int& width) { return value("--issue-width", width); }
Declared Vocabulary::queue(int& depth) { return value("--queue", depth); }
Declared Vocabulary::fill_lanes(bool& on) { return flag("--fill-lanes", on); }
Declared Vocabulary::svg_dir(std::string& directory) { return value("--svg-dir", directory); }
Declared Vocabulary::sweep(std::string& spec) { return value("--sweep", spec); }
Declared Vocabulary::sweep_csv(std::string& path) { return value("--sweep-csv", path); }
Declared Vocabulary::sweep_json(std::string& path) { return value("--sweep-json", path); }
Declared Vocabulary::json(std::string& path) { return value("--json", path); }
Declared Vocabulary::sweep_svg(std::string& path) { return value("--sweep-svg", path); }
Declared Vocabulary::area_table(std::string& path) { return value("--area-table", path); }
Declared Vocabulary::calibration(std::string& path) { return value("--calibration", path); }
Declared Vocabulary::predict(bool& on) { return flag("--predict", on); }

Declared Vocabulary::ptx_file(std::vector<std::string>& paths) {
  // One FILE per --ptx-file, so that a FORM after it is not taken for a file.
  return value("--ptx-file", paths)->allow_extra_args(false);
}
Declared Vocabulary::kernel(std::string& name) { return value("--kernel", name); }
Declared Vocabulary::trace_file(std::string& path) { return value("--trace-file", path); }
Declared Vocabulary::warps(int& count) {
  return value("--warps", count, whole_number(1, 1 << 16));
}
Declared Vocabulary::trip_count(int& count) {
  return value("--trip-count", count, whole_number(1, 1 << 24));
}
Declared Vocabulary::scheduler(std::string& policy) {
  std::vector<std::string> names;
  for (workload::Policy p : workload::kPolicies) names.emplace_back(workload::policy_name(p));
  return value("--scheduler", policy, CLI::IsMember(names).description(""));
}

Declared Vocabulary::record(std::string& path) { return value("--record", path); }
Declared Vocabulary::job(std::string& id) { return value("--job", id); }
Declared Vocabulary::spec_line(std::string& line) { return value("--spec", line); }

Declared Vocabulary::spec_file(std::string& path) {
  const OptionSpec& spec = option_spec("SPEC");
  return app_.add_option(spec.name, path, spec.help)->type_name("");
}

Declared Vocabulary::default_regression(bool& on) { return flag("--default", on); }

Declared Vocabulary::job_minutes(double& minutes) {
  return value("--job-minutes", minutes, kPositiveFinite);
}

Declared Vocabulary::estimate(bool& on) { return flag("--estimate", on); }

Declared Vocabulary::cores(std::vector<int>& counts) {
  return value("--cores", counts, whole_number(1, INT64_MAX))
      ->allow_extra_args(false)  // --cores 64,256: so that a SPEC after it stays the SPEC
      ->delimiter(',');
}

Declared Vocabulary::halfpipe_binary(std::string& path) { return value("--halfpipe", path); }
Declared Vocabulary::write_spec(std::string& path) { return value("--write-spec", path); }

Declared Vocabulary::plan_dir(std::string& directory) {
  const OptionSpec& spec = option_spec("DIR");
  return app_.add_option(spec.name, directory, spec.help)->type_name("")->required();
}

Declared Vocabulary::resume(bool& on) { return flag("--resume", on); }
Declared Vocabulary::junit(std::string& path) { return value("--junit", path); }
Declared Vocabulary::bins(bool& on) { return flag("--bins", on); }
Declared Vocabulary::rtl_coverage(std::string& path) { return value("--rtl-coverage", path); }
Declared Vocabulary::job_coverage(bool& on) { return flag("--job-coverage", on); }
Declared Vocabulary::action(std::string& action, const std::string& help) {
  return app_.add_option("ACTION", action, help)->type_name("");
}
Declared Vocabulary::dut(std::string& directory) { return value("--dut", directory); }
Declared Vocabulary::top(std::string& module) { return value("--top", module); }
Declared Vocabulary::include_dirs(std::vector<std::string>& dirs) {
  return value("-I", dirs)->allow_extra_args(false);
}
Declared Vocabulary::parameters(std::vector<std::string>& settings) {
  return value("-G", settings)->allow_extra_args(false);
}
Declared Vocabulary::nan(std::string& rule) {
  return value("--nan", rule, CLI::IsMember({"exact", "any"}).description(""));
}
Declared Vocabulary::plusargs(std::string& words) { return value("--plusargs", words); }
Declared Vocabulary::no_x_check(bool& on) { return flag("--no-x-check", on); }
Declared Vocabulary::verilator_args(std::vector<std::string>& args) {
  return value("--verilator-arg", args)->allow_extra_args(false);
}
Declared Vocabulary::x_assign(std::string& mode) {
  return value("--x-assign", mode, CLI::IsMember({"unique", "fast", "0", "1"}).description(""));
}
Declared Vocabulary::x_initial(std::string& mode) {
  return value("--x-initial", mode, CLI::IsMember({"unique", "fast", "0"}).description(""));
}
Declared Vocabulary::no_trace(bool& on) { return flag("--no-trace", on); }
Declared Vocabulary::coverage_build(bool& on) { return flag("--coverage", on); }

void Vocabulary::one_spelling(CLI::Option* old_spelling, const std::string& name,
                              std::vector<CLI::Option*> new_names) {
  old_spellings_.push_back({old_spelling, name, std::move(new_names)});
}

std::optional<ParseStop> Vocabulary::mixed_spellings() const {
  for (const auto& old : old_spellings_) {
    if (old.option->count() == 0) continue;
    for (const CLI::Option* current : old.new_names)
      if (current->count() > 0)
        return ParseStop{fmt::format("{} is the old spelling of {}: give one of them",
                                     old.name, current->get_name()),
                         kUsageOrInputError};
  }
  return std::nullopt;
}

std::string printable(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte < 0x20 || byte == 0x7F)
      out += fmt::format("\\x{:02X}", byte);
    else
      out += c;
  }
  return out;
}

std::string closest_name(const std::string& word, const std::vector<std::string>& names) {
  // Levenshtein distance, one row at a time.
  auto distance = [](const std::string& a, const std::string& b) {
    std::vector<size_t> row(b.size() + 1);
    for (size_t j = 0; j <= b.size(); ++j) row[j] = j;
    for (size_t i = 1; i <= a.size(); ++i) {
      size_t diagonal = row[0];
      row[0] = i;
      for (size_t j = 1; j <= b.size(); ++j) {
        const size_t above = row[j];
        row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
        diagonal = above;
      }
    }
    return row[b.size()];
  };
  // A slip of a key or two, not a different word: at most 2 edits, and fewer than a third of it.
  std::string best;
  size_t best_distance = std::min<size_t>(2, word.size() / 3) + 1;
  for (const std::string& name : names) {
    const size_t d = distance(word, name);
    if (d < best_distance) {
      best = name;
      best_distance = d;
    }
  }
  return best;
}

namespace {

// "did you mean --corner?" for an option CLI11 did not expect, from the command's own options.
std::string suggestion(const CLI::App& app, const std::string& message) {
  const std::string head = "The following argument was not expected: ";
  if (message.rfind(head, 0) != 0) return {};
  const std::string word = message.substr(head.size());
  if (word.rfind("-", 0) != 0) return {};
  std::vector<std::string> names;
  for (const CLI::Option* o : app.get_options())
    if (!o->get_group().empty())
      for (const std::string& name : o->get_lnames()) names.push_back("--" + name);
  const std::string best = closest_name(word.substr(0, word.find('=')), names);
  return best.empty() ? std::string() : "; did you mean " + best + "?";
}

}  // namespace

std::optional<ParseStop> parse_into(CLI::App& app, const std::vector<std::string>& args) {
  std::vector<std::string> reversed(args.rbegin(), args.rend());  // CLI11 takes them last first
  try {
    app.parse(reversed);
  } catch (const CLI::CallForHelp&) {
    return ParseStop{app.help(), kPassed};
  } catch (const CLI::CallForAllHelp&) {
    return ParseStop{app.help("", CLI::AppFormatMode::All), kPassed};
  } catch (const CLI::ParseError& e) {
    // Every parser error is a usage error, whatever CLI11's own code for it (104 for a
    // non-number, 105 for a failed check, 109 for an unknown option, 114 for a missing value).
    // A hidden old spelling has no name of its own in CLI11's message.
    // CLI11 quotes the argument it refused as it was given, control bytes and all.
    std::string message = printable(e.what());
    if (message.rfind(": ", 0) == 0) message.erase(0, 2);
    return ParseStop{message + suggestion(app, message), kUsageOrInputError};
  }
  return std::nullopt;
}

std::optional<ParseStop> parse_declared(const std::string& command, const std::string& description,
                                        const std::vector<std::string>& args,
                                        const std::function<void(Vocabulary&)>& declare) {
  CLI::App app{description, "halfpipe " + command};
  app.set_help_flag("-h,--help", "print this help and exit");
  Vocabulary vocabulary(app);
  declare(vocabulary);
  auto stop = parse_into(app, args);
  if (!stop) stop = vocabulary.mixed_spellings();
  return stop;
}

Declared& Declared::required() {
  option_->required();
  return *this;
}
Declared& Declared::description(const std::string& help) {
  option_->description(help);
  return *this;
}
Declared& Declared::default_str(const std::string& shown) {
  option_->default_str(shown);
  return *this;
}
Declared& Declared::excludes(const Declared& other) {
  option_->excludes(other.option_);
  return *this;
}

Declared& Declared::type_name(const std::string& name) {
  option_->type_name(name);
  return *this;
}

int report_stop(const std::string& command, const std::string& text, int status) {
  if (status == kPassed) {
    std::cout << text;
    std::cout.flush();
    return kPassed;
  }
  std::cerr << fmt::format("halfpipe {}: {} (halfpipe {} --help lists the options)\n", command,
                           printable(text), command);
  return status;
}

}  // namespace halfpipe::cli
