#include "model/sc/config.h"

#include <algorithm>
#include <charconv>

namespace halfpipe::sc {
namespace {

constexpr std::array<const char*, kFamilyCount> kFamilyNames{"arith", "minmax", "sign",
                                                             "transcendental"};
// Generous bounds: they only keep a typo from allocating a line of a billion stages.
constexpr int kMaxLatency = 4096;
constexpr int kMaxInterval = 4096;
constexpr int kMaxIssueWidth = 64;
constexpr int kMaxQueue = 1 << 20;

}  // namespace

OpFamily family_of(Op op) {
  switch (op) {  // the op table's family column (model/uop/ops.def)
#define HALFPIPE_OP(Name, code, ptx, operands, op_class, family, kernel, ref) \
  case Op::Name:                                                          \
    return OpFamily::family;
#include "model/uop/ops.def"
#undef HALFPIPE_OP
  }
  return OpFamily::Arith;  // unreachable for a valid Op
}

const char* family_name(OpFamily family) { return kFamilyNames[static_cast<int>(family)]; }

std::optional<OpFamily> parse_family(std::string_view name) {
  for (int i = 0; i < kFamilyCount; ++i)
    if (name == kFamilyNames[i]) return static_cast<OpFamily>(i);
  return std::nullopt;
}

std::string family_names() {
  std::string names;
  for (const char* name : kFamilyNames) names += (names.empty() ? "" : ", ") + std::string(name);
  return names;
}

const char* op_name(Op op) { return kOpNames[static_cast<int>(op)].ptx; }

std::string op_names() {
  std::string names;
  for (const OpNames& op : kOpNames) names += (names.empty() ? "" : ", ") + std::string(op.ptx);
  return names;
}

int PipelineConfig::max_latency() const {
  return std::max(*std::max_element(latency.begin(), latency.end()),
                  *std::max_element(op_latency.begin(), op_latency.end()));
}

std::string latency_settings(const PipelineConfig& config) {
  std::string settings;
  for (int f = 0; f < kFamilyCount; ++f)
    settings +=
        (f ? " " : "") + std::string(kFamilyNames[f]) + "=" + std::to_string(config.latency[f]);
  for (Op op : kAllOps)
    if (const int own = config.op_latency[static_cast<int>(op)];
        own && own != config.latency[static_cast<int>(family_of(op))])
      settings += " " + std::string(op_name(op)) + "=" + std::to_string(own);
  return settings;
}

PipelineConfig rtl_configuration(int lanes, int depth) {
  PipelineConfig config;
  config.lanes = lanes;
  config.latency.fill(depth);
  return config;
}

std::string validate(const PipelineConfig& c) {
  auto out_of_range = [](const char* what, int value, int lo, int hi) {
    return std::string(what) + " is " + std::to_string(value) + ", must be " + std::to_string(lo) +
           ".." + std::to_string(hi);
  };
  if (c.lanes < 1 || c.lanes > kMaxLanes) return out_of_range("lane count", c.lanes, 1, kMaxLanes);
  for (int f = 0; f < kFamilyCount; ++f)
    if (c.latency[f] < 1 || c.latency[f] > kMaxLatency)
      return out_of_range((std::string(kFamilyNames[f]) + " latency").c_str(), c.latency[f], 1,
                          kMaxLatency);
  for (Op op : kAllOps)
    if (const int own = c.op_latency[static_cast<int>(op)]; own < 0 || own > kMaxLatency)
      return out_of_range((std::string(op_name(op)) + " latency").c_str(), own, 1, kMaxLatency);
  if (c.initiation_interval < 1 || c.initiation_interval > kMaxInterval)
    return out_of_range("initiation interval", c.initiation_interval, 1, kMaxInterval);
  for (int f = 0; f < kFamilyCount; ++f)
    if (c.family_interval[f] < 1 || c.family_interval[f] > kMaxInterval)
      return out_of_range((std::string(kFamilyNames[f]) + " interval").c_str(),
                          c.family_interval[f], 1, kMaxInterval);
  if (c.issue_width < 1 || c.issue_width > kMaxIssueWidth)
    return out_of_range("issue width", c.issue_width, 1, kMaxIssueWidth);
  if (c.output_queue < 0 || c.output_queue > kMaxQueue)
    return out_of_range("output queue depth", c.output_queue, 0, kMaxQueue);
  return {};
}

std::string apply_latency_setting(PipelineConfig& config, std::string_view setting) {
  const auto eq = setting.find('=');
  if (eq == std::string_view::npos)
    return "latency setting '" + std::string(setting) + "' is not FAMILY=N";
  const std::string_view name = setting.substr(0, eq);
  const std::string_view digits = setting.substr(eq + 1);
  int cycles = 0;
  const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), cycles);
  if (digits.empty() || ec != std::errc() || end != digits.data() + digits.size() || cycles < 1 ||
      cycles > kMaxLatency)
    return "latency setting '" + std::string(setting) + "': '" + std::string(digits) +
           "' is not a cycle count 1.." + std::to_string(kMaxLatency);
  if (name == "all") {
    config.latency.fill(cycles);
    config.op_latency.fill(0);
    return {};
  }
  if (const auto family = parse_family(name)) {
    config.latency[static_cast<int>(*family)] = cycles;
    for (Op op : kAllOps)
      if (family_of(op) == *family) config.op_latency[static_cast<int>(op)] = 0;
    return {};
  }
  for (Op op : kAllOps) {
    if (name == op_name(op)) {
      config.op_latency[static_cast<int>(op)] = cycles;
      return {};
    }
  }
  return "latency setting '" + std::string(setting) + "': unknown family or op '" +
         std::string(name) + "' (families: " + family_names() + ", or all; or one op: " +
         op_names() + ")";
}

}  // namespace halfpipe::sc
