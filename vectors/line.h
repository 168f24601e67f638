// One line of text, read once: the tokenizer, the hex parser and the cache of decoded PTX forms
// that `halfpipe eval --batch` (vectors/batch.h), the vector file (vector_file.h), TestFloat's
// files and `halfpipe sweep --vector` share. The vISA batch line's grammar is the decoder's
// (model/isa/visa.h, parse_batch_line).
//
// Nothing here allocates per line on success: tokens are views into the line, hex values come
// back by value, a form is decoded once per spelling.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "model/isa/hex.h"
#include "model/isa/ptx.h"
#include "model/uop/uop.h"
#include "model/uop/visa_type.h"

namespace halfpipe::vectors {

// ---- Tokens ------------------------------------------------------------------------------------

// The most tokens a line is read for: a vector file's fma line (FORM A B C EXPECTED) and one
// more, to tell an extra token from none.
inline constexpr int kMaxTokens = 6;

// The blank-separated tokens of one line, a '#' and what follows dropped.
struct Tokens {
  std::array<std::string_view, kMaxTokens> token{};
  int count = 0;  // every token of the line; only the first kMaxTokens are kept
  std::string_view operator[](int i) const { return token[static_cast<size_t>(i)]; }
  bool empty() const { return count == 0; }
};
Tokens tokenize(std::string_view line);

// ---- Hex ---------------------------------------------------------------------------------------

// The hex lexer is the decoders' (model/isa/hex.h); the readers here use it by these names.
using isa::append_hex;
using isa::Hex;
using isa::HexLimit;
using isa::HexProblem;
using isa::is_blank;
using isa::kHexDigitValue;
using isa::parse_hex;

// ---- PTX forms ---------------------------------------------------------------------------------

// A decoded PTX form: the Uop, or why the form is rejected.
struct Form {
  std::optional<Uop> uop;
  std::string error;  // the decoder's message
  std::string text;   // as written, for messages
};

// Forms decoded once per distinct spelling: a batch repeats a handful of forms millions of times.
class FormCache {
 public:
  explicit FormCache(std::optional<isa::Target> target = std::nullopt) : target_(target) {}
  FormCache(const FormCache&) = delete;  // first_seen_ points into forms_
  FormCache& operator=(const FormCache&) = delete;

  const Form& get(std::string_view text);

 private:
  static constexpr size_t kFirstSeen = 64;
  std::optional<isa::Target> target_;
  std::unordered_map<std::string, Form> forms_;  // node-based: pointers into it stay valid
  std::vector<const Form*> first_seen_;
  std::string key_;
};

}  // namespace halfpipe::vectors
