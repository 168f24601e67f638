// A string as a JSON value, for the campaign's documents (summary.json, timing.json): the
// campaign program is built on the GPU machine from its own sources, without a JSON library.
#pragma once

#include <cstdio>
#include <string>

namespace halfpipe_campaign {

inline std::string json_string(const std::string& text) {
  std::string out = "\"";
  for (char ch : text) {
    if (ch == '"' || ch == '\\') {
      (out += '\\') += ch;
    } else if (static_cast<unsigned char>(ch) < 0x20) {
      char escaped[8];
      std::snprintf(escaped, sizeof escaped, "\\u%04x", ch);
      out += escaped;
    } else {
      out += ch;
    }
  }
  return out + '"';
}

}  // namespace halfpipe_campaign
