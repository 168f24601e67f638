// What every fuzz target shares: the check of an invariant a correct implementation keeps.
// A violation prints what failed and traps, which libFuzzer reports as a crash with the input
// that caused it; the checks stay on in every build type (never assert(), which NDEBUG removes).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

namespace halfpipe::fuzz {

[[noreturn]] inline void invariant_failed(const char* condition, const char* file, int line,
                                          const std::string& detail) {
  std::fprintf(stderr, "fuzz invariant failed at %s:%d: %s\n  %s\n", file, line, condition,
               detail.c_str());
  __builtin_trap();
}

// True when a message fits on one output line: eval --batch prints exactly one line per input
// line, so no error message or result may carry an end of line.
inline bool one_line(std::string_view text) { return text.find('\n') == std::string_view::npos; }

// Bytes split at NUL bytes, each NUL ending one piece: "a\0\0b" is {"a", "", "b"} (an empty
// argument is an argument too); a trailing NUL adds no empty piece.
inline std::vector<std::string> split_at_nul(const uint8_t* data, size_t size) {
  std::vector<std::string> pieces;
  std::string piece;
  for (size_t i = 0; i < size; ++i) {
    if (data[i] == 0) {
      pieces.push_back(std::move(piece));
      piece.clear();
    } else {
      piece += static_cast<char>(data[i]);
    }
  }
  if (!piece.empty()) pieces.push_back(std::move(piece));
  return pieces;
}

}  // namespace halfpipe::fuzz

// FUZZ_CHECK(condition, detail): `detail` (a std::string expression) is only built on failure.
#define FUZZ_CHECK(condition, detail)                                                      \
  do {                                                                                     \
    if (!(condition)) ::halfpipe::fuzz::invariant_failed(#condition, __FILE__, __LINE__, (detail)); \
  } while (0)
