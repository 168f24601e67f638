// The lexical layer every text line of halfpipe is written in: blanks, and hex numbers with
// their limits (a register column's digit count, a vISA element's bit width). The PTX batch
// line, the vISA batch line (model/isa/visa.h), vector files and command-line operands all read
// their numbers here, so they accept and refuse the same spellings.
#pragma once

#include <array>
#include <charconv>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "model/uop/visa_type.h"

namespace halfpipe::isa {

// Blanks separate tokens; everything else (commas included) is part of one.
constexpr bool is_blank(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f';
}

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

// "1234" or "0x4d2": a number in decimal, or in hex after 0x; nullopt otherwise (a count or seed
// on a command line or in a SPEC).
inline std::optional<uint64_t> parse_decimal_or_hex(std::string_view text) {
  const bool hex = text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X');
  const char* begin = text.data() + (hex ? 2 : 0);
  const char* end = text.data() + text.size();
  uint64_t v = 0;
  auto [ptr, ec] = std::from_chars(begin, end, v, hex ? 16 : 10);
  if (begin == end || ec != std::errc() || ptr != end) return std::nullopt;
  return v;
}

// Two lowercase hex digits per byte value.
inline constexpr std::array<char, 512> kHexPairs = [] {
  std::array<char, 512> t{};
  constexpr char kDigits[] = "0123456789abcdef";
  for (int v = 0; v < 256; ++v) {
    t[2 * v] = kDigits[v >> 4];
    t[2 * v + 1] = kDigits[v & 15];
  }
  return t;
}();

// `0x` + `digits` (even, at most 16) lowercase hex digits, zero-padded, written at `p`; returns
// the end. (Inline: it runs for every result of every batch line.)
inline char* write_hex(char* p, uint64_t value, int digits) {
  *p++ = '0';
  *p++ = 'x';
  for (int shift = digits * 4 - 8; shift >= 0; shift -= 8, p += 2) {
    const char* pair = &kHexPairs[2 * ((value >> shift) & 0xFF)];
    p[0] = pair[0];
    p[1] = pair[1];
  }
  return p;
}

// The same, appended to `out`.
inline void append_hex(std::string& out, uint64_t value, int digits) {
  char text[2 + 16];
  out.append(text, static_cast<size_t>(write_hex(text, value, digits) - text));
}

}  // namespace halfpipe::isa
