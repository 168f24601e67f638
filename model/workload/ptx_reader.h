// Reads a kernel of a PTX file as nvcc writes it (`nvcc --ptx`) into a Program: every
// instruction of its body, inline asm's `{ }` scopes and their `.reg` declarations included, with
// the registers each one reads and writes, its guard predicate as a source, and its branches.
//
// Control flow, for an instruction stream without data: a branch to an earlier label closes a
// loop (Flow::LoopBack); a forward branch with a guard is taken as not taken (the kernel's work
// path: bounds checks and loop guards skip work), without one it is taken; `ret`/`exit` without
// a guard ends the stream. The unit's forms are decoded under the file's `.target` and
// `.version`.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "model/workload/program.h"

namespace halfpipe::workload {

// Reads the kernel named `kernel` (the `.entry` name; empty: the file's only kernel) from the
// PTX file `path`. Throws ReadError ("FILE:LINE: problem") for a file that cannot be read or
// parsed: an unterminated statement or scope, a register that is not declared, a branch to a
// label the kernel does not have, no `.target`; and for a kernel the file does not have (or an
// empty `kernel` when it has several), naming the ones it has.
Program read_ptx(const std::string& path, const std::string& kernel);

// Every kernel of the PTX file `path`, in the file's order (a design-space sweep runs each);
// throws ReadError as read_ptx does.
std::vector<Program> read_ptx_kernels(const std::string& path);

// The same from text; `source` names it in messages.
Program parse_ptx(std::string_view text, const std::string& source, const std::string& kernel);

}  // namespace halfpipe::workload
