// Reads an instruction trace (doc/trace-format.md) into one Program per warp:
//
//   # comment
//   warp 0
//   fma.rn.f16x2 acc, a, b, acc
//   ld.global.u32 a, ptr
//
// One instruction a line, `FORM dst[, src0[, src1[, src2]]]`, registers as words; FORM is a
// form of the unit (decoded by the PTX decoder) or any other opcode word (another unit's). A
// line `warp N` starts the stream of warp N; lines before any are warp 0's.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "model/workload/program.h"

namespace halfpipe::workload {

struct Trace {
  std::vector<Program> warps;  // in ascending warp number
  bool names_warps = false;    // the file has `warp N` lines (then it sets the warp count)
};

// Throws ReadError ("FILE:LINE: problem") for a
// file that cannot be read, a malformed line (no destination, more than three sources, an
// operand that is not a word, a bad warp number, a warp given twice), or a file without
// instructions.
Trace read_trace(const std::string& path);
Trace parse_trace(std::string_view text, const std::string& source);

}  // namespace halfpipe::workload
