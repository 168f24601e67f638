// The host side of the silicon check that `halfpipe silicon` writes: reads halfpipe vector files
// (vectors/FORMAT.md), runs every vector through the device (silicon_device.h) grouped by form,
// compares bit for bit, writes the mismatches as a vector file, prints a per-rule breakdown of
// the semantics probes (`halfpipe gen --probe-semantics`) and ends with `N passed, N failed`.
//
//   halfpipe_silicon FILE... [-o MISMATCHES]     (default MISMATCHES: mismatches.vec)
//
// Exit status: 0 every vector passed, 1 a mismatch, 2 bad input (the file and line named) or a
// device error. No vector is skipped: a form the program has no kernel for is an input error.
// Plain C++17 with no halfpipe headers, so that the program builds wherever nvcc does; the
// reader repeats the checks of halfpipe's own (vectors/vector_file.cpp) because this file is
// copied alone into the generated program's directory.
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "silicon_device.h"

namespace halfpipe_silicon {
namespace {

constexpr size_t kMaxLineLength = 4096;  // as halfpipe's reader
constexpr size_t kMismatchesPrinted = 20;

struct InputError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct Alternative {
  std::string name;
  uint32_t result = 0;
};

// A vector's origin and, for a probe, its rule and the alternative readings' results.
struct Origin {
  size_t file = 0;
  uint64_t line = 0;
  std::string spelling;
  std::string rule;  // empty: not a probe
  std::vector<Alternative> alternatives;
};

// The vectors of one form, in input order, as columns for the device.
struct FormBatch {
  std::vector<uint32_t> a, b, c, expected;
  std::vector<size_t> origin;  // index into the origins
};

std::vector<std::string> split_words(const std::string& text) {
  std::vector<std::string> words;
  std::istringstream in(text);
  for (std::string w; in >> w;) words.push_back(w);
  return words;
}

// Hex with an optional 0x, either case, at most `max_digits` digits (leading zeros count: a
// packed value given to a scalar form is refused, as halfpipe's reader refuses it).
bool parse_register(const std::string& token, int max_digits, uint32_t& value) {
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

std::string hex(uint32_t value, bool packed) {
  char text[16];
  std::snprintf(text, sizeof text, packed ? "0x%08x" : "0x%04x", value);
  return text;
}

class Loader {
 public:
  std::vector<std::string> files;
  std::vector<Origin> origins;
  std::vector<FormBatch> batches;  // by device form index
  std::vector<DeviceForm> form_of_batch;

  void load(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw InputError(path + ": cannot open the file");
    files.push_back(path);
    const size_t file = files.size() - 1;
    std::string line;
    uint64_t line_number = 0, count = 0;
    bool declared = false;
    uint64_t declared_count = 0;
    auto fail = [&](const std::string& what) {
      throw InputError(path + ":" + std::to_string(line_number) + ": " + what);
    };
    while (std::getline(in, line)) {
      ++line_number;
      if (in.eof()) fail("the last line has no end of line (a truncated file)");
      if (!line.empty() && line.back() == '\r') line.pop_back();
      if (line.size() > kMaxLineLength)
        fail("the line is longer than " + std::to_string(kMaxLineLength) + " bytes");
      for (char ch : line)
        if (ch != '\t' && (ch < ' ' || ch > '~')) fail("a byte that is not printable text");
      const size_t hash = line.find('#');
      const std::vector<std::string> words = split_words(line.substr(0, hash));
      const std::string comment = hash == std::string::npos ? "" : line.substr(hash + 1);
      if (words.empty()) {
        const std::vector<std::string> field = split_words(comment);
        if (field.size() >= 1 && field[0] == "vectors:") {
          declared = true;
          if (field.size() != 2 || field[1].find_first_not_of("0123456789") != std::string::npos ||
              field[1].size() > 18)
            fail("the '# vectors:' header field is not a count");
          declared_count = std::stoull(field[1]);
        }
        continue;
      }
      const DeviceForm form = find(words[0]);
      if (form.index < 0) fail("form '" + words[0] + "': " + form.why_not);
      const int n = form.operands;
      if (words.size() != static_cast<size_t>(n + 2))
        fail(words[0] + " takes " + std::to_string(n) + " operand" + (n == 1 ? "" : "s") +
             " and the expected result (" + std::to_string(n + 1) + " values), found " +
             std::to_string(words.size() - 1));
      uint32_t registers[4] = {};
      const int digits = form.packed ? 8 : 4;
      for (int i = 0; i <= n; ++i)
        if (!parse_register(words[static_cast<size_t>(i) + 1], digits, registers[i]))
          fail("'" + words[static_cast<size_t>(i) + 1] + "' is not a register of " + words[0] +
               " (hex, at most " + std::to_string(digits) + " digits)");
      Origin origin{file, line_number, words[0], "", {}};
      read_probe(comment, digits, origin, fail);
      origins.push_back(std::move(origin));
      FormBatch& batch = batches[static_cast<size_t>(form.index)];
      batch.a.push_back(registers[0]);
      batch.b.push_back(n >= 2 ? registers[1] : 0);
      batch.c.push_back(n >= 3 ? registers[2] : 0);
      batch.expected.push_back(registers[n]);
      batch.origin.push_back(origins.size() - 1);
      ++count;
    }
    if (in.bad()) throw InputError(path + ": cannot read the file");
    if (count == 0) throw InputError(path + ": the file holds no vectors");
    if (declared && declared_count != count)
      throw InputError(path + ": the header declares " + std::to_string(declared_count) +
                       " vectors, the file holds " + std::to_string(count) +
                       " (a truncated file?)");
  }

 private:
  std::map<std::string, DeviceForm> forms_;

  DeviceForm find(const std::string& spelling) {
    auto it = forms_.find(spelling);
    if (it == forms_.end()) {
      DeviceForm form = device_find_form(spelling);
      if (form.index >= 0) {
        if (batches.size() <= static_cast<size_t>(form.index)) {
          batches.resize(static_cast<size_t>(form.index) + 1);
          form_of_batch.resize(static_cast<size_t>(form.index) + 1);
        }
        form_of_batch[static_cast<size_t>(form.index)] = form;
      }
      it = forms_.emplace(spelling, form).first;
    }
    return it->second;
  }

  // "probe RULE NAME=RESULT..." (vectors/FORMAT.md, "Probe comments"); any other comment is
  // ignored, as halfpipe's reader ignores it.
  template <typename Fail>
  static void read_probe(const std::string& comment, int digits, Origin& origin, Fail fail) {
    const std::vector<std::string> words = split_words(comment);
    if (words.empty() || words[0] != "probe") return;
    if (words.size() < 2) fail("a probe comment names no rule ('probe RULE NAME=RESULT...')");
    origin.rule = words[1];
    for (size_t i = 2; i < words.size(); ++i) {
      const size_t equals = words[i].find('=');
      Alternative alternative;
      if (equals == std::string::npos || equals == 0 ||
          !parse_register(words[i].substr(equals + 1), digits, alternative.result))
        fail("'" + words[i] + "' in the probe comment is not NAME=RESULT");
      alternative.name = words[i].substr(0, equals);
      origin.alternatives.push_back(alternative);
    }
  }
};

// A probe rule's tally: how many probes, how many follow halfpipe's reading, and for the others
// which alternative's result the device gave (a probe may match several, or none).
struct RuleTally {
  uint64_t probes = 0, as_halfpipe = 0, no_listed_reading = 0;
  std::vector<std::pair<std::string, uint64_t>> alternatives;  // in the order the run meets them
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

void write_file_atomically(const std::string& path, const std::string& text) {
  const std::string temporary = path + ".partial";
  {
    std::ofstream out(temporary, std::ios::binary);
    if (!(out << text) || !out.flush()) throw InputError("cannot write '" + temporary + "'");
  }
  if (std::rename(temporary.c_str(), path.c_str()) != 0)
    throw InputError("cannot rename '" + temporary + "' to '" + path + "'");
}

int run(const std::vector<std::string>& paths, const std::string& mismatch_path) {
  Loader loader;
  for (const auto& path : paths) loader.load(path);

  uint64_t passed = 0, failed = 0;
  std::map<std::string, RuleTally, RuleOrder> rules;
  std::string mismatch_lines;
  std::vector<uint32_t> results;
  for (size_t index = 0; index < loader.batches.size(); ++index) {
    const FormBatch& batch = loader.batches[index];
    if (batch.a.empty()) continue;
    const bool packed = loader.form_of_batch[index].packed;
    const int operands = loader.form_of_batch[index].operands;
    results.assign(batch.a.size(), 0);
    const std::string error = device_run(static_cast<int>(index), batch.a.size(), batch.a.data(),
                                         batch.b.data(), batch.c.data(), results.data());
    if (!error.empty())
      throw std::runtime_error(device_form_name(static_cast<int>(index)) + ": " + error);
    for (size_t i = 0; i < batch.a.size(); ++i) {
      const Origin& origin = loader.origins[batch.origin[i]];
      const bool ok = results[i] == batch.expected[i];
      ok ? ++passed : ++failed;
      if (!origin.rule.empty()) {
        RuleTally& tally = rules[origin.rule];
        ++tally.probes;
        bool listed = false;
        for (const auto& alternative : origin.alternatives) {
          const bool matched = !ok && results[i] == alternative.result;
          tally.count_alternative(alternative.name, matched);
          listed |= matched;
        }
        if (ok) ++tally.as_halfpipe;
        else if (!listed) ++tally.no_listed_reading;
      }
      if (ok) continue;
      const std::string where = loader.files[origin.file] + ":" + std::to_string(origin.line);
      std::string registers;
      const uint32_t columns[3] = {batch.a[i], batch.b[i], batch.c[i]};
      for (int k = 0; k < operands; ++k) registers += ' ' + hex(columns[k], packed);
      if (failed <= kMismatchesPrinted)
        std::cout << where << ": " << origin.spelling << registers << ": expected "
                  << hex(batch.expected[i], packed) << ", device gave " << hex(results[i], packed)
                  << '\n';
      // The device's result in the EXPECTED column: `halfpipe check` on this file replays each
      // mismatch through the reference and shows the difference again.
      mismatch_lines += origin.spelling + registers + ' ' + hex(results[i], packed) +
                        " # halfpipe expects " + hex(batch.expected[i], packed) + " (" + where +
                        ")";
      if (!origin.rule.empty()) mismatch_lines += "; probe " + origin.rule;
      mismatch_lines += '\n';
    }
  }
  if (failed > kMismatchesPrinted)
    std::cout << "... " << failed - kMismatchesPrinted << " more mismatches in " << mismatch_path
              << '\n';
  if (failed > 0)
    write_file_atomically(mismatch_path,
                          "# halfpipe vectors, format 1 (vectors/FORMAT.md): FORM A [B [C]] "
                          "EXPECTED, hex\n# the mismatches of halfpipe_silicon on " +
                              device_description() + ": EXPECTED is what the device gave\n" +
                              "# vectors: " + std::to_string(failed) + '\n' + mismatch_lines);
  if (!rules.empty()) {
    std::cout << "semantics probes (doc/semantics.md), on " << device_description() << ":\n";
    for (const auto& [rule, tally] : rules) {
      std::cout << "  " << rule << ": " << tally.probes << " probes, " << tally.as_halfpipe
                << " follow halfpipe's reading";
      for (const auto& [name, count] : tally.alternatives) std::cout << "; " << name << " " << count;
      if (tally.probes > tally.as_halfpipe)
        std::cout << "; no listed reading " << tally.no_listed_reading;
      std::cout << '\n';
    }
  }
  std::cout << passed << " passed, " << failed << " failed\n";
  return failed ? 1 : 0;
}

}  // namespace
}  // namespace halfpipe_silicon

int main(int argc, char** argv) {
  const char* usage =
      "usage: halfpipe_silicon FILE... [-o MISMATCHES]\n"
      "Runs halfpipe vector files on the device, bit for bit; writes the mismatches as a vector\n"
      "file (default mismatches.vec). Exit 0: all passed, 1: a mismatch, 2: bad input.\n";
  std::vector<std::string> paths;
  std::string mismatch_path = "mismatches.vec";
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "-h" || arg == "--help") {
      std::cout << usage;
      return 0;
    }
    if (arg == "-o" || arg == "--output") {
      if (i + 1 == argc) {
        std::cerr << "halfpipe_silicon: " << arg << " needs a file\n" << usage;
        return 2;
      }
      mismatch_path = argv[++i];
    } else if (arg.size() > 1 && arg[0] == '-') {
      std::cerr << "halfpipe_silicon: unknown option " << arg << '\n' << usage;
      return 2;
    } else {
      paths.push_back(arg);
    }
  }
  if (paths.empty()) {
    std::cerr << "halfpipe_silicon: no vector FILE given\n" << usage;
    return 2;
  }
  try {
    return halfpipe_silicon::run(paths, mismatch_path);
  } catch (const std::exception& e) {
    std::cerr << "halfpipe_silicon: " << e.what() << '\n';
    return 2;
  }
}
