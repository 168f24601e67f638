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
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "silicon_device.h"
#include "vector_text.h"

namespace halfpipe_silicon {
namespace {

constexpr size_t kMaxLineLength = 4096;  // as halfpipe's reader
constexpr size_t kMismatchesPrinted = 20;
// Vectors read before the pending ones of every form go to the device: bounds the memory an
// exhaustive file takes, while each launch stays large.
constexpr size_t kPendingVectors = size_t{1} << 22;

struct InputError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Where a vector came from: file, line, the form as spelled there, its probe (or -1).
struct Origin {
  uint32_t file = 0;
  uint32_t spelling = 0;
  uint64_t line = 0;
  int64_t probe = -1;
};

// The pending vectors of one form, in input order, as columns for the device.
struct FormBatch {
  DeviceForm form;
  std::vector<uint32_t> a, b, c, expected;
  std::vector<Origin> origins;
};

// Reads the files, sends the vectors to the device form by form in large batches, compares,
// tallies the probes and writes the mismatches.
class Checker {
 public:
  explicit Checker(std::string mismatch_path) : mismatch_path_(std::move(mismatch_path)) {}
  ~Checker() {
    if (mismatches_.is_open()) {  // stopped by an error: no partial mismatch file is left
      mismatches_.close();
      std::remove((mismatch_path_ + ".partial").c_str());
    }
  }

  void load(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw InputError(path + ": cannot open the file");
    files_.push_back(path);
    const uint32_t file = static_cast<uint32_t>(files_.size() - 1);
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
      const size_t hash = std::min(line.find('#'), line.size());
      const std::vector<std::string> words = split_words(line, 0, hash);
      if (words.empty()) {
        const std::vector<std::string> field = split_words(line, hash + 1, line.size());
        if (!field.empty() && field[0] == "vectors:") {
          declared = true;
          if (field.size() != 2 || field[1].find_first_not_of("0123456789") != std::string::npos ||
              field[1].size() > 18)
            fail("the '# vectors:' header field is not a count");
          declared_count = std::stoull(field[1]);
        }
        continue;
      }
      const auto [index, spelling] = find(words[0]);
      if (index < 0) fail("form '" + words[0] + "': " + spelling_why_not_[spelling]);
      FormBatch& batch = batches_[static_cast<size_t>(index)];
      const int n = batch.form.operands;
      if (words.size() != static_cast<size_t>(n + 2))
        fail(words[0] + " takes " + std::to_string(n) + " operand" + (n == 1 ? "" : "s") +
             " and the expected result (" + std::to_string(n + 1) + " values), found " +
             std::to_string(words.size() - 1));
      uint32_t registers[4] = {};
      const int digits = batch.form.packed ? 8 : 4;
      for (int i = 0; i <= n; ++i)
        if (!parse_register(words[static_cast<size_t>(i) + 1], digits, registers[i]))
          fail("'" + words[static_cast<size_t>(i) + 1] + "' is not a register of " + words[0] +
               " (hex, at most " + std::to_string(digits) + " digits)");
      Origin origin{file, spelling, line_number, -1};
      if (hash < line.size()) read_probe(split_words(line, hash + 1, line.size()), digits, origin, fail);
      batch.a.push_back(registers[0]);
      batch.b.push_back(n >= 2 ? registers[1] : 0);
      batch.c.push_back(n >= 3 ? registers[2] : 0);
      batch.expected.push_back(registers[n]);
      batch.origins.push_back(origin);
      ++count;
      if (++pending_ == kPendingVectors) run_pending();
    }
    if (in.bad()) throw InputError(path + ": cannot read the file");
    if (count == 0) throw InputError(path + ": the file holds no vectors");
    if (declared && declared_count != count)
      throw InputError(path + ": the header declares " + std::to_string(declared_count) +
                       " vectors, the file holds " + std::to_string(count) +
                       " (a truncated file?)");
  }

  // Runs what is pending, writes the mismatch file and the report; the exit status.
  int finish() {
    run_pending();
    if (failed_ > kMismatchesPrinted)
      std::cout << "... " << failed_ - kMismatchesPrinted << " more mismatches in "
                << mismatch_path_ << '\n';
    if (mismatches_.is_open()) {
      mismatches_.close();
      // The count goes in the header, known only now: header then body into the final file.
      std::ifstream body(mismatch_path_ + ".partial", std::ios::binary);
      std::ofstream out(mismatch_path_ + ".counted", std::ios::binary);
      out << "# halfpipe vectors, format 1 (vectors/FORMAT.md): FORM A [B [C]] EXPECTED, hex\n"
          << "# the mismatches of halfpipe_silicon on " << device_description()
          << ": EXPECTED is what the device gave\n# vectors: " << failed_ << '\n'
          << body.rdbuf();
      if (!out.flush()) throw InputError("cannot write '" + mismatch_path_ + ".counted'");
      out.close();
      body.close();
      std::remove((mismatch_path_ + ".partial").c_str());
      if (std::rename((mismatch_path_ + ".counted").c_str(), mismatch_path_.c_str()) != 0)
        throw InputError("cannot rename '" + mismatch_path_ + ".counted' to '" + mismatch_path_ +
                         "'");
    }
    if (!rules_.empty()) {
      std::cout << "semantics probes (doc/semantics.md), on " << device_description() << ":\n";
      for (const auto& [rule, tally] : rules_)
        std::cout << "  " << rule << ": " << tally.describe() << '\n';
    }
    std::cout << passed_ << " passed, " << failed_ << " failed\n";
    return failed_ ? 1 : 0;
  }

 private:
  std::string mismatch_path_;
  std::ofstream mismatches_;  // the mismatch lines, into MISMATCHES.partial
  std::vector<std::string> files_;
  std::map<std::string, std::pair<int, uint32_t>> spelling_index_;  // -> form, spelling
  std::vector<std::string> spellings_, spelling_why_not_;
  std::vector<ProbeInfo> probes_;
  std::vector<FormBatch> batches_;  // by device form index
  size_t pending_ = 0;
  uint64_t passed_ = 0, failed_ = 0;
  std::map<std::string, RuleTally, RuleOrder> rules_;
  std::vector<uint32_t> results_;

  std::pair<int, uint32_t> find(const std::string& spelling) {
    auto it = spelling_index_.find(spelling);
    if (it == spelling_index_.end()) {
      const DeviceForm form = device_find_form(spelling);
      if (form.index >= 0) {
        if (batches_.size() <= static_cast<size_t>(form.index))
          batches_.resize(static_cast<size_t>(form.index) + 1);
        batches_[static_cast<size_t>(form.index)].form = form;
      }
      spellings_.push_back(spelling);
      spelling_why_not_.push_back(form.why_not);
      it = spelling_index_
               .emplace(spelling, std::make_pair(form.index,
                                                 static_cast<uint32_t>(spellings_.size() - 1)))
               .first;
    }
    return it->second;
  }

  // A probe comment (vector_text.h) becomes the vector's probe; any other comment is ignored.
  template <typename Fail>
  void read_probe(const std::vector<std::string>& words, int digits, Origin& origin, Fail fail) {
    ProbeInfo probe;
    const std::string error = parse_probe_comment(words, digits, probe);
    if (!error.empty()) fail(error);
    if (probe.rule.empty()) return;
    probes_.push_back(std::move(probe));
    origin.probe = static_cast<int64_t>(probes_.size() - 1);
  }

  void run_pending() {
    for (size_t index = 0; index < batches_.size(); ++index) {
      FormBatch& batch = batches_[index];
      if (batch.a.empty()) continue;
      run(static_cast<int>(index), batch);
      batch.a.clear();
      batch.b.clear();
      batch.c.clear();
      batch.expected.clear();
      batch.origins.clear();
    }
    pending_ = 0;
  }

  void run(int index, const FormBatch& batch) {
    const bool packed = batch.form.packed;
    results_.assign(batch.a.size(), 0);
    const std::string error = device_run(index, batch.a.size(), batch.a.data(), batch.b.data(),
                                         batch.c.data(), results_.data());
    if (!error.empty()) throw std::runtime_error(device_form_name(index) + ": " + error);
    for (size_t i = 0; i < batch.a.size(); ++i) {
      const Origin& origin = batch.origins[i];
      const bool ok = results_[i] == batch.expected[i];
      ok ? ++passed_ : ++failed_;
      if (origin.probe >= 0) tally(probes_[static_cast<size_t>(origin.probe)], ok, results_[i]);
      if (ok) continue;
      const std::string where = files_[origin.file] + ":" + std::to_string(origin.line);
      const std::string& spelling = spellings_[origin.spelling];
      std::string registers;
      const uint32_t columns[3] = {batch.a[i], batch.b[i], batch.c[i]};
      for (int k = 0; k < batch.form.operands; ++k) registers += ' ' + hex(columns[k], packed);
      if (failed_ <= kMismatchesPrinted)
        std::cout << where << ": " << spelling << registers << ": expected "
                  << hex(batch.expected[i], packed) << ", device gave " << hex(results_[i], packed)
                  << '\n';
      // The device's result in the EXPECTED column: `halfpipe check` on this file replays each
      // mismatch through the reference and shows the difference again.
      if (!mismatches_.is_open()) {
        mismatches_.open(mismatch_path_ + ".partial", std::ios::binary);
        if (!mismatches_) throw InputError("cannot write '" + mismatch_path_ + ".partial'");
      }
      mismatches_ << spelling << registers << ' ' << hex(results_[i], packed)
                  << " # halfpipe expects " << hex(batch.expected[i], packed) << " (" << where
                  << ")";
      if (origin.probe >= 0) mismatches_ << "; probe " << probes_[static_cast<size_t>(origin.probe)].rule;
      mismatches_ << '\n';
    }
  }

  void tally(const ProbeInfo& probe, bool ok, uint32_t result) {
    rules_[probe.rule].count(probe, ok, result);
  }
};

int run(const std::vector<std::string>& paths, const std::string& mismatch_path) {
  Checker checker(mismatch_path);
  for (const auto& path : paths) checker.load(path);
  return checker.finish();
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
