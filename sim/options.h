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

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model/isa/hex.h"
#include "sim/exit_status.h"
#include "vectors/stream.h"

// CLI11 is read by sim/options.cpp alone: a command sees the vocabulary, not the parser, so that
// one translation unit, not every command's, compiles CLI11's application.
namespace CLI {
class App;
class Option;
class Validator;
}  // namespace CLI

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
// vocabulary refuses, an unknown option, a missing value, a non-number (never CLI11's own
// statuses, 104 to 114).
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

// An option a command declared, for what the command says of it beyond the vocabulary: that it is
// required, or its own help text, shown default or value name.
class Declared {
 public:
  Declared(CLI::Option* option) : option_(option) {}  // NOLINT: each declaration returns one
  Declared& required();
  Declared& description(const std::string& help);
  Declared& default_str(const std::string& shown);
  Declared& type_name(const std::string& name);
  // Giving both is a usage error.
  Declared& excludes(const Declared& other);

 private:
  CLI::Option* option_;
};

// Adds the vocabulary's options to one command's CLI11 application.
class Vocabulary {
 public:
  explicit Vocabulary(CLI::App& app) : app_(app) {}

  // What to run.
  Declared forms(std::vector<std::string>& forms, const std::string& help);
  Declared files(std::vector<std::string>& files, const std::string& help);
  Declared all_ptx(bool& on);
  Declared all_visa(bool& on);
  Declared scalar_only(bool& on);
  Declared operand_count(int& count);
  Declared vector(std::vector<std::string>& instructions);
  Declared vector_file(std::string& path);
  // The streams.
  Declared corner(bool& on);
  Declared random(uint64_t& count);
  Declared exhaustive(bool& on);
  Declared seed(uint64_t& seed);
  Declared shard(vectors::Shard& shard);
  Declared c_values(std::vector<uint16_t>& values);
  // The unit and its traffic.
  Declared lanes(int& lanes);
  Declared depth(int& depth);
  Declared gaps(double& probability);
  Declared backpressure(double& probability);
  Declared threads(int& threads);
  Declared bare(bool& on);
  // Output.
  Declared output(std::string& path);
  // The PTX target.
  Declared target(std::string& target);
  Declared ptx(std::string& version);
  // Naming forms and Uop words.
  Declared words(std::vector<std::string>& words);
  Declared table(bool& on);
  Declared sv(bool& on);
  Declared ops(bool& on);
  Declared lines(std::vector<uint64_t>& numbers);

  // Options one command uses today, defined here so that later commands find them.
  Declared eval_operands(std::vector<std::string>& args);
  Declared batch(bool& on);
  Declared values(bool& on);
  Declared show(bool& on);
  Declared format(std::string& format);
  Declared regression(std::string& directory);
  Declared probe_semantics(bool& on);
  // The silicon campaign.
  Declared campaign(bool& on);
  Declared campaign_forms(std::vector<std::string>& forms);
  Declared seconds(uint64_t& seconds);
  Declared no_build(bool& on);
  Declared report(std::string& directory);
  Declared testfloat(std::string& function);
  Declared max_errors(uint64_t& count);
  Declared rtl(bool& on);
  Declared netlist(bool& on);
  Declared fail_on_empty(bool& on);
  Declared bare_cycles(uint64_t& cycles);
  Declared bare_operands(std::string& kind);
  Declared reset_at(int64_t& transaction);
  Declared reset_every(uint64_t& cycles);
  Declared soak(uint64_t& transactions);
  Declared wave(std::string& path);
  Declared progress_every(double& seconds);
  Declared quiet(bool& on);
  Declared log(std::string& path);
  Declared model_latency(std::vector<std::string>& settings);
  Declared inject_rtl_fault(int64_t& output);
  Declared quantum(uint64_t& cycles);
  Declared latency(std::vector<std::string>& settings);
  Declared initiation_interval(int& cycles);
  Declared issue_width(int& width);
  Declared queue(int& depth);
  Declared fill_lanes(bool& on);
  Declared svg_dir(std::string& directory);
  Declared sweep(std::string& spec);
  Declared sweep_csv(std::string& path);
  Declared sweep_json(std::string& path);
  Declared json(std::string& path);
  Declared sweep_svg(std::string& path);
  Declared area_table(std::string& path);
  Declared calibration(std::string& path);
  Declared predict(bool& on);
  // Cluster regressions: plan, merge, and the record of a job.
  Declared record(std::string& path);
  Declared job(std::string& id);
  Declared spec_line(std::string& line);
  Declared spec_file(std::string& path);
  Declared default_regression(bool& on);
  Declared job_minutes(double& minutes);
  Declared estimate(bool& on);
  Declared cores(std::vector<int>& counts);
  Declared halfpipe_binary(std::string& path);
  Declared write_spec(std::string& path);
  Declared plan_dir(std::string& directory);
  Declared resume(bool& on);
  Declared junit(std::string& path);
  Declared bins(bool& on);
  // Real workloads through explore.
  Declared ptx_file(std::vector<std::string>& paths);  // repeatable
  Declared kernel(std::string& name);
  Declared trace_file(std::string& path);
  Declared warps(int& count);
  Declared trip_count(int& count);
  Declared scheduler(std::string& policy);
  // RTL code coverage.
  Declared rtl_coverage(std::string& path);
  Declared job_coverage(bool& on);
  // A user's unit.
  Declared action(std::string& action, const std::string& help);
  Declared dut(std::string& directory);
  Declared top(std::string& module);
  Declared include_dirs(std::vector<std::string>& dirs);
  Declared parameters(std::vector<std::string>& settings);
  Declared nan(std::string& rule);
  Declared plusargs(std::string& words);
  Declared no_x_check(bool& on);
  Declared no_trace(bool& on);
  Declared coverage_build(bool& on);
  Declared verilator_args(std::vector<std::string>& args);
  Declared x_assign(std::string& mode);
  Declared x_initial(std::string& mode);

  // After parsing: an old spelling given together with its new name, if any.
  std::optional<ParseStop> mixed_spellings() const;

 private:
  CLI::Option* flag(const std::string& name, bool& on);
  template <typename T>
  CLI::Option* value(const std::string& name, T& target);
  template <typename T>
  CLI::Option* value(const std::string& name, T& target, const CLI::Validator& validator);
  template <typename T>
  CLI::Option* value_checked(const std::string& name, T& target, const CLI::Validator* validator);
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

// Builds the command's application, lets `declare` add its options, and parses `args` into them.
std::optional<ParseStop> parse_declared(const std::string& command, const std::string& description,
                                        const std::vector<std::string>& args,
                                        const std::function<void(Vocabulary&)>& declare);

template <typename Options, typename Declare>
Parsed<Options> parse_command(const std::string& command, const std::string& description,
                              const std::vector<std::string>& args, Declare declare) {
  Parsed<Options> parsed;
  Options options;
  auto stop = parse_declared(command, description, args,
                             [&](Vocabulary& vocabulary) { declare(vocabulary, options); });
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
