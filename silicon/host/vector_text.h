// What both silicon programs read of halfpipe's vector files (vectors/FORMAT.md): words, hex
// registers and probe comments, and how a run tallies the probes of each rule. Shared by the
// file check (silicon_host.cpp) and the campaign (silicon/campaign/host.cpp). Plain C++17 with no
// halfpipe headers: `halfpipe silicon` copies it into each program's directory.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

namespace halfpipe_silicon {

// The words of text[begin, end), split at blanks and tabs.
inline std::vector<std::string> split_words(const std::string& text, size_t begin, size_t end) {
  std::vector<std::string> words;
  size_t i = begin;
  while (true) {
    while (i < end && (text[i] == ' ' || text[i] == '\t')) ++i;
    if (i >= end) return words;
    const size_t first = i;
    while (i < end && text[i] != ' ' && text[i] != '\t') ++i;
    words.emplace_back(text, first, i - first);
  }
}

// Hex with an optional 0x, either case, at most `max_digits` digits (leading zeros count: a
// packed value given to a scalar form is refused, as halfpipe's reader refuses it).
inline bool parse_register(const std::string& token, int max_digits, uint32_t& value) {
  size_t i = token.size() > 2 && token[0] == '0' && (token[1] == 'x' || token[1] == 'X') ? 2 : 0;
  if (i == token.size() || token.size() - i > static_cast<size_t>(max_digits)) return false;
  value = 0;
  for (; i < token.size(); ++i) {
    const char ch = token[i];
    int digit;
    if (ch >= '0' && ch <= '9') digit = ch - '0';
    else if (ch >= 'a' && ch <= 'f') digit = ch - 'a' + 10;
    else if (ch >= 'A' && ch <= 'F') digit = ch - 'A' + 10;
    else return false;
    value = value << 4 | static_cast<uint32_t>(digit);
  }
  return true;
}

// A register as the vector files write it: 0x and 4 digits, or 8 for a packed form.
inline std::string hex(uint32_t value, bool packed) {
  char text[16];
  std::snprintf(text, sizeof text, packed ? "0x%08x" : "0x%04x", value);
  return text;
}

struct Alternative {
  std::string name;
  uint32_t result = 0;
};

// A probe line's rule and the results its alternative readings give.
struct ProbeInfo {
  std::string rule;
  std::vector<Alternative> alternatives;
};

// The words of a line's comment. "probe RULE NAME=RESULT..." (vectors/FORMAT.md, "Probe
// comments") fills `probe`; any other comment leaves probe.rule empty. Returns "" or what is
// wrong with the probe comment.
inline std::string parse_probe_comment(const std::vector<std::string>& words, int digits,
                                       ProbeInfo& probe) {
  probe = ProbeInfo{};
  if (words.empty() || words[0] != "probe") return "";
  if (words.size() < 2) return "a probe comment names no rule ('probe RULE NAME=RESULT...')";
  probe.rule = words[1];
  for (size_t i = 2; i < words.size(); ++i) {
    const size_t equals = words[i].find('=');
    Alternative alternative;
    if (equals == std::string::npos || equals == 0 ||
        !parse_register(words[i].substr(equals + 1), digits, alternative.result))
      return "'" + words[i] + "' in the probe comment is not NAME=RESULT";
    alternative.name = words[i].substr(0, equals);
    probe.alternatives.push_back(alternative);
  }
  return "";
}

// A probe rule's tally: how many probes, how many follow halfpipe's reading, and for the others
// which alternative's result the device gave (a probe may match several, or none).
struct RuleTally {
  uint64_t probes = 0, as_halfpipe = 0, no_listed_reading = 0;
  std::vector<std::pair<std::string, uint64_t>> alternatives;  // in the order the run meets them

  // One probe run: `ok` when the device gave halfpipe's result, else `result` is what it gave.
  void count(const ProbeInfo& probe, bool ok, uint32_t result) {
    ++probes;
    bool listed = false;
    for (const auto& alternative : probe.alternatives) {
      const bool matched = !ok && result == alternative.result;
      count_alternative(alternative.name, matched);
      listed |= matched;
    }
    if (ok) ++as_halfpipe;
    else if (!listed) ++no_listed_reading;
    runs_.push_back({ok, result, probe});
  }

  // "5 probes, 5 follow halfpipe's reading; before-rounding 0; ..." (and "; no listed reading N"
  // when some probe did not follow halfpipe's reading).
  std::string describe() const {
    std::string text = std::to_string(probes) + " probes, " + std::to_string(as_halfpipe) +
                       " follow halfpipe's reading";
    for (const auto& [name, n] : alternatives) text += "; " + name + " " + std::to_string(n);
    if (probes > as_halfpipe) text += "; no listed reading " + std::to_string(no_listed_reading);
    return text;
  }

  // The reading the device follows: "halfpipe's reading" when every probe follows it, else the
  // alternative every probe agrees with (a probe that does not list an alternative predicts
  // halfpipe's result for it), else "mixed".
  std::string verdict() const {
    if (as_halfpipe == probes) return "halfpipe's reading";
    std::string found;
    for (const auto& entry : alternatives) {
      bool fits = true;
      for (const auto& run : runs_) {
        const Alternative* listed = nullptr;
        for (const auto& alternative : run.probe.alternatives)
          if (alternative.name == entry.first) listed = &alternative;
        fits &= listed ? !run.ok && run.result == listed->result : run.ok;
      }
      if (fits) found += (found.empty() ? "" : " or ") + entry.first;
    }
    return found.empty() ? "mixed" : found;
  }

 private:
  struct Run {
    bool ok;
    uint32_t result;
    ProbeInfo probe;
  };
  std::vector<Run> runs_;

  void count_alternative(const std::string& name, bool matched) {
    for (auto& entry : alternatives)
      if (entry.first == name) {
        entry.second += matched;
        return;
      }
    alternatives.emplace_back(name, matched ? 1 : 0);
  }
};

// Rule ids in the order doc/semantics.md lists them: S8 before S10.
struct RuleOrder {
  bool operator()(const std::string& x, const std::string& y) const {
    return x.size() != y.size() ? x.size() < y.size() : x < y;
  }
};

}  // namespace halfpipe_silicon
