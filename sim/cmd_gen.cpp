// `halfpipe gen`: golden vectors from the reference (vectors/): corner crossings, seeded random
// operands and exhaustive ranges, sharded, in halfpipe's format or TestFloat's.
#include <fmt/format.h>

#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <fstream>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "model/isa/ptx.h"
#include "model/ref/execute.h"
#include "sim/commands.h"
#include "sim/exit_status.h"
#include "sim/interrupt.h"
#include "regress/output_file.h"
#include "tb/sweep.h"
#include "vectors/memh.h"
#include "vectors/probes.h"
#include "vectors/regression.h"
#include "vectors/testfloat.h"
#include "vectors/vector_file.h"

namespace {

using namespace halfpipe::vectors;
using halfpipe::cli::GenOptions;
using halfpipe::cli::InterruptScope;

// The checked-in regression sets (vectors/regression.h) written under DIR. Forms the reference
// cannot evaluate yet are listed and skipped; they appear once it can.
int write_regression_sets(const GenOptions& o) {
  std::vector<std::string> skipped;
  const auto files = regression_files(skipped);
  for (const auto& why : skipped) std::cerr << fmt::format("halfpipe gen: skipped {}\n", why);
  for (const auto& file : files) {
    const std::filesystem::path path = std::filesystem::path(o.regression_dir) / file.path;
    std::filesystem::create_directories(path.parent_path());
    halfpipe::cli::write_output(path.string(), [&](std::ostream& out) { write_vector_file(out, file.request); });
  }
  std::cerr << fmt::format("halfpipe gen: wrote {} files to {}\n", files.size(), o.regression_dir);
  return halfpipe::cli::kPassed;
}

// Ctrl-C: thrown from the progress callback, so that write_output discards FILE.partial.
struct Interrupted {
  uint64_t written, total;
};

// The progress of a long file, checked after every batch of 4096 vectors: a bar on a terminal, a
// heartbeat line every --progress-every seconds without one (as sweep's), nothing with --quiet;
// and Ctrl-C.
std::function<void(uint64_t, uint64_t)> progress_reporter(const GenOptions& o) {
  using Clock = std::chrono::steady_clock;
  const bool bar = !o.quiet && isatty(STDERR_FILENO) != 0;
  const double every = o.quiet || bar ? -1 : o.progress_every;
  const auto start = Clock::now();
  return [bar, every, start, last = start](uint64_t written, uint64_t total) mutable {
    if (halfpipe::cli::g_interrupted) throw Interrupted{written, total};
    const auto now = Clock::now();
    const double since_last = std::chrono::duration<double>(now - last).count();
    if (bar ? since_last < 0.5 : every < 0 || since_last < every) return;
    last = now;
    const double elapsed = std::chrono::duration<double>(now - start).count();
    const double done = total ? static_cast<double>(written) / total : 1;
    const double remaining = done > 0 ? elapsed * (1 - done) / done : 0;
    const double rate = written / (elapsed > 0 ? elapsed : 1) / 1e6;
    if (bar)
      std::cerr << fmt::format("\r{:5.1f}%  {:6.2f} M vectors/s  ETA {:<8}", 100 * done, rate,
                               halfpipe::tb::progress_duration(remaining))
                << std::flush;
    else
      std::cerr << fmt::format("gen: {:.1f}% ({} of {} vectors), {:.3f} M vectors/s, {} elapsed, "
                               "ETA {}\n",
                               100 * done, written, total, rate,
                               halfpipe::tb::progress_duration(elapsed),
                               halfpipe::tb::progress_duration(remaining))
                << std::flush;
  };
}

int run_gen(const GenOptions& o) {
  if (!o.regression_dir.empty()) return write_regression_sets(o);
  if (o.probe_semantics) {
    if (!o.forms.empty() || o.all_ptx) {  // a usage error
      std::cerr << "halfpipe gen: --probe-semantics chooses its own forms: give no FORM\n";
      return halfpipe::cli::kUsageOrInputError;
    }
    halfpipe::cli::write_output(o.output, [&](std::ostream& out) { write_probe_file(out); });
    return halfpipe::cli::kPassed;
  }
  GenerationRequest request;
  request.forms = o.forms;
  if (o.all_ptx) {
    for (const auto& form : halfpipe::isa::legal_ptx_forms()) request.forms.push_back(form);
  }
  if (request.forms.empty()) throw std::invalid_argument("no FORM given");
  request.random_count = o.random_count;
  request.exhaustive = o.exhaustive;
  request.corner = o.corner || (!o.exhaustive && o.random_count == 0);  // corners by default
  request.seed = o.seed;
  request.shard = o.shard;
  request.exhaustive_c_values = o.c_values;
  const InterruptScope interrupt;
  request.progress = progress_reporter(o);
  if (o.format == "memh") {
    halfpipe::cli::write_output(o.output, [&](std::ostream& out) { write_memh_file(out, request); });
  } else if (o.format == "testfloat") {
    halfpipe::cli::write_output(o.output, [&](std::ostream& out) { write_testfloat_file(out, request); });
  } else {
    halfpipe::cli::write_output(o.output, [&](std::ostream& out) { write_vector_file(out, request); });
  }
  return halfpipe::cli::kPassed;
}

constexpr const char* kGenDescription =
    "write golden vectors (FORM A [B [C]] EXPECTED) computed by the reference";

int gen_main(const std::vector<std::string>& args) {
  const auto parsed = halfpipe::cli::parse_gen_options(args);
  if (!parsed.ok()) return halfpipe::cli::report_stop("gen", parsed.text, parsed.status);
  // gen checks nothing against anything, so whatever stops it is a usage or input error: an
  // unknown or illegal form, a form with no TestFloat counterpart or (memh) not PTX, a form the
  // reference cannot evaluate yet, an output it cannot write.
  const GenOptions& o = *parsed.options;
  try {
    const int status = run_gen(o);
    if (!o.quiet && isatty(STDERR_FILENO)) std::cerr << "\r\033[K";  // the bar, if any
    return status;
  } catch (const Interrupted& stop) {
    const bool bar = !o.quiet && isatty(STDERR_FILENO);
    std::cerr << fmt::format(
        "{}halfpipe gen: interrupted after {} of {} vectors; {}\n", bar ? "\r\033[K" : "",
        stop.written, stop.total,
        o.output.empty() || o.output == "-"
            ? "standard output holds the vectors so far"
            : halfpipe::cli::is_special_file(o.output)
                  ? o.output + " holds the vectors so far"
                  : o.output + " is not written (FILE.partial removed; an old file is untouched)");
    return halfpipe::cli::kInterrupted;
  } catch (const std::exception& e) {
    std::cerr << "halfpipe gen: " << e.what() << '\n';
    return halfpipe::cli::kUsageOrInputError;
  }
}

}  // namespace

namespace halfpipe::cli {

Parsed<GenOptions> parse_gen_options(const std::vector<std::string>& args) {
  return parse_command<GenOptions>("gen", kGenDescription, args, [](Vocabulary& v, GenOptions& o) {
    v.forms(o.forms, "PTX forms, e.g. add.rn.f16 fma.rn.relu.bf16x2");
    v.all_ptx(o.all_ptx);
    v.corner(o.corner).description(
        option_spec("--corner").help + " (the default when no stream is chosen)");
    v.random(o.random_count);
    v.exhaustive(o.exhaustive);
    v.seed(o.seed);
    v.shard(o.shard);
    v.c_values(o.c_values).default_str("all 65536");
    v.format(o.format);
    v.output(o.output);
    v.regression(o.regression_dir);
    v.probe_semantics(o.probe_semantics);
    v.progress_every(o.progress_every);
    v.quiet(o.quiet);
  });
}

}  // namespace halfpipe::cli

HALFPIPE_COMMAND(gen, "gen", kGenDescription, gen_main);
