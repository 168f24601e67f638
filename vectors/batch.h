// The `halfpipe eval --batch` line evaluated through the reference: the PTX evaluator
// (`FORM A [B [C]]`) and the vISA one (`MIN|MAX[.sat] (EXEC[, MASK]) TYPE EMASK DST SRC0 SRC1`,
// vectors/line.h) side by side. The output line is a contract that external oracles and scripts
// depend on: the result as `0x` + lowercase hex (4 digits for scalar PTX forms, 8 for packed,
// lane 0 in the low half, S2; for vISA, EXEC comma-separated elements of the type's width), or
// `error: <message>`.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "model/isa/ptx.h"
#include "vectors/line.h"

namespace halfpipe::vectors {

class BatchEvaluator {
 public:
  // PTX forms are checked against `target` (S23) when one is given.
  explicit BatchEvaluator(std::optional<isa::Target> target = std::nullopt) : forms_(target) {}

  // Evaluates a non-blank line whose tokens are `tokens`: appends the result to `out` and
  // returns true, or appends the message (without "error: ") and returns false.
  bool evaluate(std::string_view line, const Tokens& tokens, std::string& out);

 private:
  FormCache forms_;
};

// "FORM A [B [C]]" of a decoded PTX form, tokens[0] being the form: appends the result or the
// message, as BatchEvaluator::evaluate. The operand count and the widest operand (4 hex digits
// for a 16-bit register, 8 for a packed 32-bit one) come from the Uop.
bool evaluate_ptx(const Form& form, const Tokens& tokens, std::string& out);

// A vISA batch line: appends the new destination or the message, as BatchEvaluator::evaluate.
bool evaluate_visa(std::string_view line, std::string& out);

}  // namespace halfpipe::vectors
