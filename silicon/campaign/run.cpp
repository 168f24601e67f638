#include "run.h"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <deque>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <map>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "device.h"
#include "enumeration.h"
#include "findings.h"
#include "json_text.h"
#include "mismatch.h"
#include "pool.h"
#include "timing.h"
#include "model/ref/bulk/execute_n.h"
#include "model/uop/uop.h"
#include "vector_text.h"

namespace halfpipe_campaign {
namespace {

namespace fs = std::filesystem;
using halfpipe::Format;
using halfpipe::Op;
using halfpipe::OpClass;
using halfpipe::Uop;
using halfpipe_silicon::hex;

using Clock = std::chrono::steady_clock;
double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

struct Form {
  int device_index = 0;
  std::string name;
  Uop uop;
  bool packed = false, bf16 = false;
  int operands = 0;
  int lanes() const { return packed ? 2 : 1; }
  bool approx() const { return op_class(uop.op) == OpClass::Approximate; }
};

const char* phase_name(Phase p) {
  switch (p) {
    case Phase::Probes: return "probes";
    case Phase::Corners: return "corners";
    case Phase::Unary: return "all-inputs";
    case Phase::Binary: return "all-pairs";
    case Phase::FmaPlane: return "fma-planes";
    case Phase::FmaRandom: return "fma-random";
  }
  return "?";
}

// One phase of one form, as the run meets it; a generated one is cut into chunks.
struct Task {
  size_t form = 0;
  Phase phase = Phase::Probes;
  uint64_t param = 0;
  uint64_t instructions = 0;  // what runs (after --limit)
  uint64_t planned = 0;       // what the campaign plans
  const ExplicitVectors* vectors = nullptr;
};

constexpr uint64_t kPiece = 8192;  // instructions a host thread checks at a time

class Campaign {
 public:
  explicit Campaign(Options o) : o_(std::move(o)), pool_(threads()) {}

  int run() {
    start_ = Clock::now();
    started_at_ = std::time(nullptr);
    if (o_.timing_only) return run_timing_only();
    choose_forms();
    read_explicit("probes.vec", Phase::Probes, probes_file_);
    read_explicit("corners.vec", Phase::Corners, corners_file_);
    plan();
    const uint64_t max_explicit = largest_explicit();
    const std::string opened =
        device_open(o_.slots, std::max(o_.chunk, max_explicit), device_);
    bool timed = false;
    if (!opened.empty()) {
      error_ = opened;
    } else {
      std::cerr << "halfpipe_campaign: " << forms_.size() << " forms on " << device_.name << " ("
                << device_.sm << "), host: " << threads() << " threads, bulk path "
                << halfpipe::ref::bulk_path_name(halfpipe::ref::bulk_path_auto()) << '\n';
      execute();
      // The timing phase follows the bit-for-bit phases, whatever they found; not after a device
      // error.
      if (o_.timing && error_.empty()) timed = time_kernels();
      device_close();
    }
    seconds_ = seconds_since(start_);
    write_results();
    if (timed) write_timing();
    print_summary();
    if (!error_.empty()) return 2;
    for (const auto& r : results_)
      if (r.findings.total()) return 1;
    return 0;
  }

 private:
  Options o_;
  Pool pool_;
  Clock::time_point start_;
  std::time_t started_at_ = 0;
  double seconds_ = 0;
  DeviceInfo device_;
  std::vector<Form> forms_;
  std::vector<FormResult> results_;
  std::map<std::string, size_t> form_by_name_;
  std::vector<ExplicitVectors> probes_file_, corners_file_;  // by form
  std::vector<halfpipe_silicon::ProbeInfo> probes_;
  std::map<std::string, halfpipe_silicon::RuleTally, halfpipe_silicon::RuleOrder> rules_;
  std::vector<Task> tasks_;
  std::string error_;  // a device error: the run stopped
  bool timed_out_ = false;
  double last_progress_ = 0, last_done_ = 0;
  // Where the run's time went: the host waiting for the device's next chunk, and checking.
  double waiting_seconds_ = 0, checking_seconds_ = 0;
  uint64_t lanes_checked_ = 0;
  TimingMeasurement timing_;

  void write_timing() {
    write_text(results_dir() / "timing.json", timing_json(timing_));
    write_text(results_dir() / "timing.md", timing_table(timing_));
  }

  // --timing-only: the device opened for the timing kernels alone; timing.json, timing.md and
  // nothing else.
  int run_timing_only() {
    const std::string opened = device_open(1, 1, device_);
    if (!opened.empty()) {
      std::cerr << "halfpipe_campaign: " << opened << '\n';
      return 2;
    }
    const bool timed = time_kernels();
    device_close();
    if (!timed) {
      std::cerr << "halfpipe_campaign: " << error_ << '\n';
      return 2;
    }
    fs::create_directories(results_dir());
    write_timing();
    std::cout << "timing of " << timing_.ops.size() << " ops and " << timing_.kernels.size()
              << " held-out kernels in " << (results_dir() / "timing.json").string() << " ("
              << fixed(seconds_since(start_), 1) << " s)\n";
    return 0;
  }

  // The timing phase (timing.h); false, with error_ set, on a device error.
  bool time_kernels() {
    std::cerr << "halfpipe_campaign: timing " << device_timing_kernel_count() << " kernels on "
              << device_.name << ", " << o_.repeats << " repeats\n";
    const std::string error = measure_timing(device_, o_.repeats, timing_);
    if (!error.empty()) error_ = "timing: " + error;
    return error.empty();
  }

  unsigned threads() const {
    if (o_.threads) return o_.threads;
    const unsigned n = std::thread::hardware_concurrency();
    return n ? n : 1;
  }

  fs::path data_dir() const { return o_.vectors.empty() ? program_dir() : fs::path(o_.vectors); }
  fs::path results_dir() const {
    return o_.results.empty() ? program_dir() / "results" : fs::path(o_.results);
  }

  void choose_forms() {
    std::map<std::string, int> carried;
    for (int i = 0; i < device_form_count(); ++i) carried.emplace(device_form(i).name, i);
    std::vector<int> chosen;
    if (o_.forms.empty()) {
      for (int i = 0; i < device_form_count(); ++i) chosen.push_back(i);
    } else {
      for (const auto& name : o_.forms) {
        auto it = carried.find(name);
        if (it == carried.end())
          throw UsageError("--forms: this program carries no form '" + name +
                           "' (forms are named by their canonical spelling, as the report does)");
        if (std::find(chosen.begin(), chosen.end(), it->second) == chosen.end())
          chosen.push_back(it->second);
      }
      std::sort(chosen.begin(), chosen.end());
    }
    for (int index : chosen) {
      const DeviceForm d = device_form(index);
      const auto uop = halfpipe::decode(d.uop_word, 0);
      if (!uop) throw std::runtime_error("form '" + d.name + "' has an invalid Uop word");
      Form f;
      f.device_index = index;
      f.name = d.name;
      f.uop = *uop;
      f.uop.lane_mask = uop->packed ? 3u : 1u;
      f.packed = uop->packed;
      f.bf16 = uop->format == Format::BF16;
      f.operands = halfpipe::operand_count(uop->op);
      form_by_name_.emplace(f.name, forms_.size());
      forms_.push_back(f);
    }
    results_.resize(forms_.size());
    probes_file_.resize(forms_.size());
    corners_file_.resize(forms_.size());
  }

  // A vector file halfpipe wrote beside the program; lines of forms not chosen are skipped.
  void read_explicit(const std::string& file_name, Phase phase,
                     std::vector<ExplicitVectors>& by_form) {
    const fs::path path = data_dir() / file_name;
    std::ifstream in(path, std::ios::binary);
    if (!in) throw UsageError(path.string() + ": cannot open the file (give --vectors DIR)");
    std::string line;
    uint64_t number = 0;
    auto fail = [&](const std::string& what) {
      throw UsageError(path.string() + ":" + std::to_string(number) + ": " + what);
    };
    while (std::getline(in, line)) {
      ++number;
      const size_t hash = std::min(line.find('#'), line.size());
      const auto words = halfpipe_silicon::split_words(line, 0, hash);
      if (words.empty()) continue;
      auto it = form_by_name_.find(words[0]);
      if (it == form_by_name_.end()) {
        bool carried = false;
        for (int i = 0; i < device_form_count() && !carried; ++i)
          carried = device_form(i).name == words[0];
        if (!carried) fail("form '" + words[0] + "' is not one this program carries");
        continue;  // not among --forms
      }
      const Form& form = forms_[it->second];
      if (words.size() != static_cast<size_t>(form.operands + 2))
        fail(words[0] + " takes " + std::to_string(form.operands) +
             " operands and the expected result");
      uint32_t registers[4] = {};
      for (int i = 0; i <= form.operands; ++i)
        if (!halfpipe_silicon::parse_register(words[static_cast<size_t>(i) + 1],
                                              form.packed ? 8 : 4, registers[i]))
          fail("'" + words[static_cast<size_t>(i) + 1] + "' is not a register of " + words[0]);
      ExplicitVectors& v = by_form[it->second];
      v.a.push_back(registers[0]);
      v.b.push_back(form.operands >= 2 ? registers[1] : 0);
      v.c.push_back(form.operands >= 3 ? registers[2] : 0);
      v.expected.push_back(registers[form.operands]);
      v.lines.push_back(number);
      int64_t probe_index = -1;
      if (phase == Phase::Probes && hash < line.size()) {
        halfpipe_silicon::ProbeInfo probe;
        const std::string error = halfpipe_silicon::parse_probe_comment(
            halfpipe_silicon::split_words(line, hash + 1, line.size()), form.packed ? 8 : 4,
            probe);
        if (!error.empty()) fail(error);
        if (!probe.rule.empty()) {
          probes_.push_back(std::move(probe));
          probe_index = static_cast<int64_t>(probes_.size() - 1);
        }
      }
      v.probe.push_back(probe_index);
    }
  }

  uint64_t largest_explicit() const {
    uint64_t n = 0;
    for (size_t f = 0; f < forms_.size(); ++f)
      n = std::max<uint64_t>({n, probes_file_[f].a.size(), corners_file_[f].a.size()});
    return n;
  }

  void plan() {
    auto add = [&](size_t f, Phase phase, uint64_t param, uint64_t instructions,
                   const ExplicitVectors* vectors) {
      Task t{f, phase, param, instructions, instructions, vectors};
      if (vectors == nullptr && o_.limit) t.instructions = std::min(t.instructions, o_.limit);
      if (t.planned == 0) return;
      results_[f].phases[static_cast<int>(phase)].planned += t.planned * forms_[f].lanes();
      tasks_.push_back(t);
    };
    for (size_t f = 0; f < forms_.size(); ++f)
      add(f, Phase::Probes, 0, probes_file_[f].a.size(), &probes_file_[f]);
    for (size_t f = 0; f < forms_.size(); ++f)
      add(f, Phase::Corners, 0, corners_file_[f].a.size(), &corners_file_[f]);
    for (size_t f = 0; f < forms_.size(); ++f)
      if (forms_[f].operands == 1) {
        add(f, Phase::Unary, 0, uint64_t{1} << 16, nullptr);
        results_[f].table.assign(uint64_t{1} << 16, 0);
      }
    for (size_t f = 0; f < forms_.size(); ++f)
      if (forms_[f].operands == 2) add(f, Phase::Binary, 0, pair_instructions(forms_[f].packed), nullptr);
    for (size_t f = 0; f < forms_.size(); ++f)
      if (forms_[f].operands == 3)
        for (int plane = 0; plane < kFmaPlanes; ++plane)
          add(f, Phase::FmaPlane, static_cast<uint64_t>(plane), pair_instructions(forms_[f].packed),
              nullptr);
    for (size_t f = 0; f < forms_.size(); ++f)
      if (forms_[f].operands == 3)
        add(f, Phase::FmaRandom, random_key(halfpipe::encode(forms_[f].uop)),
            (o_.fma_random + forms_[f].lanes() - 1) / forms_[f].lanes(), nullptr);
  }

  // ---- Running ----------------------------------------------------------------------------------

  struct InFlight {
    int slot;
    size_t task;
    Chunk chunk;
  };

  void execute() {
    std::deque<InFlight> in_flight;
    int next_slot = 0;
    for (size_t t = 0; t < tasks_.size() && error_.empty() && !timed_out_; ++t) {
      const Task& task = tasks_[t];
      for (uint64_t first = 0; first < task.instructions; first += o_.chunk) {
        if (seconds_since(start_) >= o_.seconds) {
          timed_out_ = true;
          break;
        }
        if (static_cast<int>(in_flight.size()) == o_.slots) {
          finish(in_flight.front());
          in_flight.pop_front();
          if (!error_.empty()) return;
        }
        Chunk chunk;
        chunk.form = forms_[task.form].device_index;
        chunk.phase = task.phase;
        chunk.param = task.param;
        chunk.first = first;
        chunk.count = task.vectors ? task.instructions
                                   : std::min<uint64_t>(o_.chunk, task.instructions - first);
        if (task.vectors) {
          chunk.a = task.vectors->a.data();
          chunk.b = task.vectors->b.data();
          chunk.c = task.vectors->c.data();
        }
        const std::string error = device_submit(next_slot, chunk);
        if (!error.empty()) {
          error_ = forms_[task.form].name + ": " + error;
          return;
        }
        in_flight.push_back({next_slot, t, chunk});
        next_slot = (next_slot + 1) % o_.slots;
        if (task.vectors) break;
      }
    }
    while (!in_flight.empty() && error_.empty()) {
      finish(in_flight.front());
      in_flight.pop_front();
    }
  }

  void finish(const InFlight& f) {
    const Task& task = tasks_[f.task];
    const void* results = nullptr;
    const Clock::time_point waiting = Clock::now();
    const std::string error = device_wait(f.slot, results);
    if (!error.empty()) {
      error_ = forms_[task.form].name + ": " + error;
      return;
    }
    const Clock::time_point checking = Clock::now();
    waiting_seconds_ += std::chrono::duration<double>(checking - waiting).count();
    if (task.vectors) check_explicit(task, results);
    else check_generated(task, f.chunk, results);
    checking_seconds_ += seconds_since(checking);
    FormResult& r = results_[task.form];
    r.phases[static_cast<int>(task.phase)].run += f.chunk.count * forms_[task.form].lanes();
    const double now = seconds_since(start_);
    r.seconds += now - last_done_;
    last_done_ = now;
    if (task.phase == Phase::Unary && f.chunk.first + f.chunk.count == (uint64_t{1} << 16))
      r.table_complete = true;
    lanes_checked_ += f.chunk.count * forms_[task.form].lanes();
    progress(task, f.chunk);
  }

  void progress(const Task& task, const Chunk& chunk) {
    const double now = seconds_since(start_);
    if (now - last_progress_ < 5) return;
    last_progress_ = now;
    uint64_t mismatches = 0;
    for (const auto& r : results_) mismatches += r.findings.total();
    const double done = 100.0 * static_cast<double>(chunk.first + chunk.count) /
                        static_cast<double>(task.instructions);
    std::fprintf(stderr, "[%6.1f s] %-26s %-10s %5.1f%%  %.3g inputs checked, %llu mismatches\n",
                 now, forms_[task.form].name.c_str(), phase_name(task.phase), done,
                 static_cast<double>(lanes_checked_), static_cast<unsigned long long>(mismatches));
  }

  // Probes and corners: few, checked on this thread; each probe is tallied by its rule.
  void check_explicit(const Task& task, const void* results) {
    const Form& form = forms_[task.form];
    const ExplicitVectors& v = *task.vectors;
    const size_t n = v.a.size();
    std::vector<uint32_t> expected(n);
    halfpipe::ref::execute_n(form.uop, v.a.data(), v.b.data(), v.c.data(), expected.data(), n);
    Findings found;
    for (int k = 0; k < kClassCount; ++k)
      found.keep[k] = kKeptPerClass - results_[task.form].findings.kept[k].size();
    for (size_t i = 0; i < n; ++i) {
      if (expected[i] != v.expected[i])
        throw std::runtime_error(std::string(task.phase == Phase::Probes ? "probes.vec" : "corners.vec") +
                                 ":" + std::to_string(v.lines[i]) +
                                 ": the file's expected result is not the reference's: the file "
                                 "belongs to another halfpipe");
      const uint32_t got = form.packed ? static_cast<const uint32_t*>(results)[i]
                                       : static_cast<const uint16_t*>(results)[i];
      if (v.probe[i] >= 0)
        rules_[probes_[static_cast<size_t>(v.probe[i])].rule].count(
            probes_[static_cast<size_t>(v.probe[i])], got == expected[i], got);
      if (got == expected[i]) continue;
      Mismatch m{task.phase, v.lines[i], v.a[i], v.b[i], v.c[i], expected[i], got, ""};
      m.where = std::string(task.phase == Phase::Probes ? "probes.vec" : "corners.vec") + ":" +
                std::to_string(v.lines[i]);
      if (v.probe[i] >= 0) m.where += ", probe " + probes_[static_cast<size_t>(v.probe[i])].rule;
      record(form, m, found);
    }
    merge(results_[task.form].findings, found);
  }

  // One mismatching instruction: each lane that differs, by its class.
  static void record(const Form& form, const Mismatch& m, Findings& found) {
    const Bits16 f = bits_of(form.bf16);
    bool classes[kClassCount] = {};
    for (int lane = 0; lane < form.lanes(); ++lane) {
      const uint16_t e = static_cast<uint16_t>(m.expected >> (16 * lane));
      const uint16_t g = static_cast<uint16_t>(m.got >> (16 * lane));
      if (e == g) continue;
      const uint16_t other = static_cast<uint16_t>(m.expected >> (16 * (1 - lane)));
      const MismatchClass k = classify(e, g, form.packed, other, f);
      ++found.counts[k];
      classes[k] = true;
    }
    for (int k = 0; k < kClassCount; ++k)
      if (classes[k] && found.kept[k].size() < found.keep[k]) found.kept[k].push_back(m);
  }

  static void merge(Findings& into, Findings& from) {
    for (int k = 0; k < kClassCount; ++k) {
      into.counts[k] += from.counts[k];
      for (auto& m : from.kept[k]) {
        if (into.kept[k].size() >= kKeptPerClass) break;
        into.kept[k].push_back(std::move(m));
      }
    }
    into.approx.add(from.approx);
  }

  // A generated chunk: every host thread regenerates a piece's operands, computes the expected
  // results with the bulk path and compares.
  void check_generated(const Task& task, const Chunk& chunk, const void* results) {
    const Form& form = forms_[task.form];
    const size_t pieces = static_cast<size_t>((chunk.count + kPiece - 1) / kPiece);
    std::vector<Findings> found(pieces);
    const Findings& so_far = results_[task.form].findings;
    for (auto& piece : found)  // a piece keeps no more than the form still wants
      for (int k = 0; k < kClassCount; ++k) piece.keep[k] = kKeptPerClass - so_far.kept[k].size();
    std::vector<uint32_t>* table = task.phase == Phase::Unary ? &results_[task.form].table : nullptr;
    pool_.run(pieces, [&](size_t piece) {
      check_piece(form, task, chunk, results, piece, found[piece], table);
    });
    for (auto& piece : found) merge(results_[task.form].findings, piece);
  }

  static void check_piece(const Form& form, const Task& task, const Chunk& chunk,
                          const void* results, size_t piece, Findings& found,
                          std::vector<uint32_t>* table) {
    thread_local std::vector<uint32_t> a, b, c, expected;
    a.resize(kPiece);
    b.resize(kPiece);
    c.resize(kPiece);
    expected.resize(kPiece);
    const uint64_t begin = piece * kPiece;
    const size_t n = static_cast<size_t>(std::min<uint64_t>(kPiece, chunk.count - begin));
    for (size_t j = 0; j < n; ++j) {
      const Registers r =
          generated_registers(task.phase, form.packed, form.bf16, chunk.first + begin + j, task.param);
      a[j] = r.a;
      b[j] = r.b;
      c[j] = r.c;
    }
    halfpipe::ref::execute_n(form.uop, a.data(), b.data(), c.data(), expected.data(), n);
    const uint16_t* got16 = static_cast<const uint16_t*>(results) + begin;
    const uint32_t* got32 = static_cast<const uint32_t*>(results) + begin;
    // Nearly every piece matches in full: one branch-free pass says so.
    if (!table && !form.approx()) {
      uint32_t differs = 0;
      if (form.packed)
        for (size_t j = 0; j < n; ++j) differs |= got32[j] ^ expected[j];
      else
        for (size_t j = 0; j < n; ++j) differs |= got16[j] ^ expected[j];
      if (differs == 0) return;
    }
    const Bits16 bits = bits_of(form.bf16);
    for (size_t j = 0; j < n; ++j) {
      const uint32_t got = form.packed ? got32[j] : got16[j];
      if (table) (*table)[chunk.first + begin + j] = got;
      if (form.approx()) {
        for (int lane = 0; lane < form.lanes(); ++lane) {
          const uint16_t e = static_cast<uint16_t>(expected[j] >> (16 * lane));
          const uint16_t g = static_cast<uint16_t>(got >> (16 * lane));
          ++found.approx.lanes;
          if (e == g) {
            ++found.approx.identical;
          } else if (is_nan(e, bits) || is_nan(g, bits)) {
            found.approx.nan_disagreements += is_nan(e, bits) != is_nan(g, bits);
          } else {
            found.approx.max_ulp = std::max(found.approx.max_ulp, std::abs(ordinal(e) - ordinal(g)));
          }
        }
      }
      if (got == expected[j]) continue;
      record(form, Mismatch{task.phase, chunk.first + begin + j, a[j], b[j], c[j], expected[j], got, ""},
             found);
    }
  }

  // ---- Results ------------------------------------------------------------------------------------

  static std::string fixed(double value, int digits) {
    char text[64];
    std::snprintf(text, sizeof text, "%.*f", digits, value);
    return text;
  }

  std::string started_text() const {
    char text[64];
    std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&started_at_));
    return text;
  }

  // What a form's run left out, or "" when it ran in full.
  std::string cut_of(size_t f) const {
    std::string cut;
    for (int p = 0; p < kPhaseCount; ++p) {
      const PhaseRun& run = results_[f].phases[p];
      if (run.run < run.planned)
        cut += std::string(cut.empty() ? "" : "; ") + phase_name(static_cast<Phase>(p)) + " " +
               std::to_string(run.run) + " of " + std::to_string(run.planned) + " inputs";
    }
    return cut;
  }

  std::string why_cut() const {
    if (!error_.empty()) return "stopped by a device error";
    if (timed_out_) return "stopped at --seconds " + fixed(o_.seconds, 0);
    if (o_.limit) return "--limit " + std::to_string(o_.limit);
    return "";
  }

  static std::string file_name(const std::string& form) { return form; }  // dots and letters only

  void write_text(const fs::path& path, const std::string& text) {
    std::ofstream out(path, std::ios::binary);
    if (!(out << text) || !out.flush()) throw std::runtime_error("cannot write '" + path.string() + "'");
  }

  std::string mismatch_line(const Form& form, const Mismatch& m) const {
    std::string line = form.name;
    const uint32_t registers[3] = {m.a, m.b, m.c};
    for (int k = 0; k < form.operands; ++k) line += ' ' + hex(registers[k], form.packed);
    line += ' ' + hex(m.got, form.packed) + " # halfpipe expects " + hex(m.expected, form.packed);
    if (!m.where.empty()) line += " (" + m.where + ")";
    else line += std::string(" (") + phase_name(m.phase) + " input " + std::to_string(m.index) + ")";
    return line + '\n';
  }

  void write_results() {
    const fs::path dir = results_dir();
    fs::create_directories(dir / "mismatches");
    fs::create_directories(dir / "tables");
    const std::string source = device_.name + " (" + device_.sm + ")";
    // The first mismatches of each form and class, replayable with `halfpipe check`.
    for (size_t f = 0; f < forms_.size(); ++f)
      for (int k = 0; k < kClassCount; ++k) {
        const auto& kept = results_[f].findings.kept[k];
        if (kept.empty()) continue;
        std::string text =
            "# halfpipe vectors, format 1 (vectors/FORMAT.md): FORM A [B [C]] EXPECTED, hex\n"
            "# the first " + std::to_string(kept.size()) + " " + kClassNames[k] +
            " mismatches of " + forms_[f].name + " in the silicon campaign on " + source +
            ": EXPECTED is what the device gave\n# vectors: " + std::to_string(kept.size()) + '\n';
        for (const auto& m : kept) text += mismatch_line(forms_[f], m);
        write_text(dir / "mismatches" / (file_name(forms_[f].name) + "." + kClassNames[k] + ".vec"), text);
      }
    // The device's table of every one-operand form.
    for (size_t f = 0; f < forms_.size(); ++f) {
      if (!results_[f].table_complete) continue;
      const Form& form = forms_[f];
      std::string text =
          "# halfpipe vectors, format 1 (vectors/FORMAT.md): FORM A EXPECTED, hex\n"
          "# every input of " + form.name + " as " + source +
          " computes it (EXPECTED is the device's result)\n# vectors: 65536\n";
      for (uint32_t i = 0; i < (1u << 16); ++i) {
        const Registers r = generated_registers(Phase::Unary, form.packed, form.bf16, i, 0);
        text += form.name + ' ' + hex(r.a, form.packed) + ' ' + hex(results_[f].table[i], form.packed) + '\n';
      }
      write_text(dir / "tables" / (file_name(form.name) + ".vec"), text);
    }
    write_text(dir / "summary.json", summary_json());
    write_text(dir / "report.md", report_md());
  }

  std::string summary_json() const {
    std::ostringstream j;
    j << "{\n  \"campaign_version\": " << kCampaignVersion << ",\n"
      << "  \"started\": " << json_string(started_text()) << ",\n"
      << "  \"seconds\": " << fixed(seconds_, 1) << ",\n"
      << "  \"seconds_limit\": " << fixed(o_.seconds, 0) << ",\n"
      << "  \"complete\": " << (why_cut().empty() ? "true" : "false") << ",\n"
      << "  \"cut\": " << json_string(why_cut()) << ",\n"
      << "  \"error\": " << (error_.empty() ? "null" : json_string(error_)) << ",\n"
      << "  \"device\": {\"name\": " << json_string(device_.name) << ", \"sm\": "
      << json_string(device_.sm) << ", \"driver\": " << json_string(device_.driver)
      << ", \"runtime\": " << json_string(device_.runtime)
      << ", \"multiprocessors\": " << device_.multiprocessors << "},\n"
      << "  \"host\": {\"threads\": " << threads() << ", \"bulk_path\": "
      << json_string(halfpipe::ref::bulk_path_name(halfpipe::ref::bulk_path_auto()))
      << ", \"waiting_seconds\": " << fixed(waiting_seconds_, 1)
      << ", \"checking_seconds\": " << fixed(checking_seconds_, 1) << "},\n"
      << "  \"classes\": [";
    for (int k = 0; k < kClassCount; ++k) j << (k ? ", " : "") << json_string(kClassNames[k]);
    j << "],\n  \"rules\": [";
    bool first = true;
    for (const auto& [rule, tally] : rules_) {
      j << (first ? "\n" : ",\n") << "    {\"rule\": " << json_string(rule)
        << ", \"probes\": " << tally.probes << ", \"as_halfpipe\": " << tally.as_halfpipe
        << ", \"no_listed_reading\": " << tally.no_listed_reading << ", \"alternatives\": {";
      for (size_t i = 0; i < tally.alternatives.size(); ++i)
        j << (i ? ", " : "") << json_string(tally.alternatives[i].first) << ": "
          << tally.alternatives[i].second;
      j << "}, \"verdict\": " << json_string(tally.verdict()) << "}";
      first = false;
    }
    j << "\n  ],\n  \"forms\": [";
    for (size_t f = 0; f < forms_.size(); ++f) {
      const FormResult& r = results_[f];
      uint64_t planned = 0, run = 0;
      for (const auto& p : r.phases) planned += p.planned, run += p.run;
      j << (f ? ",\n" : "\n") << "    {\"form\": " << json_string(forms_[f].name)
        << ", \"operands\": " << forms_[f].operands << ", \"lanes\": " << forms_[f].lanes()
        << ", \"inputs\": " << run << ", \"planned\": " << planned << ", \"phases\": {";
      bool first_phase = true;
      for (int p = 0; p < kPhaseCount; ++p) {
        if (!r.phases[p].planned) continue;
        j << (first_phase ? "" : ", ") << json_string(phase_name(static_cast<Phase>(p)))
          << ": {\"inputs\": " << r.phases[p].run << ", \"planned\": " << r.phases[p].planned << "}";
        first_phase = false;
      }
      j << "}, \"mismatches\": {";
      for (int k = 0; k < kClassCount; ++k)
        j << (k ? ", " : "") << json_string(kClassNames[k]) << ": " << r.findings.counts[k];
      j << "}, \"seconds\": "
        << fixed(r.seconds, 2)
        << ", \"cut\": " << json_string(cut_of(f));
      if (forms_[f].approx()) {
        const ApproxStats& a = r.findings.approx;
        j << ", \"approx\": {\"lanes\": " << a.lanes << ", \"identical\": " << a.identical
          << ", \"max_ulp\": " << a.max_ulp << ", \"nan_disagreements\": " << a.nan_disagreements
          << "}";
      }
      j << "}";
    }
    j << "\n  ]\n}\n";
    return j.str();
  }

  std::string report_md() const {
    std::ostringstream m;
    uint64_t inputs = 0, mismatches = 0;
    for (const auto& r : results_) {
      for (const auto& p : r.phases) inputs += p.run;
      mismatches += r.findings.total();
    }
    m << "# halfpipe silicon campaign, version " << kCampaignVersion << "\n\n"
      << "- device: " << device_.name << " (" << device_.sm << ", " << device_.multiprocessors
      << " multiprocessors)\n"
      << "- driver: " << device_.driver << "; CUDA runtime " << device_.runtime << "\n"
      << "- host: " << threads() << " threads, bulk path "
      << halfpipe::ref::bulk_path_name(halfpipe::ref::bulk_path_auto()) << "\n"
      << "- started " << started_text() << ", ran " << fixed(seconds_, 1) << " s (limit "
      << fixed(o_.seconds, 0) << " s): the host waited " << fixed(waiting_seconds_, 1)
      << " s for the device and checked for " << fixed(checking_seconds_, 1) << " s\n"
      << "- " << inputs << " inputs checked bit for bit, " << mismatches << " mismatches\n";
    if (!error_.empty()) m << "- **stopped by a device error:** " << error_ << "\n";
    if (!why_cut().empty()) m << "- **not complete:** " << why_cut() << " (each form's cut below)\n";
    m << "\n## Semantics probes (doc/semantics.md)\n\n";
    if (rules_.empty()) m << "No probe ran.\n";
    for (const auto& [rule, tally] : rules_)
      m << "- " << rule << ": **" << tally.verdict() << "** (" << tally.describe() << ")\n";
    m << "\n## Mismatches by class\n\n";
    for (int k = 0; k < kClassCount; ++k) m << "- " << kClassNames[k] << ": " << kClassMeanings[k] << "\n";
    m << "\n| form | inputs | ";
    for (int k = 0; k < kClassCount; ++k) m << kClassNames[k] << " | ";
    m << "seconds | cut |\n|---|---:|";
    for (int k = 0; k < kClassCount; ++k) m << "---:|";
    m << "---:|---|\n";
    for (size_t f = 0; f < forms_.size(); ++f) {
      const FormResult& r = results_[f];
      uint64_t run = 0;
      for (const auto& p : r.phases) run += p.run;
      m << "| " << forms_[f].name << " | " << run << " | ";
      for (int k = 0; k < kClassCount; ++k) m << r.findings.counts[k] << " | ";
      m << fixed(r.seconds, 2) << " | " << cut_of(f) << " |\n";
    }
    bool any_approx = false;
    for (const auto& f : forms_) any_approx |= f.approx();
    if (any_approx) {
      m << "\n## tanh.approx and ex2.approx against halfpipe's approximation (S19)\n\n"
        << "| form | inputs | identical | share | max difference (ulp) | NaN against a number |\n"
        << "|---|---:|---:|---:|---:|---:|\n";
      for (size_t f = 0; f < forms_.size(); ++f) {
        if (!forms_[f].approx()) continue;
        const ApproxStats& a = results_[f].findings.approx;
        m << "| " << forms_[f].name << " | " << a.lanes << " | " << a.identical << " | "
          << fixed(a.lanes ? 100.0 * static_cast<double>(a.identical) / static_cast<double>(a.lanes) : 0, 3)
          << "% | " << a.max_ulp << " | " << a.nan_disagreements << " |\n";
      }
    }
    m << "\n## Files\n\n"
      << "- `mismatches/FORM.CLASS.vec`: the first " << kKeptPerClass
      << " mismatches of each form and class; EXPECTED is what the device gave, so "
         "`halfpipe check` on a file shows halfpipe's result beside the device's for each.\n"
      << "- `tables/FORM.vec`: the device's result for every input of each one-operand form.\n"
      << "- `summary.json`: everything above, for tools.\n"
      << "- `timing.json`: the timing phase (silicon/README.md, \"Timing\"), unless --no-timing;\n"
      << "  `timing.md`: its figures as a results README's tables.\n";
    return m.str();
  }

  void print_summary() const {
    uint64_t inputs = 0, mismatches = 0;
    for (const auto& r : results_) {
      for (const auto& p : r.phases) inputs += p.run;
      mismatches += r.findings.total();
    }
    for (const auto& [rule, tally] : rules_)
      std::cout << rule << ": " << tally.verdict() << " (" << tally.describe() << ")\n";
    for (size_t f = 0; f < forms_.size(); ++f) {
      const Findings& found = results_[f].findings;
      if (!found.total()) continue;
      std::cout << forms_[f].name << ":";
      for (int k = 0; k < kClassCount; ++k)
        if (found.counts[k]) std::cout << ' ' << kClassNames[k] << ' ' << found.counts[k];
      std::cout << '\n';
    }
    if (!error_.empty()) std::cerr << "halfpipe_campaign: " << error_ << '\n';
    if (!why_cut().empty()) std::cout << "not complete: " << why_cut() << '\n';
    std::cout << "results in " << results_dir().string() << " (" << fixed(seconds_, 1) << " s)\n"
              << (inputs - std::min(inputs, mismatches)) << " passed, " << mismatches << " failed\n";
  }
};

}  // namespace

int run(const Options& options) { return Campaign(options).run(); }

}  // namespace halfpipe_campaign
