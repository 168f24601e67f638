// `halfpipe silicon` and `gen --probe-semantics` on the shared vocabulary: silicon's --target is
// eval's (one entry, one meaning), -o names the program's directory, and the probes are a flag of
// gen that takes no FORM.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "sim/commands.h"

using namespace halfpipe::cli;

TEST_CASE("silicon: FILE..., -o DIR and eval's --target", "[cli][silicon]") {
  const auto parsed =
      parse_silicon_options({"a.vec", "b.vec", "-o", "program", "--target", "sm_90"});
  INFO(parsed.text);
  REQUIRE(parsed.ok());
  CHECK(parsed.options->files == std::vector<std::string>{"a.vec", "b.vec"});
  CHECK(parsed.options->output == "program");
  CHECK(parsed.options->target == "sm_90");
  // The default target: none given (the forms' highest minimum, chosen when the files are read).
  CHECK(parse_silicon_options({"a.vec", "-o", "d"}).options->target.empty());
  // The same vocabulary entry as eval's: the same help text.
  const auto help = parse_silicon_options({"--help"});
  CHECK(help.status == 0);
  CHECK(help.text.find(option_spec("--target").help) != std::string::npos);
  CHECK(parse_eval_options({"--help"}).text.find(option_spec("--target").help) != std::string::npos);
}

TEST_CASE("gen --probe-semantics is a flag of gen", "[cli][silicon]") {
  const auto parsed = parse_gen_options({"--probe-semantics", "-o", "probes.vec"});
  REQUIRE(parsed.ok());
  CHECK(parsed.options->probe_semantics);
  CHECK_FALSE(parse_gen_options({}).options->probe_semantics);
}
