// halfpipe plan: the SPEC grammar, its errors (file and line, exit 2), the jobs it cuts and the
// scripts it writes.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <fstream>
#include <sstream>
#include <string>

#include "tests/cluster/temp_dir.h"
#include "tests/support/run_halfpipe.h"

namespace {

using halfpipe::test::run_halfpipe;

using halfpipe::test::TempDir;

size_t count_lines(const std::string& text, const std::string& prefix = "") {
  std::istringstream in(text);
  size_t n = 0;
  for (std::string line; std::getline(in, line);) n += line.rfind(prefix, 0) == 0;
  return n;
}

// Plans `spec` (a one-line SPEC file) and returns the run.
halfpipe::test::Run plan_line(const TempDir& dir, const std::string& spec) {
  const std::string file = dir.write("bad.spec", "# a comment line\nadd.rn.f16 corner\n" + spec + "\n");
  return run_halfpipe("plan '" + file + "' -o '" + dir.path + "/out'");
}

}  // namespace

TEST_CASE("plan: a malformed SPEC line is refused naming the file and the line, exit 2") {
  TempDir dir;
  const std::string file = dir.path + "/bad.spec:3: ";
  struct Case {
    std::string line, message;
  };
  const Case cases[] = {
      {"add.rn.f16 sometimes", "unknown kind 'sometimes' (exhaustive, corner or random N)"},
      {"add.rn.f16", "no kind after 'add.rn.f16'"},
      {"add.rn.f16 random", "'random' takes a count of instructions"},
      {"add.rn.f16 random many", "'random' takes a count of instructions"},
      {"add.rn.f16 corner seed=x", "seed 'x' is not a number"},
      {"add.rn.f16 corner colour=red", "unknown option 'colour'"},
      {"add.rn.f16 corner lanes=3", "lanes=3 depth=4 is not a Verilated configuration"},
      {"add.rn.q16 corner", "'add.rn.q16': "},
      {"'MAX (16) hf corner", "unterminated ' quote"},
      {"'MAX (16) hf' exhaustive", "'MAX (16, M1) hf': vISA forms have no exhaustive stream"},
      {"fma.rn.f16 exhaustive", "fma exhaustive needs c=HEX"},
      {"add.rn.f16 exhaustive c=3c00", "c= fixes fma's third operand"},
      {"fma.rn.f16 exhaustive c=xyz", "c 'xyz' is not a 16-bit hex value"},
  };
  for (const auto& c : cases) {
    INFO(c.line);
    const auto r = plan_line(dir, c.line);
    CHECK(r.status == 2);
    CHECK_THAT(r.output, Catch::Contains(file + c.message));
    CHECK(access((dir.path + "/out/jobs.txt").c_str(), F_OK) != 0);  // nothing planned
  }
}

// The netlist is synthesised at Lanes=2 Depth=4 only (tests/netlist/ runs a netlist line).
TEST_CASE("plan: a netlist job on another unit than the synthesised one is refused") {
  TempDir dir;
  const auto r = plan_line(dir, "add.rn.f16 corner netlist depth=2");
  CHECK(r.status == 2);
  CHECK_THAT(r.output, Catch::Contains("bad.spec:3: netlist: the netlist is synthesised for lanes=2 depth=4 only, "
                                       "not lanes=8 depth=2"));
}

TEST_CASE("plan: a missing SPEC, an empty one and an unwritable output directory are named, exit 2") {
  TempDir dir;
  auto r = run_halfpipe("plan '" + dir.path + "/none.spec' -o '" + dir.path + "/out'");
  CHECK(r.status == 2);
  CHECK_THAT(r.output, Catch::Contains(dir.path + "/none.spec: cannot read the SPEC"));
  const std::string empty = dir.write("empty.spec", "# only a comment\n\n");
  r = run_halfpipe("plan '" + empty + "' -o '" + dir.path + "/out'");
  CHECK(r.status == 2);
  CHECK_THAT(r.output, Catch::Contains(empty + ": no work in the SPEC"));
  // A directory inside a regular file cannot be made, by root either.
  const std::string spec = dir.write("ok.spec", "neg.f16 corner\n");
  const std::string file = dir.write("a-file", "");
  r = run_halfpipe("plan '" + spec + "' -o '" + file + "/plan'");
  CHECK(r.status == 2);
  CHECK_THAT(r.output, Catch::Contains(file + "/plan: cannot create the directory"));
}

TEST_CASE("plan: each SPEC line becomes jobs of one form, each writing its record under DIR/results") {
  TempDir dir;
  const std::string spec = dir.write("small.spec",
                                     "add.rn.f16 corner  # a comment\n"
                                     "'MAX.sat (16, M5) hf' corner seed=3 lanes=4\n"
                                     "fma.rn.f16 exhaustive c=3c00\n");
  const auto r = run_halfpipe("plan '" + spec + "' -o '" + dir.path + "/out' --job-minutes 100000");
  REQUIRE(r.status == 0);
  const std::string jobs = dir.read("out/jobs.txt");
  REQUIRE(count_lines(jobs) == 3);
  CHECK_THAT(jobs, Catch::Contains(" sweep add.f16 --corner --shard 1/1 --seed 1 --lanes 8 --depth 4 --threads 1 --record " +
                                   dir.path + "/out/results/job-000001.json --job "));
  CHECK_THAT(jobs, Catch::Contains(" sweep 'MAX.sat (16, M5) hf' --corner --shard 1/1 --seed 3 --lanes 4 "));
  CHECK_THAT(jobs, Catch::Contains(" --spec ''\\''MAX.sat (16, M5) hf'\\'' corner seed=3 lanes=4'"));
  CHECK_THAT(jobs, Catch::Contains(" sweep fma.rn.f16 --exhaustive --shard 1/1 --seed 1 --lanes 8 --depth 4 --threads 1 --c 0x3c00 "));
  CHECK_THAT(dir.read("out/run-parallel.sh"), Catch::Contains("exec parallel --joblog "));
  const std::string slurm = dir.read("out/run-slurm.sbatch");
  CHECK_THAT(slurm, Catch::Contains("#SBATCH --array=1-3\n"));
  CHECK_THAT(slurm, Catch::Contains("line=$((0 + SLURM_ARRAY_TASK_ID))"));
  // A time limit and a memory request: Slurm's defaults are the partition's, often too small.
  CHECK_THAT(slurm, Catch::Matches("[\\s\\S]*\n#SBATCH --time=[1-9][0-9]*\n#SBATCH --mem=[1-9][0-9]*M\n[\\s\\S]*"));
  CHECK_THAT(dir.read("out/plan.json"), Catch::Contains("\"schema\": \"halfpipe-plan\""));
}

TEST_CASE("plan: --job-minutes cuts a line into shards 1/N..N/N that together run the whole stream") {
  TempDir dir;
  // 400,000 instructions at a few hundred thousand to a few million a CPU second, in jobs of
  // 0.06 CPU seconds: several jobs.
  const std::string spec = dir.write("one.spec", "add.rn.f16 random 400000\n");
  auto r = run_halfpipe("plan '" + spec + "' -o '" + dir.path + "/out' --job-minutes 0.001");
  REQUIRE(r.status == 0);
  const std::string jobs = dir.read("out/jobs.txt");
  const size_t n = count_lines(jobs);
  REQUIRE(n >= 2);
  for (size_t k = 1; k <= n; ++k) CHECK_THAT(jobs, Catch::Contains(" --shard " + std::to_string(k) + "/" + std::to_string(n) + " "));
  REQUIRE(std::system(("bash '" + dir.path + "/out/jobs.txt' >/dev/null 2>&1").c_str()) == 0);
  r = run_halfpipe("merge '" + dir.path + "/out'");
  CHECK(r.status == 0);
  CHECK_THAT(r.output, Catch::Contains("add.f16: " + std::to_string(n) + "/" + std::to_string(n) + " jobs, 400000 passed, 0 failed"));
  CHECK_THAT(r.output, Catch::EndsWith("400000 passed, 0 failed\n"));
}

TEST_CASE("plan: more than 1,000 jobs go into several Slurm arrays of at most 1,000 tasks") {
  TempDir dir;
  // 1,001 instructions, jobs of 60 picoseconds: one job per instruction (no fewer than one each).
  const std::string spec = dir.write("many.spec", "neg.f16 random 1001\n");
  const auto r = run_halfpipe("plan '" + spec + "' -o '" + dir.path + "/out' --job-minutes 0.000000000001");
  REQUIRE(r.status == 0);
  CHECK(count_lines(dir.read("out/jobs.txt")) == 1001);
  CHECK(access((dir.path + "/out/run-slurm.sbatch").c_str(), F_OK) != 0);
  const std::string first = dir.read("out/run-slurm-1.sbatch"), second = dir.read("out/run-slurm-2.sbatch");
  CHECK_THAT(first, Catch::Contains("#SBATCH --array=1-1000\n"));
  CHECK_THAT(first, Catch::Contains("line=$((0 + SLURM_ARRAY_TASK_ID))"));
  CHECK_THAT(second, Catch::Contains("#SBATCH --array=1-1\n"));
  CHECK_THAT(second, Catch::Contains("line=$((1000 + SLURM_ARRAY_TASK_ID))"));
  const std::string submit = dir.read("out/submit-slurm.sh");
  CHECK(count_lines(submit, "sbatch ") == 2);
}

TEST_CASE("plan --default: the full regression's SPEC") {
  TempDir dir;
  const auto r = run_halfpipe("plan --default --write-spec '" + dir.path + "/default.spec'");
  REQUIRE(r.status == 0);
  const std::string spec = dir.read("default.spec");
  // One-operand forms, packed too (neg/abs with and without .ftz, f16 and bf16, scalar and
  // packed; tanh.approx and ex2.approx of each type): exhaustive.
  for (const char* line : {"neg.ftz.f16x2 exhaustive\n", "abs.bf16 exhaustive\n", "tanh.approx.bf16x2 exhaustive\n",
                           "ex2.approx.ftz.bf16x2 exhaustive\n"})
    CHECK_THAT(spec, Catch::Contains(line));
  // Scalar two-operand forms exhaustive, packed ones not (S2: a lane computes as its scalar form).
  CHECK_THAT(spec, Catch::Contains("\nadd.ftz.sat.f16 exhaustive\n"));
  CHECK_THAT(spec, Catch::Contains("\nmax.NaN.xorsign.abs.bf16 exhaustive\n"));
  CHECK_THAT(spec, !Catch::Contains("add.f16x2 exhaustive"));
  // fma: 10^9 random triples; vISA: corner and random, quoted.
  CHECK_THAT(spec, Catch::Contains("\nfma.rn.oob.relu.bf16x2 random 1000000000\n"));
  CHECK_THAT(spec, Catch::Contains("\n'MAX.sat (16, M5) hf' corner\n'MAX.sat (16, M5) hf' random 10000\n"));
  // README: the RTL executes 3256 vISA forms (11 types x 296), all at the plan's Lanes=8.
  CHECK(count_lines(spec, "'M") == 2 * 3256);
}

TEST_CASE("plan --estimate: a wall time per --cores count, and no directory written without -o") {
  TempDir dir;
  const std::string spec = dir.write("two.spec", "neg.f16 corner\nabs.bf16 random 1000\n");
  const auto r = run_halfpipe("plan '" + spec + "' --estimate --cores 1,16");
  REQUIRE(r.status == 0);
  CHECK_THAT(r.output, Catch::Contains("2 SPEC lines, 2 jobs of at most about 30.0 min each (--job-minutes 30): "));
  CHECK_THAT(r.output, Catch::Contains("| cores | wall time |\n| ---: | ---: |\n| 1 | "));
  CHECK_THAT(r.output, Catch::Contains("\n| 16 | "));
  CHECK_THAT(r.output, !Catch::Contains("| 64 |"));
  CHECK_THAT(r.output, !Catch::Contains("jobs.txt"));
  // A few thousand instructions take a fraction of a second: never printed as 0.
  CHECK_THAT(r.output, !Catch::Contains(" 0 s"));
  CHECK_THAT(r.output, !Catch::Contains(" 0.00 s"));
}
