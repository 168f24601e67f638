// `halfpipe silicon`: the CUDA program that runs halfpipe vector files on an NVIDIA GPU, each
// vector through exactly its PTX instruction by inline asm, compared bit for bit by the host
// side (silicon/host/). This file writes the device side, the build script, and copies the host
// sources, which are compiled into halfpipe (silicon_sources.h) so an installed halfpipe needs
// nothing else.
#pragma once

#include <string>
#include <vector>

#include "model/isa/ptx.h"
#include "model/uop/uop.h"

namespace halfpipe::silicon {

// A form's instruction as PTX text: the canonical spelling, then the destination and the source
// registers, e.g. ptx_instruction("fma.rn.f16", {"%0", "%1", "%2", "%3"}) is
// "fma.rn.f16 %0, %1, %2, %3;". `registers` holds d, then one per operand the form reads.
std::string ptx_instruction(const std::string& canonical_form,
                            const std::vector<std::string>& registers);

// The PTX register type of a form's registers: ".b16" for a scalar, ".b32" for a packed form.
const char* register_type(const Uop& u);

// One instruction in a kernel's loop body: the operand registers ra, rb, rc the form reads, each
// taken from `operand` with its letter substituted (e.g. "{}[i]": a[i]), the result register rd,
// and the form's instruction by inline asm (16-bit registers, constraint "h", for a scalar form;
// 32-bit, "r", for a packed one). Lines indented for the loop; rd holds the result after them.
std::string inline_asm_instruction(const std::string& canonical_form, const Uop& u,
                                   const std::string& operand);

// sm_NN that ptxas and nvcc of CUDA 13 assemble for at the least (older targets are refused).
inline constexpr int kOldestToolkitTarget = 75;

// One form of the program: its canonical spelling and every spelling the vector files use.
struct ProgramForm {
  std::string canonical;
  Uop uop;
  std::vector<std::string> spellings;
};

// What `halfpipe silicon` writes into DIR.
struct Program {
  std::vector<ProgramForm> forms;
  int target_sm = kOldestToolkitTarget;  // build.sh's -arch
  std::vector<std::string> vector_files;  // copied into DIR/vectors/
  std::string command;                    // the halfpipe command line, for the header
};

// The device side: one kernel per form, the dispatch and the spelling table.
std::string kernels_source(const Program& program);
// build.sh: nvcc -arch=sm_NN over the host and device sources (NVCC and ARCH override).
std::string build_script(const Program& program);
// run.sh: the program on the copied vector files, its arguments passed on.
std::string run_script(const Program& program);

// Writes the whole program into `dir` (created): silicon_device.h, silicon_host.cpp,
// silicon_kernels.cu, build.sh, run.sh and vectors/ (the files, numbered). Throws
// std::runtime_error for a file it cannot write.
void write_program(const std::string& dir, const Program& program);

}  // namespace halfpipe::silicon
