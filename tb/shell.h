// A word for a POSIX shell command line: as it is when it holds only characters no shell reads
// specially, else in single quotes. Every command line halfpipe writes (reproduce lines, build
// scripts, cluster jobs) quotes its words here.
#pragma once

#include <string>

namespace halfpipe::tb {

inline std::string shell_quote(const std::string& text) {
  const bool plain = !text.empty() && text.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                                             "0123456789._/:=,+-@%") == std::string::npos;
  if (plain) return text;
  std::string quoted = "'";
  for (char ch : text) quoted += ch == '\'' ? std::string("'\\''") : std::string(1, ch);
  return quoted + "'";
}

}  // namespace halfpipe::tb
