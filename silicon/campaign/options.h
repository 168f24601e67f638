// The campaign program's command line: what `halfpipe_campaign --help` prints, and the options
// it reads into.
#pragma once

#include <cstdint>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

namespace halfpipe_campaign {

struct Options {
  std::string results = "";     // default: results/ beside the program
  std::string vectors = "";     // probes.vec and corners.vec; default: beside the program
  double seconds = 0;           // the build's HALFPIPE_CAMPAIGN_SECONDS unless given
  std::vector<std::string> forms;  // empty: every form the program carries
  uint64_t limit = 0;              // instructions per generated phase; 0: all
  uint64_t fma_random = uint64_t{1} << 32;  // random triples (lanes) per fma form
  unsigned threads = 0;                     // 0: every core
  uint64_t chunk = uint64_t{1} << 26;       // instructions per device chunk
  int slots = 4;
  bool timing = true;        // the timing phase after the bit-for-bit phases (--no-timing: not)
  bool timing_only = false;  // --timing-only: the timing phase alone
  int repeats = 5;           // launches of each timing kernel and warp count
};

extern const char* const kUsage;

struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Throws UsageError naming the argument and the problem.
Options parse_options(int argc, char** argv);

// The folder the program lies in: its data and default results folder.
std::filesystem::path program_dir();

}  // namespace halfpipe_campaign
