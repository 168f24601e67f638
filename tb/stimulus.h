// What a harness drives, built one way for every command that runs RTL: `sweep`, `cosim` and
// `plan`'s rate samples. A form's text goes through the one front door (isa::decode_form), its
// explicit vectors (`--vector`) and streams (`--corner`, `--random`, `--exhaustive`, chosen
// by vectors::stream_specs) become beats (tb/beats.h), and a vector file joins them. `gen`'s
// files and `$readmemh` images draw the same streams through vectors::stream_specs.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "model/uop/uop.h"
#include "tb/beats.h"
#include "tb/dut.h"
#include "vectors/coverage.h"
#include "vectors/stream.h"

namespace halfpipe::tb {

class Stimulus {
 public:
  // OnePerBeat and any lane count until start() says which: the co-simulation. A sweep fills
  // every lane of a unit whose lane count it knows.
  explicit Stimulus(BeatSource::Packing packing = BeatSource::Packing::OnePerBeat,
                    int lanes = kMaxLanes)
      : source_(lanes, packing) {}

  // Adds `form`'s streams, run after what was added before and sharded together. A PTX form,
  // or a vISA form (`MIN|MAX[.sat] (EXEC[, MASK]) TYPE`, corner and random streams). Returns
  // the form's canonical name. Throws std::invalid_argument naming the form when it is
  // illegal, is a vISA form asked for an exhaustive stream, or needs more lanes than the
  // source has.
  std::string add_streams(const std::string& form, const std::vector<vectors::StreamSpec>& specs,
                          vectors::Shard shard = {});
  // Adds one explicit instruction per text, as `--vector` gives it (tb/beats.h
  // parse_ptx_vector, parse_visa_vector). Returns and throws as add_streams does, and names
  // a malformed text.
  std::string add_vectors(const std::string& form, const std::vector<std::string>& texts);
  // Adds every vector of a vector file (vectors/FORMAT.md), its expected results taken from the
  // file. Throws vectors::ParseError ("FILE:LINE: problem") for a malformed file and
  // std::runtime_error for one that cannot be read.
  void add_file(const std::string& path);

  uint64_t size() const { return source_.instructions(); }
  const std::vector<std::string>& forms() const { return source_.forms(); }  // Expected::plan
  const Uop& uop(int form) const { return source_.uop(form); }  // vISA forms: without modifiers
  bool is_visa(int form) const { return source_.is_visa(form); }
  bool has_visa() const { return source_.has_visa(); }

  // Fixes the unit's lane count, and counts functional coverage from here on; throws
  // std::invalid_argument when a form needs more lanes than that. Then next() hands out the
  // beats.
  void start(int lanes);
  // The next beat (its tag left to the caller); false at the end.
  bool next(Expected& beat) { return source_.next(beat); }
  // The beats themselves, for the drive loops (tb/drive.h, tb/sweep.h).
  BeatSource& beats() { return source_; }
  const BeatSource& beats() const { return source_; }
  // Functional coverage of the PTX instructions drawn since start() (each once, replays after
  // a reset aside); vISA forms have no coverage model.
  const vectors::Coverage& coverage() const { return coverage_; }

 private:
  BeatSource source_;
  vectors::Coverage coverage_;
};

}  // namespace halfpipe::tb
