// Vectors for any simulator: `halfpipe gen --format memh` writes a `$readmemh` image of PTX
// vectors that a plain SystemVerilog testbench replays without DPI or C++ (examples/memh/).
//
// Each vector is five 32-bit words, so vector i starts at word 5i: the Uop encoding
// (model/uop/uop.h encode(), zero-padded to 32 bits), the registers a, b and c (scalar forms
// zero-extended, operands the form does not read zero), and the expected result register.
// vectors/FORMAT.md documents the image.
#pragma once

#include <cstdint>
#include <ostream>
#include <stdexcept>
#include <string>

#include "model/uop/uop.h"
#include "vectors/stream.h"
#include "vectors/vector_file.h"

namespace halfpipe::vectors {

// The version written in the image's first line; bumped when the layout changes.
inline constexpr int kMemhFormatVersion = 1;
// 32-bit words per vector.
inline constexpr int kMemhWordsPerVector = 5;

// One vector as its five words, 8 lowercase hex digits each, separated by spaces, with an end
// of line.
std::string format_memh_line(const Uop& u, const Operands& o, uint32_t expected);

// A vISA MIN_MAX form given to the memh writer: a usage error (exit 2), not a failed run.
class NotAPtxForm : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

// The `//` comment header (format and version, generator, command, seed, shard, vector count)
// and every vector of `request`. Throws NotAPtxForm naming a vISA form (the image holds PTX
// vectors only), std::invalid_argument naming an illegal form, and ref::NotImplemented as
// write_vector_file does.
void write_memh_file(std::ostream& out, GenerationRequest request);

}  // namespace halfpipe::vectors
