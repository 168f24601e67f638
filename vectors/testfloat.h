// TestFloat interoperability: `testfloat_gen` output read as vectors, and vectors written in
// TestFloat's format, for the four functions with an IEEE f16 counterpart here.
//
// TestFloat's line is `A B [C] RESULT FLAGS`: uppercase hex, 4 digits per f16 value, 2 for the
// flags. Its NaN results carry payloads of its own, so a NaN it expects matches any NaN result
// (ours is always the canonical 0x7FFF, S10); its flags are read and ignored.
#pragma once

#include <cstdint>
#include <istream>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "model/uop/uop.h"
#include "vectors/vector_file.h"

namespace halfpipe::vectors {

struct TestFloatFunction {
  const char* name;  // TestFloat's, e.g. "f16_mulAdd"
  const char* form;  // ours, e.g. "fma.rn.f16"
};
// f16_add, f16_sub, f16_mul, f16_mulAdd.
const std::vector<TestFloatFunction>& testfloat_functions();
// nullopt for a function name TestFloat has but we do not map (or a misspelling).
std::optional<TestFloatFunction> find_testfloat_function(const std::string& name);
// The TestFloat function computing exactly this form, if any (no ftz, sat, relu, oob).
std::optional<TestFloatFunction> testfloat_function_for(const Uop& u);

// Reads testfloat_gen output for `function` as vectors of its form; ParseError as for
// VectorReader (FILE:LINE: what), including a wrong value count or a value wider than 16 bits.
class TestFloatReader {
 public:
  TestFloatReader(std::istream& in, std::string file_name, TestFloatFunction function);
  bool next(VectorRecord& out);

 private:
  LineReader lines_;
  TestFloatFunction function_;
  Uop uop_;
  uint64_t count_ = 0;
  bool done_ = false;
};

// One vector as a TestFloat line, e.g. "3C00 3C00 4000 00\n"; flags from testfloat_flags().
std::string format_testfloat_line(const Uop& u, const Operands& o, uint32_t result);

// `halfpipe gen --format testfloat`: the vectors of `request` (every form must have a TestFloat
// function, else std::invalid_argument) as TestFloat lines, without a header, which TestFloat
// files do not have.
void write_testfloat_file(std::ostream& out, GenerationRequest request);

}  // namespace halfpipe::vectors
