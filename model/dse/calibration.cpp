#include "model/dse/calibration.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <optional>
#include <regex>
#include <sstream>

#include <nlohmann/json.hpp>

#include "model/isa/ptx.h"

namespace halfpipe::dse {
namespace {

using sc::family_name;
using sc::family_of;
using sc::kFamilyCount;
using sc::op_name;
using sc::op_names;
using sc::OpFamily;

using nlohmann::json;

// The threads of a warp: a warp instruction counts this many thread instructions.
constexpr int kWarpThreads = 32;
// One sub-partition's scheduler issues one warp instruction per cycle.
constexpr int kSubPartitionIssueWidth = 1;

std::string number_text(double value) {
  std::ostringstream out;
  out << value;
  return out.str();
}

// Reads fields of the document, each failure naming the file and the field's path.
class Reader {
 public:
  explicit Reader(std::string file) : file_(std::move(file)) {}

  [[noreturn]] void fail(const std::string& field, const std::string& problem) const {
    throw CalibrationError(file_ + ": " + field + ": " + problem);
  }

  const json& member(const json& object, const std::string& path, const char* name) const {
    const auto it = object.find(name);
    if (it == object.end()) fail(join(path, name), "missing");
    return *it;
  }
  const json& object(const json& parent, const std::string& path, const char* name) const {
    const json& value = member(parent, path, name);
    if (!value.is_object()) fail(join(path, name), "not an object");
    return value;
  }
  const json& array(const json& parent, const std::string& path, const char* name) const {
    const json& value = member(parent, path, name);
    if (!value.is_array() || value.empty()) fail(join(path, name), "not a non-empty array");
    return value;
  }
  std::string text(const json& parent, const std::string& path, const char* name) const {
    const json& value = member(parent, path, name);
    if (!value.is_string() || value.get<std::string>().empty())
      fail(join(path, name), "not a non-empty string");
    return value.get<std::string>();
  }
  int64_t whole(const json& parent, const std::string& path, const char* name) const {
    const json& value = member(parent, path, name);
    if (!value.is_number_integer()) fail(join(path, name), "not a whole number");
    return value.get<int64_t>();
  }
  int64_t positive_whole(const json& parent, const std::string& path, const char* name) const {
    const int64_t value = whole(parent, path, name);
    if (value < 1 || value > (1 << 20))
      fail(join(path, name), std::to_string(value) + " is not a count from 1 to 2^20");
    return value;
  }
  double positive(const json& parent, const std::string& path, const char* name) const {
    const json& value = member(parent, path, name);
    if (!value.is_number()) fail(join(path, name), "not a number");
    const double number = value.get<double>();
    if (!(number > 0) || !std::isfinite(number))
      fail(join(path, name), number_text(number) + " is not a positive number");
    return number;
  }

  static std::string join(const std::string& path, const char* name) {
    return path.empty() ? name : path + "." + name;
  }
  static std::string index(const std::string& path, std::size_t i) {
    return path + "[" + std::to_string(i) + "]";
  }

 private:
  std::string file_;
};

json parse(std::string_view text, const Reader& reader) {
  try {
    return json::parse(text);
  } catch (const json::parse_error& e) {
    // nlohmann counts bytes; a person counts lines.
    const std::size_t at = std::min<std::size_t>(e.byte > 0 ? e.byte - 1 : 0, text.size());
    const auto line = 1 + std::count(text.begin(), text.begin() + static_cast<long>(at), '\n');
    std::string message = e.what();
    if (const auto colon = message.rfind(": "); colon != std::string::npos)
      message = message.substr(colon + 2);
    reader.fail("line " + std::to_string(line), "not JSON: " + message);
  }
}

// What one entry of "ops" gives the model, before the entries are checked against each other.
struct Entry {
  std::string path;  // "ops[3]"
  Op op{};
  std::string format;
  int latency = 0;
  double measured_latency = 0;
  int interval = 0;
  double warp_rate = 0;
  int peak_warps = 0;
};

// The chain shape the kernels' cycles are derived from; read when an entry names its kernels.
struct Shape {
  int64_t chain_length = 0, chains = 0;
};

Entry read_entry(const Reader& r, const json& entry, const std::string& path,
                 int sub_partitions, const Shape& shape, std::vector<MeasuredKernel>& kernels) {
  if (!entry.is_object()) r.fail(path, "not an object");
  Entry e;
  e.path = path;
  const std::string name = r.text(entry, path, "op");
  const auto op = isa::find_opcode(name);
  if (!op) r.fail(path + ".op", "'" + name + "' is not one of the model's ops (" + op_names() + ")");
  e.op = *op;
  e.format = r.text(entry, path, "format");
  if (std::none_of(std::begin(isa::kPtxTypes), std::end(isa::kPtxTypes),
                   [&](const isa::PtxType& t) { return t.name == e.format; }))
    r.fail(path + ".format", "'" + e.format + "' is not one of f16, f16x2, bf16, bf16x2");

  const std::string latency_path = path + ".latency";
  e.measured_latency = r.positive(r.object(entry, path, "latency"), latency_path, "cycles");
  e.latency = static_cast<int>(std::lround(e.measured_latency));
  if (e.latency < 1 || std::abs(e.measured_latency - e.latency) > kLatencyTolerance)
    r.fail(latency_path + ".cycles",
           number_text(e.measured_latency) + " cycles is not within " +
               number_text(kLatencyTolerance) +
               " of a whole cycle count: the model's latencies are whole cycles");

  const std::string rates_path = path + ".throughput";
  const json& rates = r.array(entry, path, "throughput");
  std::string peak_path;
  double peak = 0;
  for (std::size_t k = 0; k < rates.size(); ++k) {
    const std::string at = Reader::index(rates_path, k);
    if (!rates[k].is_object()) r.fail(at, "not an object");
    const int64_t warps = r.positive_whole(rates[k], at, "warps");
    const double per_cycle = r.positive(rates[k], at, "per_cycle");
    if (per_cycle > peak) {
      peak = per_cycle;
      peak_path = at + ".per_cycle";
      e.peak_warps = static_cast<int>(warps);
    }
  }
  // The kernels behind the figures: a span is what the file's figures were divided from.
  if (entry.contains("latency_kernel"))
    kernels.push_back({r.text(entry, path, "latency_kernel"), 1,
                       e.measured_latency * static_cast<double>(shape.chain_length), false,
                       latency_path});
  if (entry.contains("throughput_kernel")) {
    const std::string name = r.text(entry, path, "throughput_kernel");
    // An entry may run its own number of chains (a scalar format's one, which ptxas cannot pack).
    const int64_t chains =
        entry.contains("chains") ? r.positive_whole(entry, path, "chains") : shape.chains;
    for (std::size_t k = 0; k < rates.size(); ++k) {
      const auto warps = static_cast<int>(rates[k]["warps"].get<int64_t>());
      const double instructions = 32.0 * warps * sub_partitions *
                                  static_cast<double>(chains * shape.chain_length);
      kernels.push_back({name, warps, instructions / rates[k]["per_cycle"].get<double>(), false,
                         Reader::index(rates_path, k)});
    }
  }

  // Thread instructions per cycle per SM -> warp instructions per cycle per sub-partition.
  e.warp_rate = peak / (kWarpThreads * static_cast<double>(sub_partitions));
  const std::string as_rate = number_text(peak) + " thread instructions per cycle per SM is " +
                              number_text(e.warp_rate) +
                              " warp instructions per cycle per sub-partition";
  if (e.warp_rate > kSubPartitionIssueWidth * (1 + kIntervalTolerance))
    r.fail(peak_path, as_rate + ", above the " + std::to_string(kSubPartitionIssueWidth) +
                          " a sub-partition's scheduler issues (the model's issue width)");
  const double interval = 1 / e.warp_rate;
  e.interval = std::max(1, static_cast<int>(std::lround(interval)));
  if (std::abs(interval - e.interval) > kIntervalTolerance * e.interval)
    r.fail(peak_path, as_rate + ": one every " + number_text(interval) +
                          " cycles, not within " + number_text(100 * kIntervalTolerance) +
                          "% of a whole interval, which is all the model's intervals are");
  return e;
}

std::string entry_name(const Entry& e) {
  return std::string(op_name(e.op)) + " " + e.format + " (" + e.path + ")";
}

}  // namespace

Calibration calibrate(std::string_view text, const std::string& file) {
  const Reader r(file);
  const json doc = parse(text, r);
  if (!doc.is_object()) r.fail("the document", "not a JSON object");

  if (const int64_t format = r.whole(doc, "", "halfpipe_timing"); format != kTimingFormat)
    r.fail("halfpipe_timing", "format " + std::to_string(format) + ": this halfpipe reads format " +
                                  std::to_string(kTimingFormat));
  if (const int64_t version = r.whole(doc, "", "campaign_version");
      version != kTimingCampaignVersion)
    r.fail("campaign_version",
           "campaign version " + std::to_string(version) + ": timing files come from version " +
               std::to_string(kTimingCampaignVersion) + ", whose timing phase this reader knows");

  Calibration c;
  c.file = file;
  const json& device = r.object(doc, "", "device");
  const std::string name = r.text(device, "device", "name");
  const std::string sm = r.text(device, "device", "sm");
  if (!std::regex_match(sm, std::regex("sm_[0-9]+a?")))
    r.fail("device.sm", "'" + sm + "' is not an architecture such as sm_90");
  c.device = name + " (" + sm + ")";
  c.sub_partitions = static_cast<int>(r.positive_whole(device, "device", "sub_partitions"));
  c.clock_khz = r.positive(device, "device", "clock_khz");

  const json& ops = r.array(doc, "", "ops");
  Shape shape;
  const bool names_kernels = std::any_of(ops.begin(), ops.end(), [](const json& entry) {
    return entry.is_object() &&
           (entry.contains("latency_kernel") || entry.contains("throughput_kernel"));
  });
  if (names_kernels) {
    shape.chain_length = r.positive_whole(doc, "", "chain_length");
    shape.chains = r.positive_whole(doc, "", "chains");
  }
  if (doc.contains("trip_count"))
    c.trip_count = static_cast<int>(r.positive_whole(doc, "", "trip_count"));
  std::vector<Entry> entries;
  for (std::size_t i = 0; i < ops.size(); ++i) {
    Entry e = read_entry(r, ops[i], Reader::index("ops", i), c.sub_partitions, shape, c.kernels);
    for (const Entry& earlier : entries) {
      if (earlier.op == e.op && earlier.format == e.format)
        r.fail(e.path, std::string(op_name(e.op)) + " " + e.format + " is measured twice (also " +
                           earlier.path + ")");
      // The model gives an op one latency and a family one interval, whatever the format.
      if (earlier.op == e.op && earlier.latency != e.latency)
        r.fail(e.path + ".latency.cycles",
               entry_name(e) + " takes " + std::to_string(e.latency) + " cycles, " +
                   entry_name(earlier) + " " + std::to_string(earlier.latency) +
                   ": the model gives an op one latency for every format");
      if (family_of(earlier.op) == family_of(e.op) && earlier.interval != e.interval)
        r.fail(e.path + ".throughput",
               entry_name(e) + " issues every " + std::to_string(e.interval) + " cycles, " +
                   entry_name(earlier) + " every " + std::to_string(earlier.interval) +
                   ": the model gives a family (" + family_name(family_of(e.op)) +
                   ") one interval");
    }
    entries.push_back(std::move(e));
  }

  if (doc.contains("kernels")) {
    const json& kernels = doc["kernels"];
    if (!kernels.is_array()) r.fail("kernels", "not an array");
    for (std::size_t k = 0; k < kernels.size(); ++k) {
      const std::string at = Reader::index("kernels", k);
      if (!kernels[k].is_object()) r.fail(at, "not an object");
      c.kernels.push_back({r.text(kernels[k], at, "name"),
                           static_cast<int>(r.positive_whole(kernels[k], at, "warps")),
                           r.positive(kernels[k], at, "cycles"), true, at});
    }
  }

  sc::PipelineConfig& config = c.config;
  config.issue_width = kSubPartitionIssueWidth;
  config.initiation_interval = 1;
  std::array<bool, kFamilyCount> family_set{};
  for (Op op : kAllOps) {
    CalibratedOp measured;
    measured.op = op;
    const Entry* first = nullptr;
    for (const Entry& e : entries) {
      if (e.op != op) continue;
      if (!first) first = &e;
      measured.formats.push_back(e.format);
      if (e.warp_rate > measured.warp_rate) {
        measured.warp_rate = e.warp_rate;
        measured.peak_warps = e.peak_warps;
      }
    }
    if (!first)
      r.fail("ops", std::string("no measurement of ") + op_name(op) +
                        ": the model needs every op's latency (" + op_names() + ")");
    measured.latency = first->measured_latency;
    const int family = static_cast<int>(family_of(op));
    if (!family_set[family]) {
      config.latency[family] = first->latency;
      config.family_interval[family] = first->interval;
      family_set[family] = true;
    }
    config.op_latency[static_cast<int>(op)] = first->latency;
    c.ops.push_back(std::move(measured));
  }
  // The lanes of one sub-partition: the threads of a warp instruction its arithmetic pipe
  // completes per cycle. They set the lane utilisation, not the cycles.
  config.lanes = std::max(1, kWarpThreads / config.family_interval[static_cast<int>(OpFamily::Arith)]);
  if (std::string problem = sc::validate(config); !problem.empty()) r.fail("ops", problem);
  return c;
}

Calibration read_calibration(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw CalibrationError(path + ": cannot be read");
  std::ostringstream text;
  text << in.rdbuf();
  return calibrate(text.str(), path);
}

std::string describe(const Calibration& c) {
  std::ostringstream out;
  out << c.file << " (" << c.device << ", " << c.sub_partitions << " sub-partitions per SM, "
      << c.clock_khz / 1000 << " MHz)";
  return out.str();
}

}  // namespace halfpipe::dse
