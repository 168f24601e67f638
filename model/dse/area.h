// Area of a pipeline configuration, in Yosys generic cells: measured where the RTL has the
// configuration (data/area-table.csv, which `rtl/area.sh --table` regenerates), estimated from a
// model fitted to the measured points everywhere else. README.md beside this file documents the
// model, its assumptions and its fit error.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "model/sc/config.h"

namespace halfpipe::dse {

// One row of the area table: hp_alu synthesised at Lanes x Depth.
struct AreaRow {
  int lanes = 0;
  int depth = 0;
  double cells = 0;
  std::optional<double> flops;
  // Logic levels of the deepest stage: the frequency axis. The pipelining issue adds the
  // column (levels_max); until then it is absent.
  std::optional<double> levels;
};

// Parses the table's text: '#' comment lines, a column line naming at least lanes, depth and
// cells (found by name; flops and levels_max are read when present, other columns ignored), then
// one row per configuration. The rows, or the problem naming `source`, the line and what is
// wrong.
std::variant<std::vector<AreaRow>, std::string> parse_area_table(const std::string& text,
                                                                 const std::string& source);

// The table compiled into halfpipe from data/area-table.csv when CMake configured the build.
const std::string& built_in_area_table();
inline constexpr const char* kBuiltInAreaTableName = "data/area-table.csv (built in)";

// cells = a + b*lanes + c*lanes*depth + d*depth: a fixed part (control, decode), a per-lane
// datapath, a per-lane pipeline register per stage, and the shared per-stage control.
struct AreaFit {
  std::array<double, 4> coefficients{};  // a, b, c, d
  double predict(double lanes, double depth) const;
};

struct FitError {
  double max_relative = 0;  // max over the measured points of |predicted - measured| / measured
  double rms_relative = 0;  // root mean square of the same
};

// Least squares over the rows. nullopt when the rows do not determine the four coefficients
// (fewer than two lane counts or two depths, or fewer than four rows).
std::optional<AreaFit> fit_area(const std::vector<AreaRow>& rows);
// The fit's error on the rows it was fitted to.
FitError fit_error(const AreaFit& fit, const std::vector<AreaRow>& rows);
// Leave-one-out: each row predicted by the fit to the other rows; nullopt when some subset
// cannot be fitted.
std::optional<FitError> leave_one_out_error(const std::vector<AreaRow>& rows);

enum class AreaSource { Measured, Estimated };
const char* area_source_name(AreaSource source);  // "measured", "estimated"

struct AreaFigure {
  double cells = 0;
  AreaSource source = AreaSource::Estimated;
  std::optional<double> levels;  // from the table, for a measured configuration
  std::string basis;             // how an estimate was made, e.g. "fit(lanes 16, depth 4) x 2 issue slots"
};

// The area of every configuration a sweep visits.
class AreaModel {
 public:
  // Throws std::invalid_argument when the rows cannot be fitted (fit_area's nullopt).
  explicit AreaModel(std::vector<AreaRow> rows);

  // Measured when the configuration is the RTL's (sc::rtl_configuration(lanes, depth), every
  // family `depth` cycles, II 1, issue width 1, no queue) and the table has that row. Otherwise
  // estimated: the single-issue line of max_latency() stages at `lanes` (the table's row when it
  // has one, else the fit), times the issue width (each issue slot a full copy of the
  // datapath), plus one fitted stage per output-queue entry (an entry holds a result word per
  // lane and its tag, as a stage's register does). II and per-family latencies below the
  // maximum change nothing: the estimate is of the II-1 unit, an upper bound.
  AreaFigure area(const sc::PipelineConfig& config) const;

  const std::vector<AreaRow>& rows() const { return rows_; }
  const AreaFit& fit() const { return fit_; }
  const FitError& error() const { return error_; }
  const std::optional<FitError>& leave_one_out() const { return leave_one_out_; }

 private:
  const AreaRow* row(int lanes, int depth) const;

  std::vector<AreaRow> rows_;
  AreaFit fit_;
  FitError error_;
  std::optional<FitError> leave_one_out_;
};

}  // namespace halfpipe::dse
