// The semantics probes (`halfpipe gen --probe-semantics`): vectors that separate each policy
// choice doc/semantics.md makes where the PTX ISA is silent (S8 tininess under .ftz, S10 the
// canonical NaN, S12 .sat of -0, S13 .relu of -0, S14 the OOB-NaN pattern) from the other
// readings a GPU might follow. Each probe carries, in its line's comment (vectors/FORMAT.md,
// "Probe comments"), the rule it probes and the result each alternative reading gives, so that a
// run on silicon says which reading the hardware follows.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

namespace halfpipe::vectors {

// One alternative reading of a rule and the result register it predicts.
struct ProbeAlternative {
  std::string name;  // e.g. "before-rounding"; letters, digits and '-'
  uint32_t result = 0;
};

struct Probe {
  std::string rule;  // "S8", "S10", "S12", "S13" or "S14"
  std::string form;  // canonical spelling
  std::vector<uint32_t> operands;
  uint32_t expected = 0;  // halfpipe's reading, derived by hand (the reference must agree)
  std::vector<ProbeAlternative> alternatives;
};

// The probes, rule by rule, expected values and alternatives derived by hand.
const std::vector<Probe>& semantics_probes();

// The probe comment of a vector line: "probe S12 keep-negative-zero=0x8000" (no '#').
std::string probe_comment(const Probe& probe);

// Writes the probes as a vector file: header, then one line per probe with its probe comment;
// the results are the reference's (throws std::logic_error naming the probe if the reference
// disagrees with the hand-derived value: the table and the reference must change together).
void write_probe_file(std::ostream& out);

}  // namespace halfpipe::vectors
