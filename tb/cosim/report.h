// What the co-simulation tells its user: mismatches and cycle deviations as they happen, the
// transaction log (Settings::log_path), the summary (a table per form, the coverage line, the
// seed and the closing line "N passed, N failed") and the bare baseline's one line.
#pragma once

#include <fstream>
#include <iosfwd>
#include <string>

#include "tb/cosim/types.h"
#include "tb/scoreboard.h"

namespace halfpipe::tb::cosim {

// Hears every mismatch and every finished transaction from the scoreboard: prints the first
// Settings::max_reports of them, keeps the table per form in the Report and writes the log.
class ReportWriter {
 public:
  // Opens the log when Settings::log_path is set; throws std::runtime_error when it cannot.
  ReportWriter(const Stimulus& stimulus, const Settings& settings, std::ostream& out,
               Report& report);

  void mismatch(const Mismatch& m);
  void outcome(const Outcome& o);
  // A comment line in the log (the reset, ...).
  void note(const std::string& line);
  // Mismatches and deviations beyond Settings::max_reports, counted and not printed.
  int unprinted() const;

 private:
  bool print() { return reports_++ < settings_.max_reports; }

  const Stimulus& stimulus_;
  const Settings& settings_;
  std::ostream& out_;
  Report& report_;
  std::ofstream log_file_;
  std::ostream* log_ = nullptr;  // the log file, or the report's stream for `--log -`
  int reports_ = 0;
};

// The summary of a co-simulation `report` (the error, if any, first).
void print_summary(const Stimulus& stimulus, const Settings& settings, const Report& report,
                   int unprinted, std::ostream& out);

// The bare baseline's line (rate, cycles), the error if any and "N passed, N failed".
void print_bare_summary(const Settings& settings, const Report& report, std::ostream& out);

}  // namespace halfpipe::tb::cosim
