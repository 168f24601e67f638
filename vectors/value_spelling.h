// Operands given as values rather than bit patterns (`halfpipe eval add.f16 1.5f -0f`), and a
// result read back as a value (`eval --show`). A value is rounded to the form's format (f16 or
// bf16) to nearest even, exactly: the decimal text is compared with the double it parsed to
// wherever that double is itself a tie between two neighbours of the format.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "model/uop/uop.h"

namespace halfpipe::vectors {

// Whether a token is spelt as a value rather than as hex bits: `inf` or `nan` with an optional
// sign, or a decimal number with a point or a sign (`1.5`, `-0`, `+2`, `2.`, `1.5e-3`), with an
// optional `f` suffix. `1`, `3c00` and `1e5` are hex bits. With `all_values` (eval --values)
// every decimal number is a value.
bool is_value_spelling(std::string_view token, bool all_values);

struct ParsedValue {
  uint16_t bits = 0;
  bool exact = true;   // the value is one of the format's
  std::string error;   // the token is no value: it names the token and the accepted spellings
};

// The value of `token` in `format` (F16 or BF16), rounded to nearest even: overflow gives inf,
// `nan` the canonical NaN 0x7fff (S10), `-nan` it with the sign set.
ParsedValue parse_value(std::string_view token, Format format);

// A binary64 value in `format`, rounded to nearest even from its exact value (no decimal text
// between): the Python module's float operands. A NaN gives the canonical NaN 0x7fff (S10),
// its sign kept; `exact` says whether the value is one of the format's.
ParsedValue value_bits(double value, Format format);

// The value of a 16-bit pattern of `format`, exactly (binary64 holds every f16 and bf16 value);
// a NaN gives a NaN of its sign.
double value_of(uint16_t bits, Format format);

// "3 (normal)", "-0 (zero)", "5.9604644775390625e-08 (subnormal)", "inf", "NaN (quiet,
// canonical)" (S10's 0x7fff): the exact value of a 16-bit pattern of `format` and its class.
std::string describe_value(uint16_t bits, Format format);

}  // namespace halfpipe::vectors
