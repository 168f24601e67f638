// `halfpipe check FILE...`: replays vector files (halfpipe's, or TestFloat's with --testfloat)
// through an execution backend and reports mismatches as the sweep does: the reference, or with
// --rtl the Verilated hp_alu (tb/rtl_backend.h), with --netlist its gate-level netlist. A
// mismatch on the RTL is reproduced by `check FILE --line N --rtl ... --wave STEM-N.fst`: that
// vector alone, with its waveform. `--line N -o OUT` cuts those vectors into a file of their own.
//
//   halfpipe check vectors/regression/corner.vec --rtl --lanes 4
//   halfpipe check bad.vec --line 700 --rtl --wave bad-700.fst
//   halfpipe check bad.vec --line 700 --line 702 -o two.vec
#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <iostream>
#include <memory>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "sim/commands.h"
#include "sim/exit_status.h"
#include "regress/output_file.h"
#include "tb/rtl_backend.h"
#include "tb/wave_view.h"
#include "vectors/check.h"
#include "vectors/testfloat.h"
#include "vectors/vector_file.h"

namespace {

using namespace halfpipe::vectors;
using halfpipe::cli::CheckOptions;
using halfpipe::cli::kUsageOrInputError;

struct InputError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The vectors on the lines `wanted` of one halfpipe vector file, in file order. Every wanted
// line must hold a vector: one past the file's end, or on a comment, header or blank line, is
// a ParseError naming the file and the line, as a malformed file is.
std::vector<VectorRecord> vectors_on_lines(std::istream& in, const std::string& file,
                                           const std::set<uint64_t>& wanted) {
  VectorReader reader(in, file);
  std::vector<VectorRecord> found;
  for (VectorRecord v; reader.next(v);)
    if (wanted.count(v.line)) found.push_back(v);
  for (const uint64_t line : wanted) {
    if (std::any_of(found.begin(), found.end(), [&](const VectorRecord& v) { return v.line == line; }))
      continue;
    if (line > reader.lines_read())
      throw ParseError(fmt::format("{}:{}: --line {} is past the file's end (it has {} lines)", file,
                                   line, line, reader.lines_read()));
    throw ParseError(fmt::format("{}:{}: --line {}: the line holds no vector (a comment, the header "
                                 "or a blank line)",
                                 file, line, line));
  }
  return found;
}

// The header lines of a vector file (its leading comments), for the provenance of a cut.
std::vector<std::string> header_of(const std::string& file) {
  std::vector<std::string> header;
  std::ifstream in(file, std::ios::binary);
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] != '#') break;
    header.push_back(line);
  }
  return header;
}

// A well-formed vector file of `vectors` (vectors/FORMAT.md): its own header and count, and the
// original's header kept as provenance.
void write_cut(std::ostream& out, const std::string& file, const std::vector<uint64_t>& lines,
               const std::vector<VectorRecord>& vectors) {
  out << "# halfpipe vectors, format 1 (vectors/FORMAT.md): FORM A [B [C]] EXPECTED, hex\n";
  std::string list;
  for (const uint64_t line : lines) list += fmt::format(" --line {}", line);
  out << fmt::format("# cut: halfpipe check {}{} -o ...: the vectors on those lines of {}\n", file,
                     list, file);
  for (const std::string& line : header_of(file)) {
    if (line.rfind("# vectors:", 0) == 0 || line.rfind("# halfpipe vectors,", 0) == 0) continue;
    out << "# from " << file << ": " << line.substr(std::min<size_t>(line.size(), 2)) << "\n";
  }
  out << fmt::format("# vectors: {}\n", vectors.size());
  for (const VectorRecord& v : vectors)
    out << format_vector_line(v.form, v.uop, v.operands, v.expected);
}

// Replays one file; returns false after reporting a malformed input.
template <typename Reader>
bool replay(Reader& reader, const std::string& file, Checker& checker) {
  // A block of records at a time (the reference evaluates each form's run in bulk); the records
  // read before a malformed line are checked before it is reported, as one by one.
  constexpr size_t kBlock = 4096;
  std::vector<VectorRecord> block(kBlock);
  size_t n = 0;
  try {
    while (reader.next(block[n])) {
      if (++n == kBlock) {
        checker.check_block(file, block, n);
        n = 0;
      }
    }
  } catch (const ParseError& e) {
    checker.check_block(file, block, n);
    std::cerr << e.what() << '\n';
    return false;
  }
  checker.check_block(file, block, n);
  return true;
}

int run_check(const CheckOptions& o) {
  const bool rtl = o.rtl || o.netlist || !o.dut.empty();
  if (o.netlist && !o.dut.empty()) throw InputError("--dut and --netlist name two units: give one");
  if (!o.lines.empty() && o.files.size() != 1)
    throw InputError("--line picks lines of one FILE; give exactly one");
  if (!o.lines.empty() && !o.testfloat_function.empty())
    throw InputError("--line cuts halfpipe vector files, not TestFloat's (--testfloat)");
  if (!o.output.empty() && o.lines.empty())
    throw InputError("-o writes the vectors --line picks; give --line N");
  if (!o.output.empty() && (rtl || !o.wave.empty()))
    throw InputError("-o cuts a file and runs nothing: drop --rtl, --netlist and --wave");
  if (!o.wave.empty() && !rtl) throw InputError("--wave records the RTL: give --rtl or --netlist");
  if (!o.wave.empty()) {
    try {
      halfpipe::tb::check_wave_paths(o.wave);
    } catch (const std::runtime_error& e) {
      throw InputError(fmt::format("--wave: {}", e.what()));
    }
  }
  std::optional<TestFloatFunction> function;
  if (!o.testfloat_function.empty()) {
    function = find_testfloat_function(o.testfloat_function);
    if (!function) {
      std::string known;
      for (const auto& f : testfloat_functions()) known += std::string(known.empty() ? "" : ", ") + f.name;
      throw InputError(fmt::format("unknown TestFloat function '{}' (known: {})",
                                   o.testfloat_function, known));
    }
  }
  const std::set<uint64_t> wanted(o.lines.begin(), o.lines.end());
  if (!o.output.empty()) {
    const std::string& file = o.files.front();
    std::ifstream stream;
    if (file != "-") {
      stream.open(file, std::ios::binary);
      if (!stream) throw InputError(fmt::format("cannot open '{}'", file));
    }
    const std::string name = file == "-" ? "<stdin>" : file;
    const auto vectors = vectors_on_lines(file == "-" ? std::cin : stream, name, wanted);
    halfpipe::cli::write_output(o.output, [&](std::ostream& out) {
      write_cut(out, name, std::vector<uint64_t>(wanted.begin(), wanted.end()), vectors);
    });
    std::cerr << fmt::format("halfpipe check: wrote {} vector{} of {} to {}\n", vectors.size(),
                             vectors.size() == 1 ? "" : "s", name, o.output);
    return halfpipe::cli::kPassed;
  }
  std::unique_ptr<Backend> backend;
  if (rtl) {
    // A configuration that was not Verilated (or no netlist): std::invalid_argument, exit 2.
    backend = halfpipe::tb::make_rtl_backend(o.lanes, 4, o.netlist, o.wave, o.dut, o.plusargs);
  } else {
    backend = make_reference_backend();
  }
  Checker checker(*backend, std::cout, function ? NanMatch::AnyNan : NanMatch::Exact,
                  o.max_reported);
  checker.replay_by_line(function ? std::string(" --testfloat ") + function->name : std::string());
  for (const auto& file : o.files) {
    std::ifstream stream;
    std::istream* in = &std::cin;
    if (file != "-") {
      stream.open(file, std::ios::binary);
      if (!stream) throw InputError(fmt::format("cannot open '{}'", file));
      in = &stream;
    }
    const std::string name = file == "-" ? "<stdin>" : file;
    bool ok;
    if (!wanted.empty()) {
      const auto vectors = vectors_on_lines(*in, name, wanted);
      checker.check_block(name, vectors, vectors.size());
      ok = true;
    } else if (function) {
      TestFloatReader reader(*in, name, *function);
      ok = replay(reader, name, checker);
    } else {
      VectorReader reader(*in, name);
      ok = replay(reader, name, checker);
    }
    if (!ok) return kUsageOrInputError;
  }
  if (const std::string note = checker.any_nan_note(); !note.empty()) std::cout << note << '\n';
  if (const std::string note = backend->finish(); !note.empty()) std::cout << note << '\n';
  std::cout << checker.summary() << '\n';
  return checker.ok() ? halfpipe::cli::kPassed : halfpipe::cli::kVerificationFailure;
}

constexpr const char* kCheckDescription =
    "replay vector files through the reference (or the RTL) and report mismatches";

int check_main(const std::vector<std::string>& args) {
  const auto parsed = halfpipe::cli::parse_check_options(args);
  if (!parsed.ok()) return halfpipe::cli::report_stop("check", parsed.text, parsed.status);
  try {
    return run_check(*parsed.options);
  } catch (const ParseError& e) {  // a malformed file, under --line
    std::cerr << e.what() << '\n';
  } catch (const InputError& e) {
    std::cerr << "halfpipe check: " << e.what() << '\n';
  } catch (const std::invalid_argument& e) {  // make_rtl_backend: no such configuration
    std::cerr << "halfpipe check: " << e.what() << '\n';
  } catch (const std::runtime_error& e) {  // -o or the waveform's files cannot be written
    std::cerr << "halfpipe check: " << e.what() << '\n';
  }
  return kUsageOrInputError;
}

}  // namespace

namespace halfpipe::cli {

Parsed<CheckOptions> parse_check_options(const std::vector<std::string>& args) {
  return parse_command<CheckOptions>("check", kCheckDescription, args, [](Vocabulary& v, CheckOptions& o) {
    v.files(o.files, "vector files ('-' for standard input)").required();
    v.testfloat(o.testfloat_function);
    v.max_errors(o.max_reported);
    v.rtl(o.rtl);
    v.netlist(o.netlist).description(option_spec("--netlist").help + " (implies --rtl)");
    v.dut(o.dut).description(option_spec("--dut").help + " (implies --rtl)");
    v.plusargs(o.plusargs);
    v.lanes(o.lanes).description(
        "with --rtl or --netlist: " + option_spec("--lanes").help +
        "; a vector uses lane 0, or lanes 0 and 1 for a packed form");
    v.lines(o.lines);
    v.output(o.output).description("with --line: write those vectors as a vector file of their own "
                                    "('-': standard output)");
    v.wave(o.wave);
  });
}

}  // namespace halfpipe::cli

HALFPIPE_COMMAND(check, "check", kCheckDescription, check_main);
