// What a sweep writes: CSV and JSON rows (one per point and workload, README.md beside this file
// documents their columns), an SVG chart of throughput against area with each workload's Pareto
// front, and the text summary `halfpipe explore --sweep` prints.
#pragma once

#include <nlohmann/json.hpp>

#include <ostream>
#include <string>

#include "model/dse/area.h"
#include "model/dse/sweep.h"

namespace halfpipe::dse {

// Where the area figures came from, for the outputs' headers.
struct AreaProvenance {
  std::string table;  // the table's name (a file, or kBuiltInAreaTableName)
  const AreaModel* model = nullptr;
};

void write_csv(std::ostream& out, const SweepResult& result);
// One row as write_json writes it: a single explore run's --json writes its runs so too.
nlohmann::json row_json(const SweepRow& row);
void write_json(std::ostream& out, const SweepResult& result, const std::string& spec,
                const AreaProvenance& area);
// A self-contained SVG: x area in cells, y lane results per cycle, one colour per workload,
// filled marks for measured areas and hollow ones for estimates, each workload's front joined.
void write_svg(std::ostream& out, const SweepResult& result, const std::string& title);
void print_summary(std::ostream& out, const SweepResult& result, const AreaProvenance& area);

// "cells = a + b*lanes + c*lanes*depth + d*depth" with the fitted numbers, and the fit error
// line: for the summary and README.
std::string describe_fit(const AreaModel& model);

}  // namespace halfpipe::dse
