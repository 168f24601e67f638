#include "model/dse/area.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <set>
#include <sstream>
#include <stdexcept>
#include <utility>

namespace halfpipe::dse {
namespace {

std::vector<std::string> split_csv_line(const std::string& line) {
  std::vector<std::string> fields;
  std::string field;
  std::istringstream in(line);
  while (std::getline(in, field, ',')) {
    const auto first = field.find_first_not_of(" \t\r");
    const auto last = field.find_last_not_of(" \t\r");
    fields.push_back(first == std::string::npos ? "" : field.substr(first, last - first + 1));
  }
  if (!line.empty() && line.back() == ',') fields.emplace_back();
  return fields;
}

std::optional<double> parse_number(const std::string& text) {
  if (text.empty()) return std::nullopt;
  char* end = nullptr;
  const double v = std::strtod(text.c_str(), &end);
  if (end != text.c_str() + text.size() || !std::isfinite(v) || v < 0) return std::nullopt;
  return v;
}

// The row of the design matrix for (lanes, depth): 1, lanes, lanes*depth, depth.
std::array<double, 4> regressors(double lanes, double depth) {
  return {1.0, lanes, lanes * depth, depth};
}

// Solves the 4x4 system m x = v by Gaussian elimination with partial pivoting; nullopt when a
// pivot is negligible against the matrix's scale (the rows do not determine x).
std::optional<std::array<double, 4>> solve(std::array<std::array<double, 4>, 4> m,
                                           std::array<double, 4> v) {
  double scale = 0;
  for (const auto& row : m)
    for (double x : row) scale = std::max(scale, std::fabs(x));
  if (scale == 0) return std::nullopt;
  for (int col = 0; col < 4; ++col) {
    int pivot = col;
    for (int r = col + 1; r < 4; ++r)
      if (std::fabs(m[r][col]) > std::fabs(m[pivot][col])) pivot = r;
    if (std::fabs(m[pivot][col]) < 1e-10 * scale) return std::nullopt;
    std::swap(m[col], m[pivot]);
    std::swap(v[col], v[pivot]);
    for (int r = col + 1; r < 4; ++r) {
      const double f = m[r][col] / m[col][col];
      for (int c = col; c < 4; ++c) m[r][c] -= f * m[col][c];
      v[r] -= f * v[col];
    }
  }
  std::array<double, 4> x{};
  for (int r = 3; r >= 0; --r) {
    double s = v[r];
    for (int c = r + 1; c < 4; ++c) s -= m[r][c] * x[c];
    x[r] = s / m[r][r];
  }
  return x;
}

}  // namespace

std::variant<std::vector<AreaRow>, std::string> parse_area_table(const std::string& text,
                                                                 const std::string& source) {
  std::istringstream in(text);
  std::string line;
  int line_number = 0;
  std::vector<std::string> columns;
  std::vector<AreaRow> rows;
  std::set<std::pair<int, int>> seen;
  auto problem = [&](const std::string& what) {
    return source + " line " + std::to_string(line_number) + ": " + what;
  };
  auto column = [&](const std::string& name) -> int {
    const auto it = std::find(columns.begin(), columns.end(), name);
    return it == columns.end() ? -1 : static_cast<int>(it - columns.begin());
  };
  int lanes_col = -1, depth_col = -1, cells_col = -1, flops_col = -1, levels_col = -1;
  while (std::getline(in, line)) {
    ++line_number;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.find_first_not_of(" \t") == std::string::npos || line[0] == '#') continue;
    const std::vector<std::string> fields = split_csv_line(line);
    if (columns.empty()) {
      columns = fields;
      lanes_col = column("lanes");
      depth_col = column("depth");
      cells_col = column("cells");
      flops_col = column("flops");
      levels_col = column("levels_max");
      for (const char* required : {"lanes", "depth", "cells"})
        if (column(required) < 0)
          return problem("the column line '" + line + "' has no column '" + required + "'");
      continue;
    }
    if (fields.size() != columns.size())
      return problem(std::to_string(fields.size()) + " fields where the column line has " +
                     std::to_string(columns.size()));
    auto number = [&](int col) -> std::variant<std::optional<double>, std::string> {
      if (col < 0 || fields[col].empty()) return std::optional<double>{};
      const auto v = parse_number(fields[col]);
      if (!v) return problem("'" + fields[col] + "' in column " + columns[col] +
                             " is not a non-negative number");
      return v;
    };
    AreaRow row;
    std::array<std::optional<double>, 5> values;
    const std::array<int, 5> cols{lanes_col, depth_col, cells_col, flops_col, levels_col};
    for (int i = 0; i < 5; ++i) {
      auto v = number(cols[i]);
      if (auto* p = std::get_if<std::string>(&v)) return *p;
      values[i] = std::get<std::optional<double>>(v);
    }
    for (int i = 0; i < 3; ++i)
      if (!values[i]) return problem("no value in column " + columns[cols[i]]);
    // Bounded before the conversion to int, which a huge value would overflow.
    constexpr double kLargest = 1 << 20;
    if (*values[0] != std::floor(*values[0]) || *values[0] < 1 || *values[0] > kLargest ||
        *values[1] != std::floor(*values[1]) || *values[1] < 1 || *values[1] > kLargest)
      return problem("lanes and depth must be integers 1..1048576");
    row.lanes = static_cast<int>(*values[0]);
    row.depth = static_cast<int>(*values[1]);
    row.cells = *values[2];
    row.flops = values[3];
    row.levels = values[4];
    if (!seen.insert({row.lanes, row.depth}).second)
      return problem("a second row for lanes " + std::to_string(row.lanes) + ", depth " +
                     std::to_string(row.depth));
    rows.push_back(row);
  }
  if (columns.empty()) return source + ": no column line (lanes,depth,cells,...)";
  if (rows.empty()) return source + ": no rows";
  return rows;
}

double AreaFit::predict(double lanes, double depth) const {
  const auto x = regressors(lanes, depth);
  double s = 0;
  for (int i = 0; i < 4; ++i) s += coefficients[i] * x[i];
  return s;
}

std::optional<AreaFit> fit_area(const std::vector<AreaRow>& rows) {
  std::array<std::array<double, 4>, 4> normal{};
  std::array<double, 4> moment{};
  for (const AreaRow& r : rows) {
    const auto x = regressors(r.lanes, r.depth);
    for (int i = 0; i < 4; ++i) {
      for (int j = 0; j < 4; ++j) normal[i][j] += x[i] * x[j];
      moment[i] += x[i] * r.cells;
    }
  }
  const auto solution = solve(normal, moment);
  if (!solution) return std::nullopt;
  return AreaFit{*solution};
}

FitError fit_error(const AreaFit& fit, const std::vector<AreaRow>& rows) {
  FitError e;
  double squares = 0;
  for (const AreaRow& r : rows) {
    const double relative = std::fabs(fit.predict(r.lanes, r.depth) - r.cells) / r.cells;
    e.max_relative = std::max(e.max_relative, relative);
    squares += relative * relative;
  }
  if (!rows.empty()) e.rms_relative = std::sqrt(squares / rows.size());
  return e;
}

std::optional<FitError> leave_one_out_error(const std::vector<AreaRow>& rows) {
  FitError e;
  double squares = 0;
  for (std::size_t left_out = 0; left_out < rows.size(); ++left_out) {
    std::vector<AreaRow> others = rows;
    others.erase(others.begin() + static_cast<std::ptrdiff_t>(left_out));
    const auto fit = fit_area(others);
    if (!fit) return std::nullopt;
    const AreaRow& r = rows[left_out];
    const double relative = std::fabs(fit->predict(r.lanes, r.depth) - r.cells) / r.cells;
    e.max_relative = std::max(e.max_relative, relative);
    squares += relative * relative;
  }
  if (!rows.empty()) e.rms_relative = std::sqrt(squares / rows.size());
  return e;
}

const char* area_source_name(AreaSource source) {
  return source == AreaSource::Measured ? "measured" : "estimated";
}

AreaModel::AreaModel(std::vector<AreaRow> rows) : rows_(std::move(rows)) {
  const auto fit = fit_area(rows_);
  if (!fit)
    throw std::invalid_argument(
        "the area table does not determine the area model (it needs rows at two lane counts "
        "and two depths, four rows at least, not all at one lane count but one)");
  fit_ = *fit;
  error_ = fit_error(fit_, rows_);
  leave_one_out_ = leave_one_out_error(rows_);
}

const AreaRow* AreaModel::row(int lanes, int depth) const {
  for (const AreaRow& r : rows_)
    if (r.lanes == lanes && r.depth == depth) return &r;
  return nullptr;
}

AreaFigure AreaModel::area(const sc::PipelineConfig& config) const {
  const int depth = config.max_latency();
  const AreaRow* measured = row(config.lanes, depth);
  const bool uniform = std::all_of(config.latency.begin(), config.latency.end(),
                                   [depth](int l) { return l == depth; });
  const bool rtl_shape = uniform && config.initiation_interval == 1 && config.issue_width == 1 &&
                         config.output_queue == 0;
  AreaFigure figure;
  if (rtl_shape && measured) {
    figure.cells = measured->cells;
    figure.source = AreaSource::Measured;
    figure.levels = measured->levels;
    figure.basis = "table";
    return figure;
  }
  figure.source = AreaSource::Estimated;
  const std::string line = "lanes " + std::to_string(config.lanes) + ", depth " +
                           std::to_string(depth);
  double cells = 0;
  if (measured) {
    cells = measured->cells;
    figure.basis = "table(" + line + ")";
  } else {
    cells = fit_.predict(config.lanes, depth);
    figure.basis = "fit(" + line + ")";
  }
  if (config.issue_width > 1) {
    cells *= config.issue_width;
    figure.basis += " x " + std::to_string(config.issue_width) + " issue slots";
  }
  if (config.output_queue > 0) {
    // One entry costs what one more stage costs in the fit: c*lanes + d.
    const double stage = fit_.coefficients[2] * config.lanes + fit_.coefficients[3];
    cells += config.output_queue * stage;
    figure.basis += " + " + std::to_string(config.output_queue) + " queue entries";
  }
  figure.cells = cells;
  return figure;
}

}  // namespace halfpipe::dse
