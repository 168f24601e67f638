// One line of text, read once: the tokenizer, the hex parser and the cache of decoded PTX forms
// that `halfpipe eval --batch` (vectors/batch.h), the vector file (vector_file.h), TestFloat's
// files and `halfpipe sweep --vector` share, and the vISA batch line
// `MIN|MAX[.sat] (EXEC[, MASK]) TYPE EMASK DST SRC0 SRC1` parsed into data and printed back.
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

#include "model/isa/ptx.h"
#include "model/isa/visa.h"
#include "model/uop/uop.h"
#include "model/uop/visa_type.h"

namespace halfpipe::vectors {

// ---- Tokens ------------------------------------------------------------------------------------

// Blanks separate tokens; everything else (commas included) is part of one.
constexpr bool is_blank(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f';
}

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

// How wide a hex number may be: at most `n` digits, leading zeros counted (a register column,
// whose width is its digit count), or at most `n` significant bits, leading zeros free (a vISA
// element of 8..64 bits, an execution mask).
struct HexLimit {
  enum class Kind : uint8_t { Digits, Bits } kind;
  int n;
  static constexpr HexLimit digits(int n) { return {Kind::Digits, n}; }
  static constexpr HexLimit bits(int n) { return {Kind::Bits, n}; }
};

enum class HexProblem : uint8_t {
  None,
  Empty,    // nothing after the optional 0x
  NotHex,   // a character that is not a hex digit
  TooWide,  // more digits or bits than the limit
};

// A parsed hex number: its value when `problem` is None.
struct Hex {
  uint64_t value = 0;
  HexProblem problem = HexProblem::None;
  int digits = 0;  // after the 0x, as written
  explicit operator bool() const { return problem == HexProblem::None; }
};

// Hex digit values by character, -1 for anything else.
inline constexpr std::array<int8_t, 256> kHexDigitValue = [] {
  std::array<int8_t, 256> t{};
  for (auto& v : t) v = -1;
  for (int i = 0; i < 10; ++i) t['0' + i] = static_cast<int8_t>(i);
  for (int i = 0; i < 6; ++i) t['a' + i] = t['A' + i] = static_cast<int8_t>(10 + i);
  return t;
}();

// `0x` or `0X` optional, digits in either case. The token is read left to right and each problem
// is reported where it becomes known: a digit count only at the end (so a character that is not
// hex anywhere wins), a value too wide for a bit limit at the digit that makes it so.
// (Inline: it runs for every operand of every batch line.)
inline Hex parse_hex(std::string_view token, HexLimit limit) {
  if (token.size() >= 2 && token[0] == '0' && (token[1] == 'x' || token[1] == 'X'))
    token.remove_prefix(2);
  Hex h;
  h.digits = static_cast<int>(token.size());
  if (token.empty()) {
    h.problem = HexProblem::Empty;
    return h;
  }
  const bool bit_limit = limit.kind == HexLimit::Kind::Bits;
  for (char c : token) {
    const int d = kHexDigitValue[static_cast<unsigned char>(c)];
    if (d < 0) {
      h.problem = HexProblem::NotHex;
      return h;
    }
    if (bit_limit && (h.value >> (limit.n - 4))) {  // this digit would push bits out
      h.problem = HexProblem::TooWide;
      return h;
    }
    h.value = (h.value << 4) | static_cast<uint64_t>(d);
  }
  if (bit_limit ? h.value > element_mask(limit.n) : h.digits > limit.n)
    h.problem = HexProblem::TooWide;
  return h;
}

// `0x` + `digits` (at most 16) lowercase hex digits, zero-padded.
inline void append_hex(std::string& out, uint64_t value, int digits) {
  static constexpr char kDigits[] = "0123456789abcdef";
  char text[2 + 16] = {'0', 'x'};
  for (int i = 0; i < digits; ++i) text[2 + i] = kDigits[(value >> (4 * (digits - 1 - i))) & 15];
  out.append(text, static_cast<size_t>(2 + digits));
}

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

// ---- vISA batch lines --------------------------------------------------------------------------

// A parse: the value, or the message naming the field and the problem.
template <typename T>
struct Parsed {
  std::optional<T> value;
  std::string error;
  explicit operator bool() const { return value.has_value(); }
  const T& operator*() const { return *value; }
  const T* operator->() const { return &*value; }
};

// The vISA batch line:
//   MIN|MAX[.sat] (EXEC[, MASK]) TYPE EMASK DST SRC0 SRC1
// EXEC 1..32 (a power of two), MASK M1..M8 / M1_NM..M8_NM (default M1), TYPE b ub w uw d ud q uq
// hf f df, EMASK the 32-bit execution mask in hex; DST, SRC0, SRC1 comma-separated lists of
// exactly EXEC hex elements (0x optional) of the type's width, blanks allowed around the commas,
// SRC0/SRC1 optionally prefixed by `-`, `(abs)` or `-(abs)`. A trailing `# comment` is ignored.
Parsed<isa::visa::BatchLine> parse_visa_line(std::string_view line);
// The canonical spelling; parse_visa_line(format_visa_line(b)) gives b back.
std::string format_visa_line(const isa::visa::BatchLine& b);

// Whether a line is a vISA line rather than a PTX one, given its first token: it starts MIN,
// MAX, MIN.sat or MAX.sat in any case (maybe with "(" attached). PTX min/max always carry a type
// suffix, so never collide. A cheap look at the first token (inline: every batch line asks)
// before asking the front-end.
inline bool is_visa_line(std::string_view first_token, std::string_view line) {
  auto lower = [](char c) { return static_cast<char>(c | 0x20); };
  const std::string_view f = first_token;
  if (f.size() < 3 || lower(f[0]) != 'm') return false;
  const char b = lower(f[1]), c = lower(f[2]);
  if (!((b == 'i' && c == 'n') || (b == 'a' && c == 'x'))) return false;
  const bool shaped = f.size() == 3 || f[3] == '(' ||
                      (f[3] == '.' && f.size() > 4 && lower(f[4]) == 's');
  return shaped && isa::visa::is_batch_line(line);
}

}  // namespace halfpipe::vectors
