// The one option vocabulary of `halfpipe`: every option of every command is defined here once,
// with its spelling, its old spellings, the value it takes, its help text and its validation.
// A command declares which options it uses by calling the Vocabulary's functions on the fields
// of its own options struct; the field's initial value is that command's default (commands keep
// their defaults; only the names are shared).
//
//   Parsed<SweepOptions> parse_sweep_options(const std::vector<std::string>& args) {
//     return parse_command<SweepOptions>("sweep", "...", args, [](Vocabulary& v, SweepOptions& o) {
//       v.forms(o.forms, "...");
//       v.random(o.random);
//       v.gaps(o.gaps);
//       ...
//     });
//   }
//
// Old spellings (--gap, --count, --stall, --all, --visa, --vectors) are accepted as hidden
// aliases: they do what the new name does, are not listed by --help, and giving one together
// with its new name is a usage error.
#pragma once

#include <CLI/CLI.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model/isa/hex.h"
#include "sim/exit_status.h"
#include "vectors/stream.h"

namespace halfpipe::cli {

// One option of the vocabulary.
struct OptionSpec {
  std::string name;                  // e.g. "--gaps"; "FORM" for the forms
  std::vector<std::string> aliases;  // old spellings, accepted and hidden, e.g. "--gap"
  std::string value;                 // what it takes, e.g. "P"; empty for a flag
  std::string help;
};

// Every option, in the order README's vocabulary table lists them.
const std::vector<OptionSpec>& vocabulary();
// The option spelled `name` (or with `name` among its aliases); throws if there is none.
const OptionSpec& option_spec(const std::string& name);

// What parsing a command's arguments gave: its options, or why it stopped. `status` kPassed with
// no options is --help (`text` is the help, for standard output); otherwise `text` is the problem
// and `status` kUsageOrInputError (sim/exit_status.h), whatever the problem: a value the
// vocabulary refuses, an unknown option, a missing value, a non-number. (CLI11's own statuses,
// 104 to 114, were the exit statuses until the contract of sim/exit_status.h.)
template <typename Options>
struct Parsed {
  std::optional<Options> options;
  std::string text;
  int status = kPassed;
  bool ok() const { return options.has_value(); }
};

// `text` with each control byte (below 0x20, and 0x7F) written as \xNN: what an error message
// quotes of an argument, so that the message stays one line on the terminal whatever was typed.
std::string printable(std::string_view text);

// Why parsing stopped: --help (status 0, the help text) or a usage error.
struct ParseStop {
  std::string text;
  int status;
};

// Adds the vocabulary's options to one command's CLI11 application.
class Vocabulary {
 public:
  explicit Vocabulary(CLI::App& app) : app_(app) {}

  // What to run.
  CLI::Option* forms(std::vector<std::string>& forms, const std::string& help);
  CLI::Option* files(std::vector<std::string>& files, const std::string& help);
  CLI::Option* all_ptx(bool& on);
  CLI::Option* all_visa(bool& on);
  CLI::Option* scalar_only(bool& on);
  CLI::Option* operand_count(int& count);
  CLI::Option* vector(std::vector<std::string>& instructions);
  CLI::Option* vector_file(std::string& path);
  // The streams.
  CLI::Option* corner(bool& on);
  CLI::Option* random(uint64_t& count);
  CLI::Option* exhaustive(bool& on);
  CLI::Option* seed(uint64_t& seed);
  CLI::Option* shard(vectors::Shard& shard);
  CLI::Option* c_values(std::vector<uint16_t>& values);
  // The unit and its traffic.
  CLI::Option* lanes(int& lanes);
  CLI::Option* depth(int& depth);
  CLI::Option* gaps(double& probability);
  CLI::Option* backpressure(double& probability);
  CLI::Option* threads(int& threads);
  CLI::Option* bare(bool& on);
  // Output.
  CLI::Option* output(std::string& path);
  // The PTX target.
  CLI::Option* target(std::string& target);
  CLI::Option* ptx(std::string& version);
  // Naming forms and Uop words.
  CLI::Option* words(std::vector<std::string>& words);
  CLI::Option* table(bool& on);
  CLI::Option* sv(bool& on);
  CLI::Option* lines(std::vector<uint64_t>& numbers);

  // Options one command uses today, defined here so that later commands find them.
  CLI::Option* eval_operands(std::vector<std::string>& args);
  CLI::Option* batch(bool& on);
  CLI::Option* values(bool& on);
  CLI::Option* show(bool& on);
  CLI::Option* format(std::string& format);
  CLI::Option* regression(std::string& directory);
  CLI::Option* probe_semantics(bool& on);
  // The silicon campaign.
  CLI::Option* campaign(bool& on);
  CLI::Option* campaign_forms(std::vector<std::string>& forms);
  CLI::Option* seconds(uint64_t& seconds);
  CLI::Option* no_build(bool& on);
  CLI::Option* report(std::string& directory);
  CLI::Option* testfloat(std::string& function);
  CLI::Option* max_errors(uint64_t& count);
  CLI::Option* rtl(bool& on);
  CLI::Option* netlist(bool& on);
  CLI::Option* fail_on_empty(bool& on);
  CLI::Option* bare_cycles(uint64_t& cycles);
  CLI::Option* reset_at(int64_t& transaction);
  CLI::Option* reset_every(uint64_t& cycles);
  CLI::Option* soak(uint64_t& transactions);
  CLI::Option* wave(std::string& path);
  CLI::Option* progress_every(double& seconds);
  CLI::Option* quiet(bool& on);
  CLI::Option* log(std::string& path);
  CLI::Option* model_latency(std::vector<std::string>& settings);
  CLI::Option* inject_rtl_fault(int64_t& output);
  CLI::Option* quantum(uint64_t& cycles);
  CLI::Option* latency(std::vector<std::string>& settings);
  CLI::Option* initiation_interval(int& cycles);
  CLI::Option* issue_width(int& width);
  CLI::Option* queue(int& depth);
  CLI::Option* fill_lanes(bool& on);
  CLI::Option* svg_dir(std::string& directory);
  CLI::Option* sweep(std::string& spec);
  CLI::Option* sweep_csv(std::string& path);
  CLI::Option* sweep_json(std::string& path);
  CLI::Option* json(std::string& path);
  CLI::Option* sweep_svg(std::string& path);
  CLI::Option* area_table(std::string& path);
  // Cluster regressions: plan, merge, and the record of a job.
  CLI::Option* record(std::string& path);
  CLI::Option* job(std::string& id);
  CLI::Option* spec_line(std::string& line);
  CLI::Option* spec_file(std::string& path);
  CLI::Option* default_regression(bool& on);
  CLI::Option* job_minutes(double& minutes);
  CLI::Option* estimate(bool& on);
  CLI::Option* cores(std::vector<int>& counts);
  CLI::Option* halfpipe_binary(std::string& path);
  CLI::Option* write_spec(std::string& path);
  CLI::Option* plan_dir(std::string& directory);
  CLI::Option* resume(bool& on);
  CLI::Option* junit(std::string& path);
  CLI::Option* bins(bool& on);
  // Real workloads through explore.
  CLI::Option* ptx_file(std::vector<std::string>& paths);  // repeatable
  CLI::Option* kernel(std::string& name);
  CLI::Option* trace_file(std::string& path);
  CLI::Option* warps(int& count);
  CLI::Option* trip_count(int& count);
  CLI::Option* scheduler(std::string& policy);
  // RTL code coverage.
  CLI::Option* rtl_coverage(std::string& path);
  CLI::Option* job_coverage(bool& on);
  // A user's unit.
  CLI::Option* action(std::string& action, const std::string& help);
  CLI::Option* dut(std::string& directory);
  CLI::Option* top(std::string& module);
  CLI::Option* include_dirs(std::vector<std::string>& dirs);
  CLI::Option* parameters(std::vector<std::string>& settings);
  CLI::Option* nan(std::string& rule);
  CLI::Option* plusargs(std::string& words);
  CLI::Option* no_x_check(bool& on);
  CLI::Option* no_trace(bool& on);
  CLI::Option* coverage_build(bool& on);
  CLI::Option* verilator_args(std::vector<std::string>& args);

  // After parsing: an old spelling given together with its new name, if any.
  std::optional<ParseStop> mixed_spellings() const;

 private:
  CLI::Option* flag(const std::string& name, bool& on);
  template <typename T>
  CLI::Option* value(const std::string& name, T& target,
                     std::optional<CLI::Validator> validator = std::nullopt);
  CLI::Option* parsed(const std::string& name, const std::string& shown_default,
                      std::function<void(const std::string& spelling, const std::string& text)> set);
  void add_stall_alias();
  // An old spelling may not be given together with the name that replaced it.
  void one_spelling(CLI::Option* old_spelling, const std::string& name,
                    std::vector<CLI::Option*> new_names);

  struct OldSpelling {
    CLI::Option* option;
    std::string name;
    std::vector<CLI::Option*> new_names;
  };
  std::vector<OldSpelling> old_spellings_;

  CLI::App& app_;
  double* gaps_ = nullptr;          // --stall sets both, once both are declared
  double* backpressure_ = nullptr;
  CLI::Option* gaps_option_ = nullptr;
  CLI::Option* backpressure_option_ = nullptr;
};

// The name among `names` that `word` most likely misspells (a key or two off), or empty.
std::string closest_name(const std::string& word, const std::vector<std::string>& names);

// Parses `args` (the words after the command's name) into options. Never exits, never prints;
// an unknown option's message suggests the closest one.
std::optional<ParseStop> parse_into(CLI::App& app, const std::vector<std::string>& args);

template <typename Options, typename Declare>
Parsed<Options> parse_command(const std::string& command, const std::string& description,
                              const std::vector<std::string>& args, Declare declare) {
  Parsed<Options> parsed;
  Options options;
  CLI::App app{description, "halfpipe " + command};
  app.set_help_flag("-h,--help", "print this help and exit");
  Vocabulary vocabulary(app);
  declare(vocabulary, options);
  auto stop = parse_into(app, args);
  if (!stop) stop = vocabulary.mixed_spellings();
  if (stop) {
    parsed.text = std::move(stop->text);
    parsed.status = stop->status;
    return parsed;
  }
  parsed.options = std::move(options);
  return parsed;
}

// The command's end of a failed or --help parse: the help on standard output, or
// "halfpipe COMMAND: problem" on standard error; returns the exit status.
int report_stop(const std::string& command, const std::string& text, int status);

// "1234" or "0x4d2" (model/isa/hex.h).
using isa::parse_decimal_or_hex;

}  // namespace halfpipe::cli
