// The exit-status contract (sim/exit_status.h, README "Exit status"), run as users run the
// built binary: every command against every class of bad input that applies to it. Each row
// names the command line, the exit status the contract gives (2: a usage or input error; 1 in
// `eval --batch`, where a bad line is a line that failed) and what standard error must hold:
// FILE:LINE and the problem for a file's line, counted by hand in the fixtures below, or the
// option for an option's value.
#include <catch2/catch.hpp>

#include <cctype>
#include <string>
#include <vector>

#include "sim/commands.h"
#include "tests/cluster/temp_dir.h"
#include "tests/support/run_halfpipe.h"

namespace {

using halfpipe::test::Run;
using halfpipe::test::TempDir;

Run run(const std::string& args, const std::string& input = "") {
  return halfpipe::test::run_halfpipe(args, input, halfpipe::test::Stderr::Separate);
}

// `text` with every "{dir}" replaced by `dir`.
std::string in_dir(std::string text, const std::string& dir) {
  for (size_t at; (at = text.find("{dir}")) != std::string::npos;) text.replace(at, 5, dir);
  return text;
}

const std::string kNul(1, '\0');
const std::string kMegabyteLine(1 << 20, 'f');

// The fixtures: a good line first, so that the bad one is line 2 (unknown.* has a comment
// before the good line: line 3), and a reader that names line 1 for everything is caught.
void write_fixtures(const TempDir& d) {
  const std::string good = "add.f16 0x3c00 0x3c00 0x4000\n";  // 1 + 1 = 2
  d.write("good.vec", good);
  d.write("malformed.vec", good + "add.f16 3c00 zz 4000\n");
  d.write("unknown.vec", "# a header comment\n" + good + "madd.f16 0x1 0x2 0x3\n");
  d.write("illegal.vec", good + "add.ftz.bf16 0x3f80 0x3f80 0x4000\n");  // no .ftz for bf16 add
  d.write("width.vec", good + "min.f16 0x3c003c00 0x0 0x0\n");
  d.write("nul.vec", good + "add.f16 0x3c" + kNul + "00 0x3c00 0x4000\n");  // column 13
  d.write("huge.vec", good + kMegabyteLine + "\n");

  const std::string tf_good = "3C00 3C00 4000 00\n";  // f16_add: 1 + 1 = 2, no flags
  d.write("malformed.tf", tf_good + "3C00 3CZZ 4000 00\n");
  d.write("width.tf", tf_good + "3C00 13C00 4000 00\n");
  d.write("nul.tf", tf_good + "3C00 3C" + kNul + "00 4000 00\n");  // column 8
  d.write("huge.tf", tf_good + kMegabyteLine + "\n");

  const std::string spec_good = "add.rn.f16 corner\n";
  d.write("malformed.spec", spec_good + "add.rn.f16 sometimes\n");
  d.write("unknown.spec", "# the regression\n" + spec_good + "frob.f16 corner\n");
  d.write("illegal.spec", spec_good + "add.ftz.bf16 corner\n");
  d.write("width.spec", spec_good + "fma.rn.f16 exhaustive c=13c00\n");
  d.write("nul.spec", spec_good + "add.rn.f16 cor" + kNul + "ner\n");  // column 15
  d.write("huge.spec", spec_good + kMegabyteLine + "\n");

  std::filesystem::create_directories(d.path + "/corrupt-plan");
  d.write("corrupt-plan/plan.json", "{\n  \"schema\": \"halfpipe-plan\",\n  oops\n}\n");
  std::filesystem::create_directories(d.path + "/nul-plan");
  d.write("nul-plan/plan.json", "{\n  \"schema\":\n  \"halfpipe" + kNul + "-plan\"\n}\n");
}

struct Row {
  const char* input_class;
  std::string args;  // "{dir}": the fixtures' directory
  int status;
  std::string on_stderr;  // "{dir}" too
  std::string also_on_stderr = "";
};

void check_rows(const std::vector<Row>& rows) {
  TempDir dir;
  write_fixtures(dir);
  for (const Row& row : rows) {
    const std::string args = in_dir(row.args, dir.path);
    CAPTURE(row.input_class, args);
    const Run r = run(args);
    INFO("stderr: " << r.error.substr(0, 2000));
    CHECK(r.status == row.status);
    CHECK(r.error.find(in_dir(row.on_stderr, dir.path)) != std::string::npos);
    CHECK(r.error.find(in_dir(row.also_on_stderr, dir.path)) != std::string::npos);
    CHECK(r.error.size() < 4096);  // a megabyte line is not echoed back
  }
}

}  // namespace

TEST_CASE("bad input: a vector file's bad line is FILE:LINE on stderr and exit 2 in check, coverage and cosim",
          "[cli][exit-status]") {
  struct FileClass {
    const char* input_class;
    const char* file;
    const char* on_stderr;
  };
  const FileClass classes[] = {
      {"missing file", "no-such.vec", "{dir}/no-such.vec"},
      {"malformed line", "malformed.vec",
       "{dir}/malformed.vec:2: operand B of add.f16: 'zz' is not a hexadecimal number"},
      {"unknown form", "unknown.vec", "{dir}/unknown.vec:3: unknown form 'madd.f16'"},
      {"illegal form", "illegal.vec", "{dir}/illegal.vec:2: "},
      {"wrong width", "width.vec", "{dir}/width.vec:2: operand A of min.f16: '0x3c003c00' has 8 hex digits"},
      {"NUL byte", "nul.vec", "{dir}/nul.vec:2: byte 0x00 in column 13 is not text"},
      {"1 MB line", "huge.vec", "{dir}/huge.vec:2: line longer than 4096 characters"},
  };
  std::vector<Row> rows;
  for (const FileClass& c : classes) {
    const std::string file = std::string("{dir}/") + c.file;
    rows.push_back({c.input_class, "check " + file, 2, c.on_stderr});
    rows.push_back({c.input_class, "coverage " + file, 2, c.on_stderr});
    rows.push_back({c.input_class, "cosim --vector-file " + file, 2, c.on_stderr});
  }
  check_rows(rows);
}

TEST_CASE("bad input: a TestFloat file's bad line is FILE:LINE on stderr and exit 2 in check --testfloat",
          "[cli][exit-status]") {
  check_rows({
      {"missing file", "check --testfloat f16_add {dir}/no-such.tf", 2, "{dir}/no-such.tf"},
      {"malformed line", "check --testfloat f16_add {dir}/malformed.tf", 2, "{dir}/malformed.tf:2: "},
      {"wrong width", "check --testfloat f16_add {dir}/width.tf", 2, "{dir}/width.tf:2: "},
      {"NUL byte", "check --testfloat f16_add {dir}/nul.tf", 2,
       "{dir}/nul.tf:2: byte 0x00 in column 8 is not text"},
      {"1 MB line", "check --testfloat f16_add {dir}/huge.tf", 2,
       "{dir}/huge.tf:2: line longer than 4096 characters"},
      {"unknown function", "check --testfloat f16_div {dir}/malformed.tf", 2,
       "unknown TestFloat function 'f16_div'"},
  });
}

TEST_CASE("bad input: a SPEC's bad line is FILE:LINE on stderr and exit 2 in plan", "[cli][exit-status]") {
  const std::string out = " -o {dir}/plan-out";
  check_rows({
      {"missing file", "plan {dir}/no-such.spec" + out, 2, "{dir}/no-such.spec: cannot read the SPEC"},
      {"malformed line", "plan {dir}/malformed.spec" + out, 2,
       "{dir}/malformed.spec:2: unknown kind 'sometimes'"},
      {"unknown form", "plan {dir}/unknown.spec" + out, 2, "{dir}/unknown.spec:3: 'frob.f16': "},
      {"illegal form", "plan {dir}/illegal.spec" + out, 2, "{dir}/illegal.spec:2: 'add.ftz.bf16': "},
      {"wrong width", "plan {dir}/width.spec" + out, 2,
       "{dir}/width.spec:2: c '13c00' is not a 16-bit hex value"},
      {"NUL byte", "plan {dir}/nul.spec" + out, 2, "{dir}/nul.spec:2: byte 0x00 in column 15 is not text"},
      {"1 MB line", "plan {dir}/huge.spec" + out, 2, "{dir}/huge.spec:2: line longer than 4096 characters"},
  });
}

// merge's messages name the JSON file first ("FILE: ", which the record tests pin) and the line
// in the JSON parser's words.
TEST_CASE("bad input: a plan that cannot be read is named with the line of bad JSON, exit 2 in merge",
          "[cli][exit-status]") {
  check_rows({
      {"missing file", "merge {dir}/no-such-plan", 2, "{dir}/no-such-plan/plan.json: cannot read the plan"},
      {"malformed line", "merge {dir}/corrupt-plan", 2,
       "{dir}/corrupt-plan/plan.json: corrupt or truncated plan", "parse error at line 3"},
      {"NUL byte", "merge {dir}/nul-plan", 2, "{dir}/nul-plan/plan.json: corrupt or truncated plan",
       "parse error at line 3"},
  });
}

TEST_CASE("bad input: an instruction or form given on the command line is an input error, exit 2",
          "[cli][exit-status]") {
  check_rows({
      {"malformed line", "eval add.f16 3c00 zz", 2, "halfpipe eval: bad hex operand 'zz'"},
      {"unknown form", "eval frob.f16 1 2", 2, "halfpipe eval: unknown opcode 'frob'"},
      {"illegal form", "eval add.ftz.bf16 1 2", 2, "halfpipe eval: illegal modifier '.ftz' for 'add.bf16'"},
      {"wrong width", "eval add.f16 13c00 0", 2, "halfpipe eval: operand '13c00' is too wide"},
      {"unknown form", "gen frob.f16", 2, "halfpipe gen: "},
      {"illegal form", "gen add.ftz.bf16", 2, "halfpipe gen: unknown form 'add.ftz.bf16': "},
      {"unwritable output", "gen add.f16 -o {dir}/no-such-dir/x.vec", 2, "cannot write '{dir}/no-such-dir/x.vec"},
      {"unknown form", "sweep frob.f16 --corner", 2, "halfpipe sweep: 'frob.f16': "},
      {"illegal form", "sweep add.ftz.bf16 --corner", 2, "halfpipe sweep: 'add.ftz.bf16': "},
      {"wrong width", "sweep add.f16 --vector 13c00,0", 2, "'13c00' is not a 16-bit hex value"},
      {"unknown form", "cosim frob.f16 --corner", 2, "halfpipe cosim: 'frob.f16'"},
      {"illegal form", "cosim add.ftz.bf16 --corner", 2, "halfpipe cosim: 'add.ftz.bf16'"},
      {"unknown form", "explore frob.f16", 2, "halfpipe explore: form 'frob.f16'"},
      {"illegal form", "explore add.ftz.bf16", 2, "halfpipe explore: form 'add.ftz.bf16'"},
  });
}

TEST_CASE("bad input: eval --batch keeps its line contract, exit 1, the first failed line as <stdin>:LINE on stderr",
          "[cli][exit-status][batch]") {
  struct Case {
    const char* input_class;
    std::string line;
    std::string error;  // the line's output
  };
  const Case cases[] = {
      {"malformed line", "add.f16 3c00 zz", "error: bad hex operand 'zz'"},
      {"unknown form", "frob.f16 1 2", "error: unknown opcode 'frob'"},
      {"illegal form", "add.ftz.bf16 1 2", "error: illegal modifier '.ftz' for 'add.bf16'"},
      {"wrong width", "add.f16 13c00 0",
       "error: operand '13c00' is too wide: 'add.f16' takes at most 4 hex digits"},
      {"NUL byte", "add.f16 3c" + kNul + "00 3c00", "error: byte 0x00 in column 11 is not text"},
      {"1 MB line", kMegabyteLine, "error: line longer than 4096 characters"},
  };
  for (const Case& c : cases) {
    CAPTURE(c.input_class);
    // Line 2 is bad; the lines around it are evaluated as ever.
    const Run r = run("eval --batch", "add.f16 3c00 3c00\n" + c.line + "\nadd.f16 3c00 3c00\n");
    CHECK(r.output == "0x4000\n" + c.error + "\n0x4000\n");  // no file name on standard output
    CHECK(r.status == 1);
    CHECK(r.error == "halfpipe eval --batch: 1 of 3 lines failed; the first, <stdin>:2: " +
                         c.error.substr(std::string("error: ").size()) + "\n");
  }
}

TEST_CASE("bad input: every option value out of its range is a usage error, exit 2", "[cli][exit-status]") {
  check_rows({
      // Counts, seeds, shards.
      {"negative count", "gen add.f16 --random -1", 2, "--random"},
      {"count not a number", "gen add.f16 --random x", 2, "--random"},
      {"count too large", "gen add.f16 --random 18446744073709551616", 2, "--random"},
      {"missing value", "gen add.f16 --random", 2, "--random"},
      {"seed not a number", "gen add.f16 --seed x", 2, "--seed: 'x' is not a number"},
      {"negative seed", "sweep add.f16 --corner --seed -1", 2, "--seed"},
      {"shard K = 0", "gen add.f16 --shard 0/4", 2, "--shard: shard '0/4' needs 1 <= K <= N"},
      {"shard K > N", "sweep add.f16 --corner --shard 5/4", 2, "--shard: shard '5/4' needs 1 <= K <= N"},
      {"shard N = 0", "gen add.f16 --shard 1/0", 2, "--shard: shard '1/0' needs 1 <= K <= N"},
      {"shard not K/N", "gen add.f16 --shard 3", 2, "--shard: shard '3' is not K/N"},
      {"c too wide", "gen fma.rn.f16 --exhaustive --c 10000", 2, "--c: '10000' is not a 16-bit hex value"},
      {"unknown format", "gen add.f16 --format tar", 2, "--format"},
      {"negative count", "check {dir}/good.vec --max-errors -1", 2, "--max-errors"},
      {"missing value", "check {dir}/good.vec --max-errors", 2, "--max-errors"},
      {"negative count", "sweep --bare --bare-cycles -5 add.f16", 2, "--bare-cycles"},
      {"unknown operands", "sweep --bare --bare-operands noise add.f16", 2, "--bare-operands: noise not in {constant,random}"},
      {"negative count", "cosim add.f16 --random -1", 2, "--random"},
      {"operand count", "sweep --all-ptx --operands 4 --corner", 2, "--operands"},
      // Probabilities: [0, 1).
      {"probability 1", "sweep add.f16 --corner --gaps 1", 2, "--gaps: the gap probability must be in [0, 1)"},
      {"negative probability", "sweep add.f16 --corner --backpressure -0.1", 2,
       "--backpressure: the back-pressure probability must be in [0, 1)"},
      {"probability NaN", "cosim add.f16 --corner --gaps nan", 2, "--gaps"},
      {"probability 1", "explore --backpressure 1", 2, "--backpressure"},
      // Lanes, depth, threads: the sets the RTL was Verilated with, where the command runs it.
      {"lanes 0", "sweep add.f16 --corner --lanes 0", 2, "--lanes"},
      {"lanes not Verilated", "sweep add.f16 --corner --lanes 3", 2, "halfpipe sweep: "},
      {"depth not Verilated", "sweep add.f16 --corner --depth 5", 2, "halfpipe sweep: "},
      {"lanes not Verilated", "check --rtl --lanes 3 {dir}/good.vec", 2, "halfpipe check: "},
      {"lanes not Verilated", "cosim add.f16 --corner --lanes 3", 2, "Lanes=3"},
      {"threads 3", "sweep add.f16 --corner --threads 3", 2, "--threads"},
      {"threads 0", "sweep add.f16 --corner --threads 0", 2, "--threads"},
      // cosim's cycle numbers and quantum.
      {"quantum 0", "cosim add.f16 --corner --quantum 0", 2, "--quantum"},
      {"quantum above 2^20", "cosim add.f16 --corner --quantum 1048577", 2, "--quantum"},
      {"negative reset", "cosim add.f16 --corner --reset-at -1", 2, "--reset-at"},
      {"negative fault", "cosim add.f16 --corner --inject-rtl-fault -1", 2, "--inject-rtl-fault"},
      // explore's pipeline (model/sc/config.h bounds).
      {"lanes 0", "explore --lanes 0", 2, "--lanes"},
      {"interval 0", "explore --ii 0", 2, "initiation interval is 0"},
      {"issue width 0", "explore --issue-width 0", 2, "issue width is 0"},
      {"negative queue", "explore --queue -1", 2, "output queue depth is -1"},
      {"latency 0", "explore --latency arith=0", 2, "latency setting 'arith=0'"},
      {"no transactions", "explore --random 0", 2, "the transaction count is 0"},
      {"interval not a number", "explore --ii x", 2, "--ii"},
      // plan's job length and cores.
      {"job minutes 0", "plan --default --estimate --job-minutes 0", 2, "--job-minutes"},
      {"negative job minutes", "plan --default --estimate --job-minutes -1", 2, "--job-minutes"},
      {"job minutes NaN", "plan --default --estimate --job-minutes nan", 2, "--job-minutes"},
      {"job minutes infinite", "plan --default --estimate --job-minutes inf", 2, "--job-minutes"},
      {"cores 0", "plan --default --estimate --cores 0", 2, "--cores"},
      {"cores not a number", "plan --default --estimate --cores x", 2, "--cores"},
      {"lanes 0", "plan --default --estimate --lanes 0", 2, "--lanes"},
      // Missing values and arguments.
      {"missing value", "eval --target", 2, "--target"},
      {"missing value", "approx-report --svg-dir", 2, "--svg-dir"},
      {"missing value", "merge {dir} --junit", 2, "--junit"},
      {"missing argument", "check", 2, "FILE"},
      {"missing argument", "coverage", 2, "FILE"},
      {"missing argument", "merge", 2, "DIR"},
      {"missing argument", "eval", 2, "expected FORM A [B [C]]"},
      {"batch with a form", "eval --batch add.f16 1 1", 2, "--batch reads its lines from stdin"},
      {"malformed target", "eval add.f16 1 1 --target 90", 2, "bad target '90'"},
      {"unexpected argument", "demo extra", 2, "extra"},
      {"no command", "", 2, "A command is required"},
      {"unknown command", "frob", 2, "no command 'frob'"},
  });
}

TEST_CASE("bad input: a misspelt command or option gets a did-you-mean, a bad number the project's words",
          "[cli][exit-status]") {
  check_rows({
      {"command off by one key", "swep add.f16", 2, "halfpipe: no command 'swep'; did you mean 'sweep'?"},
      {"option with a doubled letter", "sweep add.f16 --corrner", 2,
       "The following argument was not expected: --corrner; did you mean --corner?"},
      {"option with two letters swapped", "gen add.f16 --radnom 5", 2, "did you mean --random?"},
      {"lanes not a number", "sweep add.f16 --corner --lanes two", 2, "--lanes: 'two' is not a whole number"},
      {"count not a number", "gen add.f16 --random two", 2, "--random: 'two' is not a whole number"},
      {"operand count out of its set", "sweep --all-ptx --operands 5 --corner", 2, "--operands: '5' is not in 1..3"},
      {"below the least", "cosim add.f16 --reset-every 5", 2, "--reset-every: '5' is less than 100"},
  });
  // A word that is no slip of any name gets no guess.
  const Run far = run("sweep add.f16 --xyzzy");
  CHECK(far.status == 2);
  CHECK(far.error.find("did you mean") == std::string::npos);
  const Run unknown = run("frobnicate");
  CHECK(unknown.error.find("did you mean") == std::string::npos);
}

TEST_CASE("bad input: every command refuses an unknown option with exit 2, and --help exits 0",
          "[cli][exit-status]") {
  const auto& commands = halfpipe::cli::command_registry();
  REQUIRE(commands.size() >= 11);
  for (const auto& command : commands) {
    CAPTURE(command.name);
    // A word before it, so that a command with a required FILE or DIR reports the option.
    const Run unknown = run(command.name + " x --no-such-option");
    CHECK(unknown.status == 2);
    CHECK(unknown.error.find("halfpipe " + command.name + ": ") != std::string::npos);
    CHECK(unknown.error.find("--no-such-option") != std::string::npos);
    const Run help = run(command.name + " --help");
    CHECK(help.status == 0);
    CHECK(help.error.empty());
    // Help in the project's words, without the parser's: no validator names after a value
    // (":COUNT", ":in [0, 1)", ":{a,b}"), no empty default "=[]", no 2^63 - 1.
    for (const char* noise : {":COUNT", ":in [", ":{", "=[]", "POSITIVE", "NONNEGATIVE",
                              "9223372036854775807", "Print this help"}) {
      CAPTURE(noise);
      CHECK(help.output.find(noise) == std::string::npos);
    }
    // Every description starts in lower case, as the options' do.
    CHECK(std::islower(static_cast<unsigned char>(command.description[0])));
  }
}
