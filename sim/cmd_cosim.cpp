// `halfpipe cosim`: the Verilated RTL and the SystemC model side by side on the same vectors,
// one scoreboard checking every transaction's results against the reference and the RTL's
// output cycle against the model's prediction (tb/cosim/cosim.h). With no arguments it runs the
// default regression: every legal PTX form at Lanes=2, corner classes plus seeded random
// vectors, random back-pressure and gaps, and a reset half-way through.
//
//   halfpipe cosim
//   halfpipe cosim fma.rn.relu.bf16x2 add.f16 --random 5000 --seed 7 --lanes 4
//   halfpipe cosim --vector-file vectors/regression/random.vec --wave run.fst --log run.log
//   halfpipe cosim mul.bf16x2 --vector 0x7ff70080,0x7fff8000 --wave one.fst
//   halfpipe cosim 'MAX.sat (16, M5) hf' --all-visa --corner --random 20 --lanes 4
//   halfpipe cosim --soak 100000000 --reset-every 1000000
//   halfpipe cosim --all-ptx --corner --random 1000 --dut my_unit
#include <fmt/core.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <exception>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "model/isa/ptx.h"
#include "model/isa/visa.h"
#include "sim/commands.h"
#include "sim/exit_status.h"
#include "sim/interrupt.h"
#include "regress/record.h"
#include "tb/cosim/cosim.h"
#include "tb/loaded_dut.h"
#include "tb/rtl_coverage.h"
#include "tb/visa_beats.h"
#include "tb/wave_view.h"
#include "vectors/stream.h"
#include "vectors/vector_file.h"

namespace halfpipe::cli {
namespace {

// Random vectors per form in the default regression: with the corner classes 12.4 million
// transactions over the 124 legal forms, about 20 s of processor time on this machine (a minute
// of wall-clock time when other work shares its two cores).
constexpr uint64_t kDefaultRandom = 100000;

// A soak's reset interval unless --reset-every says otherwise (about every 10^6).
constexpr uint64_t kSoakResetEvery = 1000000;

// Back-pressure and gaps unless --backpressure/--gaps say otherwise; a run of --vector
// instructions alone has neither (nor a reset): it replays those transactions, nothing else.
constexpr double kDefaultBackpressure = 0.1;
constexpr double kDefaultGaps = 0.1;

struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The command line that reproduces this run (every setting that shapes it, explicitly).
std::string reproduce_command(const CosimOptions& o, const tb::cosim::Settings& s, bool corner,
                              uint64_t random) {
  std::string c = "halfpipe cosim";
  for (const auto& f : o.forms) c += " " + record::shell_quote(f);
  if (o.all_ptx) c += " --all-ptx";
  if (o.all_visa) c += " --all-visa";
  if (!o.vector_file.empty()) c += " --vector-file " + o.vector_file;
  for (const auto& v : o.vectors) c += " --vector " + record::shell_quote(v);
  if (corner) c += " --corner";
  if (random) c += fmt::format(" --random {}", random);
  c += fmt::format(" --seed {}", o.seed);
  c += s.unit ? s.unit_options : fmt::format(" --lanes {} --depth {}", o.lanes, o.depth);
  c += fmt::format(" --backpressure {:g} --gaps {:g}", s.backpressure, s.gaps);
  if (o.reset_at >= 0) c += fmt::format(" --reset-at {}", o.reset_at);
  if (o.soak) c += fmt::format(" --soak {}", o.soak);
  if (o.reset_every) c += fmt::format(" --reset-every {}", o.reset_every);
  for (const auto& m : o.model_latency) c += " --model-latency " + m;
  if (o.flip_output >= 0) c += fmt::format(" --inject-rtl-fault {}", o.flip_output);
  return c;
}

// A user's unit (--dut): loaded, with the options that name it in reproduce commands.
std::shared_ptr<const tb::LoadedUnit> load_unit(const CosimOptions& o, tb::cosim::Settings& s) {
  if (o.dut.empty()) {
    if (!o.plusargs.empty() || o.no_x_check)
      throw UsageError("--plusargs and --no-x-check are for a --dut unit");
    return nullptr;
  }
  if (o.bare) throw UsageError("--bare times hp_alu's harness: it takes no --dut unit");
  if (o.flip_output >= 0)
    throw UsageError("--inject-rtl-fault breaks hp_alu's results; a unit's faults are its own");
  auto unit = tb::LoadedUnit::load(o.dut);
  if (!o.rtl_coverage.empty() && !unit->description().coverage)
    throw UsageError(fmt::format("--rtl-coverage: the unit in {} was built without coverage: "
                                 "build it again with halfpipe dut build --coverage", o.dut));
  s.coverage_path = o.rtl_coverage;
  if (!o.rtl_coverage.empty()) {
    try {
      record::check_writable(o.rtl_coverage);  // found now, not after the run
    } catch (const record::Error& e) {
      throw UsageError(std::string("--rtl-coverage: ") + e.what());
    }
  }
  s.unit = unit;
  s.plusargs = o.plusargs;
  s.x_check = !o.no_x_check;
  s.unit_options = " --dut " + record::shell_quote(o.dut);
  if (!o.plusargs.empty()) s.unit_options += " --plusargs " + record::shell_quote(o.plusargs);
  if (o.no_x_check) s.unit_options += " --no-x-check";
  if (o.nan == "any") s.unit_options += " --nan any";
  return unit;
}

int run(const CosimOptions& given) {
  CosimOptions o = given;
  if (!o.vectors.empty() && o.forms.empty())
    throw UsageError("--vector needs the FORM it is an instruction of");
  tb::cosim::Settings settings;
  const std::shared_ptr<const tb::LoadedUnit> unit = load_unit(o, settings);
  if (unit) o.lanes = unit->description().lanes;  // the adapter's, as for sweep
  const bool file_only = !o.vector_file.empty() && o.forms.empty() && !o.all_ptx && !o.all_visa &&
                         !o.corner && !o.random;
  // --vector instructions and nothing else (a vector file aside): a replay of those transactions.
  const bool vectors_only =
      !o.vectors.empty() && !o.all_ptx && !o.all_visa && !o.corner && !o.random && !o.soak;
  std::vector<std::string> forms = o.forms;
  if (o.all_visa) {
    const tb::VisaRtlForms visa = tb::visa_rtl_forms(o.lanes);
    for (const auto& i : visa.forms) forms.push_back(isa::visa::form_name(i));
    if (const std::string note = tb::visa_skipped_note(visa, o.lanes); !note.empty())
      std::cout << note << "\n";
  }
  if (o.all_ptx || forms.empty()) {
    for (const auto& form : isa::legal_ptx_forms()) forms.push_back(form);
  }
  if (unit && !file_only) {
    std::string skipped;
    forms = unit->executable(forms, skipped);
    if (!skipped.empty()) std::cout << skipped << "\n";
    if (forms.empty())
      throw UsageError(fmt::format("--dut {}: the unit executes none of the forms given", o.dut));
  }
  // Without a stream option, the default regression's streams; a soak's: its transactions as
  // random ones, spread evenly over the forms.
  const bool default_streams = !o.corner && !o.random;
  const bool corner = o.corner || (default_streams && !o.soak);
  const uint64_t random = o.random              ? o.random
                          : !default_streams    ? 0
                          : o.soak              ? (o.soak + forms.size() - 1) / forms.size()
                                                : kDefaultRandom;

  tb::cosim::Stimulus stimulus;
  if (!o.vector_file.empty()) stimulus.add_file(o.vector_file);
  if (!o.vectors.empty()) {
    for (const auto& form : o.forms) {
      try {
        stimulus.add_vectors(form, o.vectors);
      } catch (const std::invalid_argument& e) {
        throw UsageError(e.what());
      }
    }
  }
  if (!file_only && !vectors_only) {
    const auto specs = vectors::stream_specs(corner, random, false, o.seed);
    for (const auto& form : forms) {
      try {
        stimulus.add_streams(form, specs);
      } catch (const std::invalid_argument& e) {
        throw UsageError(e.what());
      }
    }
  }
  if (stimulus.size() == 0) throw UsageError("no vectors to run");
  if (unit) {  // what a vector file or --vector brings must be the unit's too
    for (const auto& form : stimulus.forms())
      if (!unit->executes(form))
        throw UsageError(fmt::format("--dut {}: the unit does not declare {} (its Forms "
                                     "parameter), which the vectors given hold",
                                     o.dut, form));
  }

  settings.any_nan = o.nan == "any";
  settings.lanes = o.lanes;
  settings.depth = o.depth;
  settings.seed = o.seed;
  settings.backpressure = o.backpressure >= 0 ? o.backpressure : vectors_only ? 0 : kDefaultBackpressure;
  settings.gaps = o.gaps >= 0 ? o.gaps : vectors_only ? 0 : kDefaultGaps;
  const bool periodic = o.reset_every || o.soak;
  settings.reset_every = o.reset_every ? o.reset_every : o.soak ? kSoakResetEvery : 0;
  settings.transactions = o.soak;
  settings.soak = o.soak > 0;
  settings.reset_at = o.reset_at >= 0        ? static_cast<uint64_t>(o.reset_at)
                      : periodic || vectors_only ? 0
                                                 : std::max<uint64_t>(1, stimulus.size() / 2);
  settings.wave_path = o.wave;
  settings.log_path = o.log;
  settings.model_latency = o.model_latency;
  settings.quantum = o.quantum;
  if (o.flip_output >= 0) {
    tb::cosim::RtlFault fault;
    fault.output = static_cast<uint64_t>(o.flip_output);
    settings.rtl_fault = fault;
  }
  const bool streams = !file_only && !vectors_only;
  settings.command = reproduce_command(o, settings, corner && streams, streams ? random : 0);
  if (!o.wave.empty()) {
    try {
      tb::check_wave_paths(o.wave);
    } catch (const std::runtime_error& e) {
      throw UsageError(fmt::format("--wave: {}", e.what()));
    }
  }

  // SystemC's banner is noise on a command's output; it must be silenced before SystemC starts.
  setenv("SC_COPYRIGHT_MESSAGE", "DISABLE", 1);
  // Progress on stderr without a terminal (a co-simulation has no bar), and Ctrl-C; not for the
  // bare benchmark loop, which a Ctrl-C simply ends.
  std::optional<InterruptScope> interrupt;
  if (!o.bare) {
    settings.heartbeat_seconds = o.quiet || isatty(STDERR_FILENO) ? -1 : o.progress_every;
    settings.stop = &g_interrupted;
    interrupt.emplace();
  }
  const tb::cosim::Report report = o.bare ? tb::cosim::run_bare(stimulus, settings, std::cout)
                                          : tb::cosim::run_cosim(stimulus, settings, std::cout);
  if (!report.error.empty() && report.passed + report.failed == 0 && report.cycles == 0) {
    // Nothing ran: a configuration problem, reported as a usage error.
    throw UsageError(report.error);
  }
  // A unit's counts, which its own library wrote, name the build that made them.
  if (!o.dut.empty() && !settings.coverage_path.empty() && report.error.empty())
    tb::stamp_coverage_file(settings.coverage_path,
                            record::unit_coverage_identity(o.dut + "/" + tb::kUnitLibrary));
  if (report.interrupted) return report.ok() ? kInterrupted : kVerificationFailure;
  return report.ok() ? kPassed : kVerificationFailure;
}

constexpr const char* kCosimDescription =
    "co-simulate the Verilated RTL and the SystemC model on the same vectors; with no "
    "arguments, the default regression (every legal form, Lanes=2, corner and random "
    "vectors, back-pressure, gaps, a reset mid-run)";

int cosim_main(const std::vector<std::string>& args) {
  const auto parsed = parse_cosim_options(args);
  if (!parsed.ok()) return report_stop("cosim", parsed.text, parsed.status);
  try {
    const CosimOptions& o = *parsed.options;
    // From here make_dut builds the instrumented models; their counts are added as each is
    // destroyed, by the end of run().
    std::optional<tb::RtlCoverageSession> coverage;  // a --dut unit writes its own
    if (!o.rtl_coverage.empty() && o.dut.empty())
      coverage.emplace(o.rtl_coverage, record::hp_alu_coverage_identity());
    const int status = run(o);
    if (coverage) coverage->write();  // std::runtime_error when it cannot: exit 2
    return status;
  } catch (const UsageError& e) {
    std::cerr << "halfpipe cosim: " << e.what() << "\n";
  } catch (const vectors::ParseError& e) {
    std::cerr << "halfpipe cosim: " << e.what() << "\n";
  } catch (const std::invalid_argument& e) {  // make_dut: a configuration not Verilated
    std::cerr << "halfpipe cosim: " << e.what() << "\n";
  } catch (const std::runtime_error& e) {  // an unreadable vector file, an unwritable log
    std::cerr << "halfpipe cosim: " << e.what() << "\n";
  }
  return kUsageOrInputError;
}

}  // namespace

Parsed<CosimOptions> parse_cosim_options(const std::vector<std::string>& args) {
  return parse_command<CosimOptions>("cosim", kCosimDescription, args, [](Vocabulary& v, CosimOptions& o) {
    v.forms(o.forms, option_spec("FORM").help);
    v.all_ptx(o.all_ptx).description(option_spec("--all-ptx").help +
                                      " (the default with no FORM, --all-visa or --vector-file)");
    v.all_visa(o.all_visa).description(
        option_spec("--all-visa").help +
        "; give --corner/--random: the default 100000 random instructions per form is meant for "
        "the PTX regression");
    v.corner(o.corner);
    v.random(o.random).default_str(
        fmt::format("with no --corner/--random: corner and {}", kDefaultRandom));
    v.seed(o.seed);
    v.lanes(o.lanes);
    v.depth(o.depth);
    v.vector_file(o.vector_file);
    v.vector(o.vectors).description(option_spec("--vector").help +
                                     "; of each FORM; alone, no back-pressure, gaps or reset "
                                     "unless asked for");
    v.backpressure(o.backpressure).default_str(fmt::format("{:g}; 0 with --vector alone", kDefaultBackpressure));
    v.gaps(o.gaps).default_str(fmt::format("{:g}; 0 with --vector alone", kDefaultGaps));
    v.reset_at(o.reset_at).default_str(
        "half-way through; none with --reset-every, --soak or --vector alone");
    v.reset_every(o.reset_every).default_str(fmt::format("none; {} with --soak", kSoakResetEvery));
    v.soak(o.soak);
    v.wave(o.wave);
    v.log(o.log);
    v.model_latency(o.model_latency);
    v.inject_rtl_fault(o.flip_output).default_str("none");
    v.quantum(o.quantum);
    v.bare(o.bare);
    v.rtl_coverage(o.rtl_coverage);
    v.dut(o.dut).description(
        "co-simulate the unit that `halfpipe dut build -o DIR` built instead of hp_alu (its lane "
        "count is the adapter's): cycles checked against the model configured with the "
        "latencies it declares (with --model-latency on top) when it completes in order, "
        "otherwise a functional check with each form's latency and throughput measured");
    v.nan(o.nan);
    v.plusargs(o.plusargs);
    v.no_x_check(o.no_x_check);
    v.progress_every(o.progress_every);
    v.quiet(o.quiet);
  });
}

HALFPIPE_COMMAND(cosim, "cosim", kCosimDescription, cosim_main);

}  // namespace halfpipe::cli
