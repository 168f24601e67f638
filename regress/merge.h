// The records of a plan's jobs checked against the plan and summed (`halfpipe merge`,
// doc/cluster.md): missing jobs, duplicate records, records of another plan, version or RTL
// configuration, and records that cannot be read are each an error, and never counted as passed.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "regress/plan.h"
#include "regress/record.h"

namespace halfpipe::regress {

// One form's jobs, summed.
struct FormSummary {
  uint64_t jobs = 0, done = 0, passed = 0, failed = 0;
  double cpu_seconds = 0;
  std::map<std::string, uint64_t> bins;  // "lane bin" -> hits, every reachable bin of the form
  uint64_t coverage_vectors = 0;
  std::vector<record::Mismatch> mismatches;
  std::vector<std::string> problems;  // missing jobs, unreadable records
};

struct Merge {
  record::Plan plan;
  std::map<uint64_t, std::pair<std::string, record::Record>> done;  // job -> (file, record)
  std::vector<const record::PlannedJob*> missing;                   // into plan.jobs
  std::vector<std::string> errors;  // each record that could not be used, and why
  std::vector<std::string> order;   // the forms, in the plan's order
  std::map<std::string, FormSummary> forms;
  uint64_t passed = 0, failed = 0;

  Merge() = default;
  Merge(const Merge&) = delete;  // missing points into plan
  Merge(Merge&&) = default;
};

// Reads DIR/plan.json and every DIR/results/*.json. Throws InputError when the plan or the
// results directory cannot be read.
Merge merge_records(const std::string& dir);

// The RTL coverage the jobs wrote (plan --job-coverage: DIR/coverage/job-N.dat beside each
// record), summed point by point into `output` as `verilator_coverage --write` sums files. Only
// the files of jobs with a usable record count, so a rerun job is counted once; a file that
// cannot be read, or counts another build or RTL revision than the others (tb::CoverageCounts),
// is added to merge.errors and nothing is written (an earlier sum is removed). Returns the number
// of files summed (none written when 0) and their points. Throws InputError when `output` cannot
// be written.
struct CoverageSum {
  uint64_t files = 0, points = 0;
};
CoverageSum sum_job_coverage(Merge& merge, const std::string& dir, const std::string& output);

// JUnit XML: one testcase per form (a failure carries the reproduce commands, an incomplete form
// an error) and one per job (classname halfpipe.PLAN.jobs), so that a dashboard points at the
// failing job and its command line.
std::string junit_xml(const Merge& merge);

}  // namespace halfpipe::regress
