// `halfpipe cosim`: the Verilated RTL and the SystemC model side by side on the same vectors,
// one scoreboard checking every transaction's results against the reference and the RTL's
// output cycle against the model's prediction (tb/cosim/cosim.h). With no arguments it runs the
// default regression: every legal PTX form at Lanes=2, corner classes plus seeded random
// vectors, random back-pressure and gaps, and a reset half-way through.
//
//   halfpipe cosim
//   halfpipe cosim fma.rn.relu.bf16x2 add.f16 --random 5000 --seed 7 --lanes 4
//   halfpipe cosim --vectors vectors/regression/random.vec --wave run.fst --log run.log
//   halfpipe cosim 'MAX.sat (16, M5) hf' --visa --corner --random 20 --lanes 4
#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <exception>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "model/isa/ptx.h"
#include "model/isa/visa.h"
#include "sim/commands.h"
#include "tb/cosim/cosim.h"
#include "tb/visa_beats.h"
#include "vectors/stream.h"
#include "vectors/vector_file.h"

namespace halfpipe::cli {
namespace {

// Random vectors per form in the default regression: with the corner classes 12.4 million
// transactions over the 124 legal forms, about 20 s of processor time on this machine (a minute
// of wall-clock time when other work shares its two cores).
constexpr uint64_t kDefaultRandom = 100000;

struct CosimOptions {
  std::vector<std::string> forms;
  bool all_visa = false;
  bool corner = false;
  uint64_t random = 0;
  uint64_t seed = vectors::kDefaultSeed;
  int lanes = 2;
  int depth = 4;
  std::string vector_file;
  double backpressure = 0.1;
  double gaps = 0.1;
  int64_t reset_at = -1;  // -1: half-way through
  std::string wave;
  std::string log;
  std::vector<std::string> model_latency;
  int64_t flip_output = -1;
  bool bare = false;
  uint64_t quantum = tb::cosim::kDefaultQuantum;
};

struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The command line that reproduces this run (every setting that shapes it, explicitly).
std::string reproduce_command(const CosimOptions& o, bool corner, uint64_t random) {
  std::string c = "halfpipe cosim";
  for (const auto& f : o.forms) c += isa::visa::is_batch_line(f) ? " '" + f + "'" : " " + f;
  if (o.all_visa) c += " --visa";
  if (!o.vector_file.empty()) c += " --vectors " + o.vector_file;
  if (corner) c += " --corner";
  if (random) c += fmt::format(" --random {}", random);
  c += fmt::format(" --seed {} --lanes {} --depth {} --backpressure {:g} --gaps {:g}", o.seed,
                   o.lanes, o.depth, o.backpressure, o.gaps);
  if (o.reset_at >= 0) c += fmt::format(" --reset-at {}", o.reset_at);
  for (const auto& m : o.model_latency) c += " --model-latency " + m;
  if (o.flip_output >= 0) c += fmt::format(" --inject-rtl-fault {}", o.flip_output);
  return c;
}

int run(const CosimOptions& o) {
  const bool file_only =
      !o.vector_file.empty() && o.forms.empty() && !o.all_visa && !o.corner && !o.random;
  // Without a stream option, the default regression's streams.
  const bool default_streams = !o.corner && !o.random;
  const bool corner = o.corner || default_streams;
  const uint64_t random = o.random ? o.random : (default_streams ? kDefaultRandom : 0);

  tb::cosim::Stimulus stimulus;
  if (!o.vector_file.empty()) stimulus.add_file(o.vector_file);
  if (!file_only) {
    std::vector<vectors::StreamSpec> specs;
    if (corner) specs.push_back({vectors::StreamKind::Corner, 0, o.seed, {}, {}});
    if (random) specs.push_back({vectors::StreamKind::Random, random, o.seed, {}, {}});
    std::vector<std::string> forms = o.forms;
    if (o.all_visa) {
      for (const auto& i : tb::visa_rtl_forms()) forms.push_back(isa::visa::form_name(i));
    }
    if (forms.empty()) forms = isa::legal_ptx_forms();
    for (const auto& form : forms) {
      try {
        stimulus.add_streams(form, specs);
      } catch (const std::invalid_argument& e) {
        throw UsageError(e.what());
      }
    }
  }
  if (stimulus.size() == 0) throw UsageError("no vectors to run");

  tb::cosim::Settings settings;
  settings.lanes = o.lanes;
  settings.depth = o.depth;
  settings.seed = o.seed;
  settings.backpressure = o.backpressure;
  settings.gaps = o.gaps;
  settings.reset_at = o.reset_at >= 0 ? static_cast<uint64_t>(o.reset_at)
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
  settings.command = reproduce_command(o, corner && !file_only, file_only ? 0 : random);

  // SystemC's banner is noise on a command's output; it must be silenced before SystemC starts.
  setenv("SC_COPYRIGHT_MESSAGE", "DISABLE", 1);
  const tb::cosim::Report report = o.bare ? tb::cosim::run_bare(stimulus, settings, std::cout)
                                          : tb::cosim::run_cosim(stimulus, settings, std::cout);
  if (!report.error.empty() && report.passed + report.failed == 0 && report.cycles == 0) {
    // Nothing ran: a configuration problem, reported as a usage error.
    throw UsageError(report.error);
  }
  return report.ok() ? 0 : 1;
}

void add_cosim_command(CLI::App& app) {
  auto options = std::make_shared<CosimOptions>();
  CLI::App* cmd = app.add_subcommand(
      "cosim",
      "co-simulate the Verilated RTL and the SystemC model on the same vectors; with no "
      "arguments, the default regression (every legal form, Lanes=2, corner and random "
      "vectors, back-pressure, gaps, a reset mid-run)");
  cmd->add_option("forms", options->forms,
                  "PTX forms (default: every legal PTX form), or vISA forms such as "
                  "'MAX.sat (16, M5) hf' (MIN|MAX[.sat] (EXEC[, MASK]) TYPE; hf w uw b ub)");
  cmd->add_flag("--visa", options->all_visa,
                "every vISA form the RTL executes (1480: hf w uw b ub, MIN/MAX, .sat, every exec "
                "size and mask control); give --corner/--random, the default 100000 random "
                "instructions per form is meant for the PTX regression");
  cmd->add_flag("--corner", options->corner, "the corner-class vectors of each form");
  cmd->add_option("--random", options->random,
                  fmt::format("this many seeded random vectors per form (default with no "
                              "--corner/--random: corner and {})",
                              kDefaultRandom));
  cmd->add_option("--seed", options->seed, "seed of the random vectors and of the traffic")
      ->capture_default_str();
  cmd->add_option("--lanes", options->lanes, "lane count of the unit: 2, 4 or 8")
      ->capture_default_str();
  cmd->add_option("--depth", options->depth, "pipeline depth of the unit (2 or 4 are built)")
      ->capture_default_str();
  cmd->add_option("--vectors", options->vector_file,
                  "a vector file (vectors/FORMAT.md), run before any streams; alone, only it");
  cmd->add_option("--backpressure", options->backpressure,
                  "probability per cycle that the consumer is not ready")
      ->check(CLI::Range(0.0, 0.95))
      ->capture_default_str();
  cmd->add_option("--gaps", options->gaps,
                  "probability per cycle that the source offers nothing new")
      ->check(CLI::Range(0.0, 0.95))
      ->capture_default_str();
  cmd->add_option("--reset-at", options->reset_at,
                  "reset both units right after the RTL accepts transaction N (what was in "
                  "flight is offered again); 0: no reset; default: half-way through")
      ->check(CLI::NonNegativeNumber);
  cmd->add_option("--wave", options->wave,
                  "write an FST waveform of the RTL (edge n at 10n+5 ns, as cycles in --log)");
  cmd->add_option("--log", options->log,
                  "write one line per transaction: cycle, tag, form, operands, expected, RTL, "
                  "model");
  cmd->add_option("--model-latency", options->model_latency,
                  "FAMILY=N: give the model another latency than the RTL's (to see a wrong "
                  "prediction caught); repeatable")
      ->expected(1)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
  cmd->add_option("--inject-rtl-fault", options->flip_output,
                  "flip the lowest bit of lane 0 of the N-th result (from 0) the RTL hands out "
                  "(to see a wrong result caught)")
      ->check(CLI::NonNegativeNumber);
  cmd->add_option("--quantum", options->quantum,
                  "clock cycles per SystemC activation (temporal decoupling; changes no result, "
                  "cycle, log or wave, only speed); 1: one per cycle through a clock signal")
      ->check(CLI::Range(uint64_t{1}, uint64_t{1} << 20))
      ->capture_default_str();
  cmd->add_flag("--bare", options->bare,
                "benchmark baseline: the same vectors and traffic through the plain C++ harness "
                "(tb/dut.h and the scoreboard), without SystemC and the model");
  cmd->callback([options] {
    int status;
    try {
      status = run(*options);
    } catch (const UsageError& e) {
      std::cerr << "halfpipe cosim: " << e.what() << "\n";
      status = 2;
    } catch (const vectors::ParseError& e) {
      std::cerr << "halfpipe cosim: " << e.what() << "\n";
      status = 2;
    } catch (const std::invalid_argument& e) {  // make_dut: a configuration not Verilated
      std::cerr << "halfpipe cosim: " << e.what() << "\n";
      status = 2;
    } catch (const std::runtime_error& e) {  // an unreadable vector file, an unwritable log
      std::cerr << "halfpipe cosim: " << e.what() << "\n";
      status = 2;
    }
    if (status != 0) throw CLI::RuntimeError(status);
  });
}

}  // namespace

HALFPIPE_COMMAND(cosim, add_cosim_command);

}  // namespace halfpipe::cli
