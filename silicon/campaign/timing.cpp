#include "timing.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <sstream>
#include <stdexcept>

#include "json_text.h"

namespace halfpipe_campaign {

namespace {

double median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  const size_t n = values.size();
  return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

// Each repeat's median span over SMs, passed through `of`; then the median and the spread.
template <typename Of>
Figure over_repeats(const Spans& spans, Of of) {
  if (spans.empty()) throw std::invalid_argument("no repeat was measured");
  std::vector<double> values;
  for (const auto& repeat : spans) {
    if (repeat.empty()) throw std::invalid_argument("a repeat without a span");
    for (double s : repeat)
      if (!(s > 0)) throw std::invalid_argument("a span of " + std::to_string(s) + " cycles");
    values.push_back(of(median(repeat)));
  }
  const auto [low, high] = std::minmax_element(values.begin(), values.end());
  return {median(values), *high - *low};
}

// A number as JSON writes it: the shortest of %.6g, never an exponent for what the figures hold.
std::string number(double value) {
  char text[64];
  std::snprintf(text, sizeof text, "%.6g", value);
  return text;
}

std::string figure_fields(const char* name, const Figure& f) {
  return std::string("\"") + name + "\": " + number(f.value) + ", \"spread\": " + number(f.spread);
}

}  // namespace

std::vector<double> spans_by_sm(const std::vector<WarpClock>& clocks) {
  std::map<int, std::pair<uint64_t, uint64_t>> by_sm;  // earliest start, latest end
  for (const auto& w : clocks) {
    auto [it, fresh] = by_sm.emplace(w.sm, std::make_pair(w.start, w.end));
    if (!fresh) {
      it->second.first = std::min(it->second.first, w.start);
      it->second.second = std::max(it->second.second, w.end);
    }
  }
  std::vector<double> spans;
  for (const auto& [sm, range] : by_sm)
    spans.push_back(static_cast<double>(range.second - range.first));
  return spans;
}

Figure latency_figure(const Spans& spans, const TimingShape& shape) {
  return over_repeats(spans, [&](double span) { return span / shape.chain_length; });
}

Figure throughput_figure(const Spans& spans, int warps, int sub_partitions, int chains,
                         int chain_length) {
  if (chains < 1) throw std::invalid_argument(std::to_string(chains) + " chains a thread");
  const double instructions =
      32.0 * warps * sub_partitions * chains * static_cast<double>(chain_length);
  return over_repeats(spans, [&](double span) { return instructions / span; });
}

Figure cycles_figure(const Spans& spans) {
  return over_repeats(spans, [](double span) { return span; });
}

std::string timing_json(const TimingMeasurement& m) {
  std::ostringstream j;
  std::string ops_ptx = "", kernels_ptx = "";
  if (!m.ops.empty()) ops_ptx = m.ops.front().latency.ptx;
  j << "{\n  \"halfpipe_timing\": " << kTimingFormat << ",\n"
    << "  \"campaign_version\": " << kCampaignVersion << ",\n"
    << "  \"device\": {\"name\": " << json_string(m.device.name) << ", \"sm\": " << json_string(m.device.sm)
    << ", \"multiprocessors\": " << m.device.multiprocessors
    << ",\n             \"sub_partitions\": " << m.device.sub_partitions
    << ", \"clock_khz\": " << m.device.clock_khz << "},\n"
    << "  \"chain_length\": " << m.shape.chain_length << ",\n"
    << "  \"chains\": " << m.shape.chains << ",\n"
    << "  \"trip_count\": " << m.shape.trip_count << ",\n"
    << "  \"repeats\": " << m.repeats << ",\n"
    << "  \"ptx\": " << json_string(ops_ptx) << ",\n"
    << "  \"ops\": [";
  for (size_t i = 0; i < m.ops.size(); ++i) {
    const auto& op = m.ops[i];
    j << (i ? ",\n" : "\n") << "    {\"op\": " << json_string(op.latency.op)
      << ", \"format\": " << json_string(op.latency.format)
      << ", \"instruction\": " << json_string(op.latency.instruction)
      << ", \"sass\": " << json_string(op.latency.sass);
    if (!op.latency.alternates_with.empty())
      j << ", \"alternates_with\": " << json_string(op.latency.alternates_with);
    // An entry's own chains only where its throughput kernel runs other than the default.
    if (op.throughput.chains != m.shape.chains) j << ", \"chains\": " << op.throughput.chains;
    j << ",\n     \"latency_kernel\": " << json_string(op.latency.name)
      << ", \"throughput_kernel\": " << json_string(op.throughput.name)
      << ",\n     \"latency\": {" << figure_fields("cycles", latency_figure(op.latency_spans, m.shape))
      << "},\n     \"throughput\": [";
    for (size_t w = 0; w < op.throughput_spans.size(); ++w) {
      const auto& [warps, spans] = op.throughput_spans[w];
      j << (w ? ",\n                    " : "") << "{\"warps\": " << warps << ", "
        << figure_fields("per_cycle",
                         throughput_figure(spans, warps, m.device.sub_partitions,
                                           op.throughput.chains, m.shape.chain_length))
        << "}";
    }
    j << "]}";
  }
  j << "\n  ],\n  \"kernels\": [";
  bool first = true;
  for (const auto& k : m.kernels)
    for (const auto& [warps, spans] : k.spans) {
      j << (first ? "\n" : ",\n") << "    {\"name\": " << json_string(k.info.name)
        << ", \"ptx\": " << json_string(k.info.ptx) << ", \"warps\": " << warps << ",\n     "
        << figure_fields("cycles", cycles_figure(spans)) << "}";
      first = false;
    }
  j << "\n  ]\n}\n";
  return j.str();
}

std::string timing_table(const TimingMeasurement& m) {
  std::ostringstream t;
  t << "# Timing on " << m.device.name << " (" << m.device.sm << ")\n\n"
    << "Clock " << number(m.device.clock_khz / 1000.0) << " MHz; chains of "
    << m.shape.chain_length << " instructions; each figure the median of " << m.repeats
    << " repeats, the spread their max - min (silicon/README.md, \"Timing\"). Latency in cycles "
       "per instruction of a dependent chain; throughput in thread instructions per cycle per "
       "SM at each count of warps per SM sub-partition.\n\n"
    << "| op | format | instruction | SASS | latency |";
  std::vector<int> warps;
  for (const auto& op : m.ops)
    for (const auto& entry : op.throughput_spans)
      if (std::find(warps.begin(), warps.end(), entry.first) == warps.end())
        warps.push_back(entry.first);
  std::sort(warps.begin(), warps.end());
  for (int w : warps) t << " " << w << " |";
  t << " spread |\n| --- | --- | --- | --- | ---: |";
  for (size_t i = 0; i < warps.size(); ++i) t << " ---: |";
  t << " ---: |\n";
  for (const auto& op : m.ops) {
    const Figure latency = latency_figure(op.latency_spans, m.shape);
    double spread = latency.spread;
    t << "| " << op.latency.op << " | " << op.latency.format << " | `" << op.latency.instruction
      << "` | " << op.latency.sass << " | " << number(latency.value) << " |";
    for (int w : warps) {
      const auto it = std::find_if(op.throughput_spans.begin(), op.throughput_spans.end(),
                                   [&](const auto& entry) { return entry.first == w; });
      if (it == op.throughput_spans.end()) {
        t << " |";
        continue;
      }
      const Figure rate = throughput_figure(it->second, w, m.device.sub_partitions,
                                            op.throughput.chains, m.shape.chain_length);
      spread = std::max(spread, rate.spread);
      t << " " << number(rate.value) << " |";
    }
    t << " " << number(spread) << " |\n";
  }
  if (!m.kernels.empty()) {
    t << "\n| held-out kernel | warps | cycles | spread |\n| --- | ---: | ---: | ---: |\n";
    for (const auto& k : m.kernels)
      for (const auto& [w, spans] : k.spans) {
        const Figure cycles = cycles_figure(spans);
        t << "| " << k.info.name << " | " << w << " | " << number(cycles.value) << " | "
          << number(cycles.spread) << " |\n";
      }
  }
  return t.str();
}

std::string measure_timing(const DeviceInfo& device, int repeats, TimingMeasurement& out) {
  out = TimingMeasurement{};
  out.device = device;
  out.shape = device_timing_shape();
  out.repeats = repeats;
  std::vector<WarpClock> clocks;
  // One launch's spans, `repeats` times; the first launch of each kernel and warp count is
  // thrown away, so that no repeat pays for loading the module.
  auto time = [&](int index, int warps_per_sm, Spans& spans) -> std::string {
    for (int r = -1; r < repeats; ++r) {
      const std::string error = device_time(index, warps_per_sm, clocks);
      if (!error.empty()) return error;
      if (r >= 0) spans.push_back(spans_by_sm(clocks));
    }
    return "";
  };
  std::map<std::string, size_t> op_of;  // "fma f16" -> index in out.ops
  for (int i = 0; i < device_timing_kernel_count(); ++i) {
    const TimingKernelInfo info = device_timing_kernel(i);
    std::string error;
    if (info.kind == "heldout") {
      out.kernels.push_back({info, {}});
      for (int warps : kTimingWarps) {
        out.kernels.back().spans.push_back({warps, {}});
        if (!(error = time(i, device.sub_partitions * warps, out.kernels.back().spans.back().second))
                 .empty())
          break;
      }
    } else {
      const std::string key = info.op + ' ' + info.format;
      if (!op_of.count(key)) {
        op_of[key] = out.ops.size();
        out.ops.emplace_back();
      }
      TimingMeasurement::Op& op = out.ops[op_of[key]];
      if (info.kind == "latency") {
        op.latency = info;
        error = time(i, 1, op.latency_spans);  // one warp an SM: nothing shares its scheduler
      } else {
        op.throughput = info;
        for (int warps : kTimingWarps) {
          op.throughput_spans.push_back({warps, {}});
          if (!(error = time(i, device.sub_partitions * warps, op.throughput_spans.back().second))
                   .empty())
            break;
        }
      }
    }
    if (!error.empty()) return info.name + ": " + error;
  }
  return "";
}

}  // namespace halfpipe_campaign
