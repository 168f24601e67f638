// `halfpipe gen`: golden vectors from the reference (vectors/): corner crossings, seeded random
// operands and exhaustive ranges, sharded, in halfpipe's format or TestFloat's.
#include <fmt/format.h>

#include <charconv>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "model/isa/ptx.h"
#include "model/ref/execute.h"
#include "sim/commands.h"
#include "vectors/regression.h"
#include "vectors/testfloat.h"
#include "vectors/vector_file.h"

namespace {

using namespace halfpipe::vectors;

struct GenOptions {
  std::vector<std::string> forms;
  bool corner = false;
  uint64_t random_count = 0;
  bool exhaustive = false;
  std::string seed = "1";
  std::string shard = "1/1";
  std::string c_values;
  std::string format = "halfpipe";
  std::string output;
  std::string regression_dir;
};

// Decimal, or hex with 0x; nullopt otherwise.
std::optional<uint64_t> parse_number(const std::string& text) {
  const bool hex = text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X');
  const char* begin = text.data() + (hex ? 2 : 0);
  const char* end = text.data() + text.size();
  uint64_t v = 0;
  auto [ptr, ec] = std::from_chars(begin, end, v, hex ? 16 : 10);
  if (begin == end || ec != std::errc() || ptr != end) return std::nullopt;
  return v;
}

// Writes through a temporary file renamed into place, so a failed run leaves no partial file.
template <typename Write>
void write_output(const std::string& path, Write write) {
  if (path.empty() || path == "-") {
    write(std::cout);
    std::cout.flush();
    return;
  }
  const std::string temporary = path + ".partial";
  {
    std::ofstream out(temporary, std::ios::binary);
    if (!out) throw std::runtime_error(fmt::format("cannot write '{}'", temporary));
    try {
      write(out);
    } catch (...) {
      out.close();
      std::remove(temporary.c_str());
      throw;
    }
    if (!out.flush()) {
      std::remove(temporary.c_str());
      throw std::runtime_error(fmt::format("cannot write '{}'", temporary));
    }
  }
  if (std::rename(temporary.c_str(), path.c_str()) != 0)
    throw std::runtime_error(fmt::format("cannot rename '{}' to '{}'", temporary, path));
}

// The checked-in regression sets (vectors/regression.h) written under DIR. Forms the reference
// cannot evaluate yet are listed and skipped; they appear once it can.
int write_regression_sets(const GenOptions& o) {
  std::vector<std::string> skipped;
  const auto files = regression_files(skipped);
  for (const auto& why : skipped) std::cerr << fmt::format("halfpipe gen: skipped {}\n", why);
  for (const auto& file : files) {
    const std::filesystem::path path = std::filesystem::path(o.regression_dir) / file.path;
    std::filesystem::create_directories(path.parent_path());
    write_output(path.string(), [&](std::ostream& out) { write_vector_file(out, file.request); });
  }
  std::cerr << fmt::format("halfpipe gen: wrote {} files to {}\n", files.size(), o.regression_dir);
  return 0;
}

int run_gen(const GenOptions& o) {
  if (!o.regression_dir.empty()) return write_regression_sets(o);
  if (o.forms.empty()) throw std::invalid_argument("no FORM given");
  GenerationRequest request;
  request.forms = o.forms;
  request.random_count = o.random_count;
  request.exhaustive = o.exhaustive;
  request.corner = o.corner || (!o.exhaustive && o.random_count == 0);  // corners by default
  const auto seed = parse_number(o.seed);
  if (!seed) throw std::invalid_argument(fmt::format("--seed '{}' is not a number", o.seed));
  request.seed = *seed;
  std::string error;
  const auto shard = parse_shard(o.shard, error);
  if (!shard) throw std::invalid_argument("--shard: " + error);
  request.shard = *shard;
  if (!o.c_values.empty()) {
    std::stringstream list(o.c_values);
    for (std::string item; std::getline(list, item, ',');) {
      const auto v = parse_number(item);
      if (!v || *v > 0xFFFF)
        throw std::invalid_argument(fmt::format("--c: '{}' is not a 16-bit value", item));
      request.exhaustive_c_values.push_back(static_cast<uint16_t>(*v));
    }
  }
  if (o.format == "testfloat") {
    write_output(o.output, [&](std::ostream& out) { write_testfloat_file(out, request); });
  } else {
    write_output(o.output, [&](std::ostream& out) { write_vector_file(out, request); });
  }
  return 0;
}

void add_gen_command(CLI::App& app) {
  auto options = std::make_shared<GenOptions>();
  CLI::App* gen = app.add_subcommand(
      "gen", "write golden vectors (FORM A [B [C]] EXPECTED) computed by the reference");
  gen->add_option("FORM", options->forms, "PTX forms, e.g. add.rn.f16 fma.rn.relu.bf16x2");
  gen->add_flag("--corner", options->corner,
                "corner classes crossed, plus constructed ties, ftz and overflow boundaries "
                "(the default when no stream is chosen)");
  gen->add_option("--random", options->random_count,
                  "N seeded random vectors: uniform bits mixed with class-weighted values");
  gen->add_flag("--exhaustive", options->exhaustive,
                "every operand combination of a lane (fma: with each --c value)");
  gen->add_option("--seed", options->seed, "seed of --random (decimal or 0x hex; default 1)");
  gen->add_option("--shard", options->shard, "K/N: the K-th of N equal slices of each stream");
  gen->add_option("--c", options->c_values,
                  "comma-separated c values for fma --exhaustive (default: all 65536)");
  gen->add_option("--format", options->format, "halfpipe (default) or testfloat")
      ->check(CLI::IsMember({"halfpipe", "testfloat"}));
  gen->add_option("-o,--output", options->output, "output file (default: standard output)");
  gen->add_option("--regression", options->regression_dir,
                  "write the regression sets (vectors/FORMAT.md) under DIR");
  gen->callback([options] {
    int status;
    try {
      status = run_gen(*options);
    } catch (const std::exception& e) {
      std::cerr << "halfpipe gen: " << e.what() << '\n';
      status = 1;
    }
    if (status != 0) throw CLI::RuntimeError(status);
  });
}

}  // namespace

HALFPIPE_COMMAND(gen, add_gen_command);
