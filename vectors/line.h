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
#include <cstring>
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
  int count = 0;  // every token of the line; only the first kMaxTokens are kept
  bool comment = false;  // a '#' ended the tokens: the rest of the line is a comment
  // Token i, empty past the last.
  std::string_view operator[](int i) const {
    return i < count && i < kMaxTokens ? std::string_view(start[i], size[i]) : std::string_view();
  }
  bool empty() const { return count == 0; }
  void set(int i, std::string_view text) {
    start[i] = text.data();
    size[i] = static_cast<uint32_t>(text.size());
  }

  // Written for the tokens kept only: a line's tokens cost no clearing of the rest.
  const char* start[kMaxTokens];
  uint32_t size[kMaxTokens];
};

namespace detail {
// Where the tokenizer stops: 1 at a blank, 2 at the '#' that starts a comment, else 0.
inline constexpr std::array<uint8_t, 256> kStopByte = [] {
  std::array<uint8_t, 256> t{};
  for (int c = 0; c < 256; ++c) t[c] = isa::is_blank(static_cast<char>(c)) ? 1 : c == '#' ? 2 : 0;
  return t;
}();
inline uint8_t stop_byte(char c) { return kStopByte[static_cast<unsigned char>(c)]; }

// How far into the 8 bytes at p the first one below 0x24 is (8: none): a blank, a '#' or another
// control byte may end a token there; no byte of a form or a hex number is one.
inline int first_byte_below_0x24(const char* p) {
  static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, "the byte order is x86-64's");
  uint64_t x;
  std::memcpy(&x, p, sizeof x);
  // A byte's top bit is set where the byte is below 0x24 (exact for the lowest such byte).
  const uint64_t below = (x - 0x2424242424242424ull) & ~x & 0x8080808080808080ull;
  return below ? __builtin_ctzll(below) / 8 : 8;
}
}  // namespace detail

// A line's tokens one at a time, as tokenize() cuts them: for a reader that stops at its first
// surprise (the bulk batch path, vectors/batch_bulk.h) and so need not cut the whole line first.
// (Inline: it runs for every line of a batch. A token is crossed eight bytes at a time to its
// first candidate end, then byte by byte.)
class TokenCursor {
 public:
  explicit TokenCursor(std::string_view line) : p_(line.data()), end_(p_ + line.size()) {}

  // Skips blanks; true when no token follows: at the line's end, or at a '#' (comment() says
  // which).
  bool at_end() {
    while (p_ < end_ && detail::stop_byte(*p_) == 1) ++p_;
    return p_ == end_ || *p_ == '#';
  }
  bool comment() const { return p_ < end_ && *p_ == '#'; }

  // The next token; call after at_end() said there is one.
  std::string_view next() {
    const char* const start = p_;
    for (int k = 8; k == 8 && end_ - p_ >= 8; p_ += k) k = detail::first_byte_below_0x24(p_);
    while (p_ < end_ && detail::stop_byte(*p_) == 0) ++p_;
    return std::string_view(start, static_cast<size_t>(p_ - start));
  }

  // The next token read as parse_hex(token, HexLimit::digits(digits)) reads it, in the one pass
  // that finds its end: its value, or nullopt for a token that is not such a number (the cursor is
  // then left inside it). Call after at_end() said there is one.
  std::optional<uint32_t> next_hex(int digits) {
    if (end_ - p_ >= 2 && p_[0] == '0' && (p_[1] == 'x' || p_[1] == 'X')) p_ += 2;
    const char* const first = p_;
    uint32_t value = 0;
    for (int d; p_ < end_ && (d = isa::kHexDigitValue[static_cast<unsigned char>(*p_)]) >= 0; ++p_)
      value = (value << 4) | static_cast<uint32_t>(d);
    const long n = p_ - first;
    if (n == 0 || n > digits || (p_ < end_ && detail::stop_byte(*p_) == 0)) return std::nullopt;
    return value;
  }

 private:
  const char* p_;
  const char* end_;
};

inline Tokens tokenize(std::string_view line) {
  Tokens t;
  TokenCursor c(line);
  while (!c.at_end()) {
    const std::string_view token = c.next();
    if (t.count < kMaxTokens) t.set(t.count, token);
    ++t.count;
  }
  t.comment = c.comment();
  return t;
}

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
