#include "model/dse/report.h"

#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <map>

namespace halfpipe::dse {
namespace {

std::string csv_field(const std::string& text) {
  if (text.find_first_of(",\"\n") == std::string::npos) return text;
  std::string quoted = "\"";
  for (char c : text) quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
  return quoted + "\"";
}

std::string xml_escape(const std::string& text) {
  std::string out;
  for (char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      default: out += c;
    }
  }
  return out;
}

std::string latencies(const sc::PipelineConfig& c) {
  return fmt::format("{}/{}/{}/{}", c.latency[0], c.latency[1], c.latency[2], c.latency[3]);
}

// A real workload's streams, "4 warps, trip count 4, round-robin"; empty for a random mix.
std::string describe_streams(const SweepRow& r) {
  if (r.warps == 0) return {};
  return fmt::format("{} warp{}, trip count {}, {}", r.warps, r.warps == 1 ? "" : "s",
                     r.trip_count, r.scheduler);
}

std::string describe_point(const SweepRow& r) {
  const std::string streams = describe_streams(r);
  return fmt::format("lanes {}, latency {} (arith/minmax/sign/transcendental), ii {}, issue width "
                     "{}, queue {}{}{}",
                     r.config.lanes, latencies(r.config), r.config.initiation_interval,
                     r.config.issue_width, r.config.output_queue, streams.empty() ? "" : "; ",
                     streams);
}

// Tick spacing of about `count` ticks over [0, hi]: 1, 2 or 5 times a power of ten.
double tick_step(double hi, int count) {
  const double raw = hi / count;
  const double power = std::pow(10.0, std::floor(std::log10(raw)));
  for (double m : {1.0, 2.0, 5.0, 10.0})
    if (m * power >= raw) return m * power;
  return 10 * power;
}

std::string tick_label(double v) {
  if (v >= 1000 && std::fmod(v, 1000) == 0) return fmt::format("{}k", v / 1000);
  if (v == std::floor(v)) return fmt::format("{}", v);
  return fmt::format("{:g}", v);
}

// Distinct colours that survive print and common colour blindness (Okabe-Ito).
constexpr const char* kColours[] = {"#0072B2", "#D55E00", "#009E73", "#CC79A7",
                                    "#E69F00", "#56B4E9", "#F0E442", "#000000"};

}  // namespace

std::string describe_fit(const AreaModel& model) {
  const auto& k = model.fit().coefficients;
  std::string text = fmt::format(
      "cells = {:.0f} + {:.0f}*lanes + {:.1f}*lanes*depth + {:.1f}*depth, fitted to {} measured "
      "configurations: error max {:.2f}%, RMS {:.2f}%",
      k[0], k[1], k[2], k[3], model.rows().size(), 100 * model.error().max_relative,
      100 * model.error().rms_relative);
  if (model.leave_one_out())
    text += fmt::format("; leave-one-out max {:.2f}%, RMS {:.2f}%",
                        100 * model.leave_one_out()->max_relative,
                        100 * model.leave_one_out()->rms_relative);
  return text;
}

using nlohmann::json;

void write_csv(std::ostream& out, const SweepResult& result) {
  out << "point,workload,status,reason,lanes,latency_arith,latency_minmax,latency_sign,"
         "latency_transcendental,ii,issue_width,queue,cycles,results,lane_results,"
         "results_per_cycle,lane_results_per_cycle,mean_latency,area_cells,area_source,"
         "area_basis,logic_levels,pareto,warps,trip_count,scheduler\n";
  for (const SweepRow& r : result.rows) {
    const sc::PipelineConfig& c = r.config;
    out << fmt::format("{},{},{},{},{},{},{},{},{},{},{},{}", r.point, csv_field(r.workload),
                       r.ran() ? "ok" : "skipped", csv_field(r.skipped), c.lanes, c.latency[0],
                       c.latency[1], c.latency[2], c.latency[3], c.initiation_interval,
                       c.issue_width, c.output_queue);
    if (r.ran())
      out << fmt::format(",{},{},{},{:.6f},{:.6f},{:.4f},{:.0f},{},{},{},{}", r.cycles,
                         r.results, r.lane_results, r.results_per_cycle,
                         r.lane_results_per_cycle, r.mean_latency, r.area.cells,
                         area_source_name(r.area.source), csv_field(r.area.basis),
                         r.area.levels ? fmt::format("{:g}", *r.area.levels) : "",
                         r.pareto ? 1 : 0);
    else
      out << ",,,,,,,,,,,";
    // The streams close the row (columns added after the first format, so that readers of the
    // older columns by position are undisturbed): empty for a random mix.
    if (r.warps > 0)
      out << fmt::format(",{},{},{}\n", r.warps, r.trip_count, r.scheduler);
    else
      out << ",,,\n";
  }
}

json row_json(const SweepRow& r) {
  const sc::PipelineConfig& c = r.config;
  json latency;
  for (int f = 0; f < sc::kFamilyCount; ++f)
    latency[sc::family_name(static_cast<sc::OpFamily>(f))] = c.latency[f];
  for (Op op : kAllOps)  // an op timed apart from its family (--latency add=2)
    if (c.op_latency[static_cast<int>(op)]) latency[sc::op_name(op)] = c.latency_of(op);
  json row{{"point", r.point},
           {"workload", r.workload},
           {"status", r.ran() ? "ok" : "skipped"},
           {"config",
            {{"lanes", c.lanes},
             {"latency", latency},
             {"ii", c.initiation_interval},
             {"issue_width", c.issue_width},
             {"queue", c.output_queue}}}};
  if (r.warps > 0)
    row["streams"] = {{"warps", r.warps}, {"trip_count", r.trip_count}, {"scheduler", r.scheduler}};
  if (!r.ran()) {
    row["reason"] = r.skipped;
    return row;
  }
  row["cycles"] = r.cycles;
  row["results"] = r.results;
  row["lane_results"] = r.lane_results;
  row["results_per_cycle"] = r.results_per_cycle;
  row["lane_results_per_cycle"] = r.lane_results_per_cycle;
  row["mean_latency"] = r.mean_latency;
  row["area"] = {{"cells", r.area.cells},
                 {"source", area_source_name(r.area.source)},
                 {"basis", r.area.basis}};
  if (r.area.levels) row["area"]["logic_levels"] = *r.area.levels;
  row["pareto"] = r.pareto;
  return row;
}

void write_json(std::ostream& out, const SweepResult& result, const std::string& spec,
                const AreaProvenance& area) {
  json doc;
  doc["format"] = "halfpipe-explore-sweep/1";
  doc["sweep"] = spec;
  doc["axes"] = json::array();
  for (const Axis& a : result.axes) {
    json values = json::array();
    for (int v : a.values)
      if (a.name == "scheduler")
        values.push_back(value_text(a.name, v));
      else
        values.push_back(v);
    doc["axes"].push_back({{"name", a.name}, {"values", values}});
  }
  doc["workloads"] = result.workloads;
  if (area.model) {
    const auto& k = area.model->fit().coefficients;
    json model{{"table", area.table},
               {"measured_configurations", area.model->rows().size()},
               {"formula", "cells = a + b*lanes + c*lanes*depth + d*depth"},
               {"coefficients", {{"a", k[0]}, {"b", k[1]}, {"c", k[2]}, {"d", k[3]}}},
               {"fit_error",
                {{"max_relative", area.model->error().max_relative},
                 {"rms_relative", area.model->error().rms_relative}}}};
    if (area.model->leave_one_out())
      model["leave_one_out_error"] = {
          {"max_relative", area.model->leave_one_out()->max_relative},
          {"rms_relative", area.model->leave_one_out()->rms_relative}};
    doc["area_model"] = model;
  }
  json rows = json::array();
  for (const SweepRow& r : result.rows) rows.push_back(row_json(r));
  doc["rows"] = std::move(rows);
  out << doc.dump(2) << "\n";
}

void write_svg(std::ostream& out, const SweepResult& result, const std::string& title) {
  constexpr double kWidth = 760, kHeight = 480;
  constexpr double kLeft = 80, kRight = 200, kTop = 50, kBottom = 60;
  const double plot_w = kWidth - kLeft - kRight, plot_h = kHeight - kTop - kBottom;

  double max_area = 0, max_rate = 0;
  for (const SweepRow& r : result.rows)
    if (r.ran()) {
      max_area = std::max(max_area, r.area.cells);
      max_rate = std::max(max_rate, r.lane_results_per_cycle);
    }
  if (max_area <= 0) max_area = 1;
  if (max_rate <= 0) max_rate = 1;
  const double x_step = tick_step(max_area, 6), y_step = tick_step(max_rate, 5);
  const double x_max = std::ceil(max_area / x_step) * x_step;
  const double y_max = std::ceil(max_rate / y_step) * y_step;
  auto x_of = [&](double area) { return kLeft + plot_w * area / x_max; };
  auto y_of = [&](double rate) { return kTop + plot_h * (1 - rate / y_max); };

  out << fmt::format(
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{0}\" height=\"{1}\" "
      "viewBox=\"0 0 {0} {1}\" font-family=\"sans-serif\" font-size=\"12\">\n"
      "<rect width=\"{0}\" height=\"{1}\" fill=\"white\"/>\n"
      "<text x=\"10\" y=\"24\" font-size=\"13\">{2}</text>\n",
      kWidth, kHeight, xml_escape(title));
  // Grid, ticks and axis labels.
  for (double v = 0; v <= x_max + x_step / 2; v += x_step)
    out << fmt::format(
        "<line x1=\"{0:.1f}\" y1=\"{1}\" x2=\"{0:.1f}\" y2=\"{2}\" stroke=\"#ddd\"/>"
        "<text x=\"{0:.1f}\" y=\"{3}\" text-anchor=\"middle\">{4}</text>\n",
        x_of(v), kTop, kTop + plot_h, kTop + plot_h + 16, tick_label(v));
  for (double v = 0; v <= y_max + y_step / 2; v += y_step)
    out << fmt::format(
        "<line x1=\"{0}\" y1=\"{1:.1f}\" x2=\"{2}\" y2=\"{1:.1f}\" stroke=\"#ddd\"/>"
        "<text x=\"{3}\" y=\"{4:.1f}\" text-anchor=\"end\">{5}</text>\n",
        kLeft, y_of(v), kLeft + plot_w, kLeft - 6, y_of(v) + 4, tick_label(v));
  out << fmt::format(
      "<rect x=\"{0}\" y=\"{1}\" width=\"{2}\" height=\"{3}\" fill=\"none\" stroke=\"#333\"/>\n"
      "<text x=\"{4}\" y=\"{5}\" text-anchor=\"middle\">area (Yosys generic cells)</text>\n"
      "<text x=\"18\" y=\"{6}\" text-anchor=\"middle\" transform=\"rotate(-90 18 {6})\">"
      "throughput (unit lane results per cycle of the whole run)</text>\n",
      kLeft, kTop, plot_w, plot_h, kLeft + plot_w / 2, kHeight - 18, kTop + plot_h / 2);

  // Each workload: its front as a line, then its points.
  for (std::size_t w = 0; w < result.workloads.size(); ++w) {
    const std::string& name = result.workloads[w];
    const char* colour = kColours[w % (sizeof kColours / sizeof *kColours)];
    std::vector<const SweepRow*> front;
    for (const SweepRow& r : result.rows)
      if (r.ran() && r.workload == name && r.pareto) front.push_back(&r);
    std::sort(front.begin(), front.end(), [](const SweepRow* a, const SweepRow* b) {
      return a->area.cells < b->area.cells;
    });
    out << fmt::format("<g id=\"workload-{}\">\n", w);
    if (front.size() > 1) {
      out << fmt::format("<polyline fill=\"none\" stroke=\"{}\" stroke-width=\"1.5\" points=\"",
                         colour);
      for (const SweepRow* r : front)
        out << fmt::format("{:.1f},{:.1f} ", x_of(r->area.cells), y_of(r->lane_results_per_cycle));
      out << "\"/>\n";
    }
    // Front marks over the others, measured over estimated: near-equal areas (a queue of two
    // entries) would otherwise hide the measured mark under an estimate.
    std::vector<const SweepRow*> marks;
    for (const SweepRow& r : result.rows)
      if (r.ran() && r.workload == name) marks.push_back(&r);
    auto layer = [](const SweepRow* r) {
      return 2 * r->pareto + (r->area.source == AreaSource::Measured);
    };
    std::stable_sort(marks.begin(), marks.end(),
                     [&](const SweepRow* a, const SweepRow* b) { return layer(a) < layer(b); });
    for (const SweepRow* mark : marks) {
      const SweepRow& r = *mark;
      const bool measured = r.area.source == AreaSource::Measured;
      out << fmt::format(
          "<circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"{}\" fill=\"{}\" stroke=\"{}\" "
          "stroke-width=\"1.5\"><title>{}: {}; {:.3f} lane results/cycle; {:.0f} cells ({})"
          "{}</title></circle>\n",
          x_of(r.area.cells), y_of(r.lane_results_per_cycle), r.pareto ? 5 : 3.5,
          measured ? colour : "white", colour, xml_escape(name), xml_escape(describe_point(r)),
          r.lane_results_per_cycle, r.area.cells, area_source_name(r.area.source),
          r.pareto ? "; Pareto front" : "");
    }
    out << "</g>\n";
  }
  // Legend.
  const double lx = kLeft + plot_w + 16;
  double ly = kTop + 8;
  for (std::size_t w = 0; w < result.workloads.size(); ++w, ly += 20) {
    const char* colour = kColours[w % (sizeof kColours / sizeof *kColours)];
    out << fmt::format(
        "<line x1=\"{0}\" y1=\"{1}\" x2=\"{2}\" y2=\"{1}\" stroke=\"{3}\" stroke-width=\"1.5\"/>"
        "<circle cx=\"{4}\" cy=\"{1}\" r=\"5\" fill=\"{3}\"/>"
        "<text x=\"{5}\" y=\"{6}\">{7}</text>\n",
        lx, ly, lx + 24, colour, lx + 12, lx + 30, ly + 4, xml_escape(result.workloads[w]));
  }
  ly += 10;
  out << fmt::format(
      "<circle cx=\"{0}\" cy=\"{1}\" r=\"4\" fill=\"#555\" stroke=\"#555\"/>"
      "<text x=\"{2}\" y=\"{3}\">measured area</text>\n"
      "<circle cx=\"{0}\" cy=\"{4}\" r=\"4\" fill=\"white\" stroke=\"#555\" stroke-width=\"1.5\"/>"
      "<text x=\"{2}\" y=\"{5}\">estimated area</text>\n"
      "<text x=\"{6}\" y=\"{7}\">large marks, line:</text>\n"
      "<text x=\"{6}\" y=\"{8}\">the Pareto front</text>\n",
      lx + 12, ly, lx + 30, ly + 4, ly + 20, ly + 24, lx, ly + 44, ly + 58);
  out << "</svg>\n";
}

void print_summary(std::ostream& out, const SweepResult& result, const AreaProvenance& area) {
  std::size_t ran = 0;
  for (const SweepRow& r : result.rows) ran += r.ran();
  const std::size_t points = result.rows.empty() ? 0 : result.rows.back().point + 1;
  out << fmt::format("sweep: {} point{} x {} workload{}, {} run, {} skipped\n", points,
                     points == 1 ? "" : "s", result.workloads.size(),
                     result.workloads.size() == 1 ? "" : "s", ran, result.rows.size() - ran);
  if (area.model) out << fmt::format("area: {}; {}\n", area.table, describe_fit(*area.model));
  // A sweep of stream axes names each row's streams after its unit.
  const bool streams_vary = std::any_of(result.axes.begin(), result.axes.end(),
                                        [](const Axis& a) { return is_stream_axis(a.name); });
  // The workload column fits the longest name (kernels' names are longer than random-mix).
  std::size_t name_width = 14;
  for (const std::string& name : result.workloads) name_width = std::max(name_width, name.size());
  out << fmt::format("{:>5}  {:<{}} {:>5} {:>11} {:>3} {:>5} {:>5} {:>9} {:>9} {:>9}  {:<9} {}\n",
                     "point", "workload", name_width, "lanes", "latency", "ii", "issue", "queue", "cycles",
                     "lane-res/c", "cells", "area",
                     streams_vary ? fmt::format("{:<6}  streams", "") : "");
  for (const SweepRow& r : result.rows) {
    const sc::PipelineConfig& c = r.config;
    const std::string head =
        fmt::format("{:>5}  {:<{}} {:>5} {:>11} {:>3} {:>5} {:>5}", r.point, r.workload, name_width, c.lanes,
                    latencies(c), c.initiation_interval, c.issue_width, c.output_queue);
    std::string tail = r.pareto ? "pareto" : "";
    if (streams_vary) tail = fmt::format("{:<6}  {}", tail, describe_streams(r));
    if (r.ran())
      out << fmt::format("{} {:>9} {:>9.3f} {:>9.0f}  {:<9} {}\n", head, r.cycles,
                         r.lane_results_per_cycle, r.area.cells, area_source_name(r.area.source),
                         tail);
    else
      out << fmt::format("{} skipped: {}{}\n", head, r.skipped,
                         streams_vary ? "; " + describe_streams(r) : "");
  }
}

}  // namespace halfpipe::dse
