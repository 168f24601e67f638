// Reads `cuobjdump -sass` (or nvdisasm) text to say whether a timing kernel measures what it
// claims (silicon/README.md, "Timing"): between the kernel's first and last read of the clock
// (CS2R ... SR_CLOCKLO), its chain runs as one unbroken run of the expected SASS instructions,
// each reading a register an earlier one of the run wrote, none folded away.
#pragma once

#include <string>
#include <vector>

namespace halfpipe::silicon {

struct SassInstruction {
  std::string opcode;                 // the mnemonic, "HFMA2.BF16_V2"
  std::vector<std::string> operands;  // as written, "R11", "-RZ", "|R11|", "c[0x0][0x210]"
};

// The instructions of function `kernel` in the text, in order; empty when it has none.
std::vector<SassInstruction> sass_of_function(const std::string& text, const std::string& kernel);

// "" when `code` holds, between its first and last clock read, a run of exactly `count`
// instructions whose opcodes start with one of `opcodes` (the mnemonic's first word), the longest
// such run, each after the first `chains` reading the register the one `chains` before it wrote;
// otherwise what is wrong. Other instructions may lie between the run's (ptxas schedules the
// loop's counter into the chain's stalls) as long as they write none of the registers the run
// names; an unknown one ("?0x202"), a branch or a clock read ends the run.
std::string check_chain(const std::vector<SassInstruction>& code,
                        const std::vector<std::string>& opcodes, int count, int chains);

}  // namespace halfpipe::silicon
