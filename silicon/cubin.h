// Reads the SASS of a cubin for sm_90 without cuobjdump or nvdisasm, which the CUDA toolkit on
// the build machines and CI lacks (only nvcc, ptxas, nvlink, fatbinary): the ELF64 file nvcc
// -cubin (or ptxas) writes, each kernel's `.text.NAME` section, each 16-byte Hopper instruction
// decoded just far enough for silicon/sass_chain.h's check (silicon/README.md, "Timing",
// "Reading the SASS"): the opcode and the general registers it writes and reads.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "silicon/sass_chain.h"

namespace halfpipe::silicon {

// One Hopper instruction: the two little-endian 64-bit words of its 16 bytes.
struct HopperWord {
  uint64_t low = 0, high = 0;
};

// The instructions of each kernel (`.text.NAME` section) of an sm_90 cubin, by name. Throws
// std::runtime_error, saying what is wrong, when `bytes` is no little-endian ELF64 file for
// EM_CUDA or a section lies outside it.
std::map<std::string, std::vector<HopperWord>> cubin_kernels(const std::vector<uint8_t>& bytes);

// The mnemonic the opcode field names, as cuobjdump prints its first word ("HFMA2", "HFMA2.MMA",
// "CS2R"), or nullopt for an opcode the table does not hold.
std::optional<std::string> hopper_mnemonic(uint64_t low_word);

// One instruction as sass_of_function() gives it: the mnemonic (or "?0x247", the opcode field in
// hex, for one the table does not name) and the operands the check needs, the destination first:
// general registers ("R11", "RZ"), a special register ("SR_CLOCKLO", "SR_0x21"), "imm" or "c[]"
// for an operand that is no register. Modifiers (.H1, |x|, -x) and the guard are left out.
SassInstruction decode_hopper(const HopperWord& word);

// The instructions of `kernel` in the cubin, decoded; empty when it has no such kernel.
std::vector<SassInstruction> sass_of_cubin(const std::vector<uint8_t>& bytes,
                                           const std::string& kernel);

}  // namespace halfpipe::silicon
