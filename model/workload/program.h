// An instruction stream as `halfpipe explore --ptx-file/--trace-file` runs it: the static code
// of one kernel (or one warp of a trace) with its registers named by number, its loops, and for
// each instruction whether the half-precision unit executes it (a decoded Uop) or another unit
// does. The readers (ptx_reader.h, trace_reader.h) build it; the scheduler (scheduler.h) walks it.
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "model/uop/uop.h"

namespace halfpipe::workload {

// One distinct instruction form of a program, e.g. "fma.rn.f16x2" or "ld.global.nc.u32".
struct Form {
  std::string text;        // the opcode word as written
  std::optional<Uop> uop;  // set when the unit executes it (the PTX decoder accepted it)
  // For a half-precision opcode of the unit that the decoder refused (an illegal modifier, a
  // form above the file's target): the decoder's reason. Such an instruction runs as another
  // unit's, and the report names it.
  std::string not_executable;
};

// What the instruction does to the control flow of its stream.
enum class Flow : uint8_t {
  Next,      // falls through
  LoopBack,  // a branch to an earlier instruction: taken trip count - 1 times, then falls through
  Jump,      // an unconditional forward branch: always taken
  Stop,      // ret / exit without a guard: the stream ends after it
};

struct Instruction {
  int form = 0;              // index into Program::forms
  std::vector<int> sources;  // registers read (the guard predicate too)
  std::vector<int> destinations;
  Flow flow = Flow::Next;
  int target = 0;  // LoopBack and Jump: index of the instruction the branch goes to
  int line = 0;    // in the source file
  bool reads_clock = false;  // reads the cycle counter (%clock, %clock64): a timing mark
};

struct Program {
  std::string name;    // the kernel, or "warp N" of a trace
  std::string source;  // the file it was read from
  std::vector<Form> forms;
  std::vector<Instruction> code;
  std::vector<std::string> registers;  // register number -> name, for messages
};

}  // namespace halfpipe::workload

namespace halfpipe::isa {
struct Target;
}

namespace halfpipe::workload {

// Input a reader cannot use: what() is "FILE:LINE: problem".
class ReadError : public std::runtime_error {
 public:
  ReadError(const std::string& file, int line, const std::string& problem)
      : std::runtime_error(file + ":" + std::to_string(line) + ": " + problem) {}
  // A problem with the file as a whole, e.g. "FILE: cannot open the file".
  explicit ReadError(const std::string& message) : std::runtime_error(message) {}
};

// Classifies a form: the unit's when the PTX decoder accepts it (under `target` when given),
// otherwise another unit's, with the decoder's reason kept when the opcode is one of the unit's
// on a half-precision type.
Form classify_form(const std::string& text, const isa::Target* target);

// The unit's opcodes (add sub mul fma neg abs min max tanh ex2) on a .f16/.f16x2/.bf16/.bf16x2
// type: what a reader expects the unit to execute.
bool is_half_precision_unit_opcode(const std::string& text);

}  // namespace halfpipe::workload
