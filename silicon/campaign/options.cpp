#include "options.h"

#include <algorithm>

// The default --seconds, which `halfpipe silicon --campaign --seconds N` sets through build.sh.
#ifndef HALFPIPE_CAMPAIGN_SECONDS
#define HALFPIPE_CAMPAIGN_SECONDS 600
#endif
#define HALFPIPE_CAMPAIGN_TEXT_OF(x) #x
#define HALFPIPE_CAMPAIGN_TEXT(x) HALFPIPE_CAMPAIGN_TEXT_OF(x)

namespace halfpipe_campaign {

namespace fs = std::filesystem;

const char* const kUsage =
    "usage: halfpipe_campaign [-o RESULTS] [--seconds N] [--forms F,...] [--threads N]\n"
    "                         [--fma-random N] [--limit N] [--chunk N] [--vectors DIR]\n"
    "                         [--timing-only | --no-timing] [--repeats N]\n"
    "Runs every input of every form this program carries on the GPU and compares each result\n"
    "bit for bit with halfpipe's reference (README, \"Silicon campaign\").\n"
    "  -o RESULTS      the results folder (default: results/ beside the program)\n"
    "  --seconds N     stop after N seconds and write what is finished (default "
    HALFPIPE_CAMPAIGN_TEXT(HALFPIPE_CAMPAIGN_SECONDS) ")\n"
    "  --forms F,...   only these forms (canonical spellings, as the report names them)\n"
    "  --threads N     host threads computing the expected results (default: every core)\n"
    "  --fma-random N  random triples per fma form, in lanes (default 4294967296)\n"
    "  --limit N       at most N instructions of each generated phase (a quick look; the\n"
    "                  report says what was cut)\n"
    "  --chunk N       instructions per device chunk (default 67108864)\n"
    "  --vectors DIR   where probes.vec and corners.vec are (default: beside the program)\n"
    "  --timing-only   only the timing phase: each op's latency and throughput and the\n"
    "                  held-out kernels, timed by the SM's cycle counter, into timing.json\n"
    "  --no-timing     the bit-for-bit phases without the timing phase that follows them\n"
    "  --repeats N     launches of each timing kernel at each warp count (default 5)\n"
    "Exit 0: every result matched; 1: a mismatch; 2: a usage or device error.\n";

namespace {

uint64_t parse_count(const std::string& option, const std::string& text, uint64_t min) {
  if (text.empty() || text.size() > 19 || text.find_first_not_of("0123456789") != std::string::npos)
    throw UsageError(option + " takes a whole number, not '" + text + "'");
  const uint64_t value = std::stoull(text);
  if (value < min) throw UsageError(option + " must be at least " + std::to_string(min));
  return value;
}

}  // namespace

Options parse_options(int argc, char** argv) {
  Options o;
  o.seconds = HALFPIPE_CAMPAIGN_SECONDS;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    auto next = [&]() -> std::string {
      if (i + 1 == argc) throw UsageError(arg + " needs a value");
      return argv[++i];
    };
    if (arg == "-o" || arg == "--output") o.results = next();
    else if (arg == "--vectors") o.vectors = next();
    else if (arg == "--seconds") o.seconds = static_cast<double>(parse_count(arg, next(), 1));
    else if (arg == "--threads") o.threads = static_cast<unsigned>(parse_count(arg, next(), 1));
    else if (arg == "--fma-random") o.fma_random = parse_count(arg, next(), 0);
    else if (arg == "--limit") o.limit = parse_count(arg, next(), 1);
    else if (arg == "--chunk") o.chunk = parse_count(arg, next(), 1);
    else if (arg == "--timing-only") o.timing_only = true;
    else if (arg == "--no-timing") o.timing = false;
    else if (arg == "--repeats") o.repeats = static_cast<int>(parse_count(arg, next(), 1));
    else if (arg == "--forms") {
      std::string list = next();
      for (size_t start = 0; start <= list.size();) {
        const size_t comma = std::min(list.find(',', start), list.size());
        if (comma > start) o.forms.push_back(list.substr(start, comma - start));
        start = comma + 1;
      }
      if (o.forms.empty()) throw UsageError("--forms names no form");
    } else throw UsageError("unknown argument '" + arg + "'");
  }
  if (o.timing_only && !o.timing) throw UsageError("--timing-only and --no-timing exclude each other");
  if (o.repeats > 1000) throw UsageError("--repeats must be at most 1000");
  return o;
}

fs::path program_dir() {
  std::error_code error;
  const fs::path self = fs::read_symlink("/proc/self/exe", error);
  return error ? fs::current_path() : self.parent_path();
}

}  // namespace halfpipe_campaign
