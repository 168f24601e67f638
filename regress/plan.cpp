#include "regress/plan.h"

#include <fmt/core.h>

#include <sys/resource.h>
#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <filesystem>
#include <cmath>
#include <cstring>
#include <functional>
#include <queue>
#include <sstream>

#include "model/isa/form.h"
#include "model/isa/hex.h"
#include "model/isa/ptx.h"
#include "regress/record.h"
#include "tb/dut_factory.h"
#include "tb/stimulus.h"
#include "tb/sweep.h"
#include "tb/visa_beats.h"
#include "vectors/coverage.h"
#include "vectors/line.h"
#include "vectors/vector_file.h"

namespace halfpipe::regress {
namespace {

// Words of a SPEC line: blanks separate, '...' or "..." quote (a vISA form has blanks).
std::vector<std::string> words(const std::string& line, const std::string& where) {
  std::vector<std::string> out;
  size_t i = 0;
  while (i < line.size()) {
    if (line[i] == ' ' || line[i] == '\t') {
      ++i;
      continue;
    }
    std::string word;
    if (line[i] == '\'' || line[i] == '"') {
      const char quote = line[i];
      const size_t end = line.find(quote, i + 1);
      if (end == std::string::npos)
        throw InputError(fmt::format("{}: unterminated {} quote", where, quote));
      word = line.substr(i + 1, end - i - 1);
      i = end + 1;
    } else {
      while (i < line.size() && line[i] != ' ' && line[i] != '\t') word += line[i++];
    }
    out.push_back(word);
  }
  return out;
}

// Parses one SPEC line (without its comment); nullopt for a blank one.
std::optional<Work> parse_line(const std::string& text, uint64_t line_number,
                               const std::string& where, const SpecDefaults& o) {
  const auto w = words(text, where);
  if (w.empty()) return std::nullopt;
  Work work;
  work.text = text;
  work.line = line_number;
  work.lanes = o.lanes;
  work.depth = o.depth;
  work.seed = o.seed;
  // The form.
  const isa::DecodedForm decoded = isa::decode_form(w[0]);
  if (!decoded.legal()) throw InputError(fmt::format("{}: '{}': {}", where, w[0], decoded.error));
  work.visa = decoded.visa;
  work.instruction = decoded.instruction;
  work.uop = decoded.uop;
  work.form = decoded.name;
  // The kind.
  if (w.size() < 2)
    throw InputError(
        fmt::format("{}: no kind after '{}' (exhaustive, corner or random N)", where, w[0]));
  size_t next = 2;
  if (w[1] == "exhaustive") {
    work.kind = vectors::StreamKind::Exhaustive;
  } else if (w[1] == "corner") {
    work.kind = vectors::StreamKind::Corner;
  } else if (w[1] == "random") {
    work.kind = vectors::StreamKind::Random;
    const auto n = w.size() > 2 ? isa::parse_decimal_or_hex(w[2]) : std::nullopt;
    if (!n || *n == 0)
      throw InputError(
          fmt::format("{}: 'random' takes a count of instructions, e.g. random 100000", where));
    work.random = *n;
    next = 3;
  } else {
    throw InputError(
        fmt::format("{}: unknown kind '{}' (exhaustive, corner or random N)", where, w[1]));
  }
  // The options.
  bool lanes_given = false, depth_given = false;
  for (size_t i = next; i < w.size(); ++i) {
    const std::string& option = w[i];
    if (option == "netlist") {
      work.netlist = true;
      continue;
    }
    if (option.rfind("dut=", 0) == 0 && option.size() > 4) {
      work.dut = std::filesystem::absolute(option.substr(4)).string();
      continue;
    }
    const auto eq = option.find('=');
    const std::string key = option.substr(0, eq),
                      value = eq == std::string::npos ? "" : option.substr(eq + 1);
    if (eq == std::string::npos || value.empty())
      throw InputError(fmt::format("{}: '{}': expected seed=S, lanes=L, depth=D, c=HEX, netlist or dut=DIR",
                                   where, option));
    if (key == "seed") {
      const auto n = isa::parse_decimal_or_hex(value);
      if (!n) throw InputError(fmt::format("{}: seed '{}' is not a number", where, value));
      work.seed = *n;
    } else if (key == "lanes" || key == "depth") {
      const auto n = isa::parse_decimal_or_hex(value);
      if (!n || *n > 64)
        throw InputError(fmt::format("{}: {} '{}' is not a small number", where, key, value));
      (key == "lanes" ? work.lanes : work.depth) = static_cast<int>(*n);
      (key == "lanes" ? lanes_given : depth_given) = true;
    } else if (key == "c") {
      const vectors::Hex c = vectors::parse_hex(value, vectors::HexLimit::digits(4));
      if (c) work.c = static_cast<uint16_t>(c.value);
      if (!c) throw InputError(fmt::format("{}: c '{}' is not a 16-bit hex value", where, value));
    } else {
      throw InputError(fmt::format(
          "{}: unknown option '{}' (seed=S, lanes=L, depth=D, c=HEX, netlist, dut=DIR)", where,
          key));
    }
  }
  const bool fma = work.uop && operand_count(work.uop->op) == 3;
  if (work.c && !(fma && work.kind == vectors::StreamKind::Exhaustive))
    throw InputError(fmt::format(
        "{}: c= fixes fma's third operand in an exhaustive sweep; not for this line", where));
  if (work.visa && work.kind == vectors::StreamKind::Exhaustive)
    throw InputError(fmt::format(
        "{}: '{}': vISA forms have no exhaustive stream (corner or random N)", where, work.form));
  if (fma && work.kind == vectors::StreamKind::Exhaustive && !work.c)
    throw InputError(fmt::format(
        "{}: fma exhaustive needs c=HEX: all 2^48 triples are one line per c value", where));
  if (work.netlist) {
    // The one synthesised configuration: the line's unit unless it names another.
    if ((lanes_given && work.lanes != tb::kNetlistLanes) ||
        (depth_given && work.depth != tb::kNetlistDepth))
      throw InputError(
          fmt::format("{}: netlist: the netlist is synthesised for lanes={} depth={} only, not "
                      "lanes={} depth={}",
                      where, tb::kNetlistLanes, tb::kNetlistDepth, work.lanes, work.depth));
    if (!tb::netlist_available())
      throw InputError(
          fmt::format("{}: netlist: this build has no netlist (Yosys was not found when it "
                      "was configured)",
                      where));
    work.lanes = tb::kNetlistLanes;
    work.depth = tb::kNetlistDepth;
  }
  if (!work.dut.empty()) {
    if (work.netlist) throw InputError(fmt::format("{}: dut= and netlist name two units", where));
    try {
      work.unit = tb::LoadedUnit::load(work.dut);
    } catch (const std::invalid_argument& e) {
      throw InputError(fmt::format("{}: {}", where, e.what()));
    }
    if (!work.unit->executes(work.form))
      throw InputError(fmt::format("{}: the unit {} in {} does not declare {} (its Forms parameter)",
                                   where, work.unit->description().top, work.dut, work.form));
    if (lanes_given || depth_given)
      throw InputError(fmt::format("{}: dut=: the unit's lanes are its adapter's; give no lanes= "
                                   "or depth=", where));
    work.lanes = work.unit->description().lanes;
  }
  if (work.visa) {
    if (std::string error = tb::visa_lanes_error(work.instruction->type, work.lanes);
        !error.empty())
      throw InputError(fmt::format("{}: '{}': {}", where, work.form, error));
  }
  const auto& configs = tb::available_configs();
  if (!work.unit &&
      std::find(configs.begin(), configs.end(), std::make_pair(work.lanes, work.depth)) ==
          configs.end()) {
    std::string list;
    for (const auto& [l, d] : configs)
      list += fmt::format("{}lanes={} depth={}", list.empty() ? "" : ", ", l, d);
    throw InputError(fmt::format("{}: lanes={} depth={} is not a Verilated configuration ({})",
                                 where, work.lanes, work.depth, list));
  }
  // The size of the unsharded stream.
  tb::Stimulus whole(tb::BeatSource::Packing::Fill, work.lanes);
  whole.add_streams(work.form, {work.spec()});
  work.instructions = whole.size();
  return work;
}

std::string job_command(const Job& j, uint64_t number, const std::string& plan_id,
                        const std::string& dir, const std::string& binary, bool coverage) {
  const Work& w = *j.work;
  using record::shell_quote;
  std::string kind;
  switch (w.kind) {
    case vectors::StreamKind::Corner:
      kind = "--corner";
      break;
    case vectors::StreamKind::Random:
      kind = fmt::format("--random {}", w.random);
      break;
    case vectors::StreamKind::Exhaustive:
      kind = "--exhaustive";
      break;
  }
  const std::string unit = w.unit ? "--dut " + shell_quote(w.dut)
                                  : fmt::format("--lanes {} --depth {}", w.lanes, w.depth);
  std::string command =
      fmt::format("{} sweep {} {} --shard {}/{} --seed {} {} --threads 1", shell_quote(binary),
                  shell_quote(w.form), kind, j.shard_index, j.shard_count, w.seed, unit);
  if (w.c) command += fmt::format(" --c 0x{:04x}", *w.c);
  if (w.netlist) command += " --netlist";
  command += fmt::format(" --record {} --job {}:{} --spec {}",
                         shell_quote(fmt::format("{}/results/job-{:06}.json", dir, number)),
                         plan_id, number, shell_quote(w.text));
  // The netlist has no coverage points: its jobs write none. A user's unit writes its own (plan
  // refuses --job-coverage for one built without it).
  if (coverage && !w.netlist)
    command +=
        " --rtl-coverage " + shell_quote(fmt::format("{}/coverage/job-{:06}.dat", dir, number));
  return command;
}

void make_directory(const std::string& path) {
  if (mkdir(path.c_str(), 0777) != 0 && errno != EEXIST)
    throw InputError(
        fmt::format("{}: cannot create the directory: {}", path, std::strerror(errno)));
  struct stat st;
  if (stat(path.c_str(), &st) != 0 || !S_ISDIR(st.st_mode))
    throw InputError(fmt::format("{}: not a directory", path));
}

void write_script(const std::string& path, const std::string& text) {
  try {
    record::write_file_atomically(path, text);
  } catch (const record::Error& e) {
    throw InputError(e.what());
  }
  chmod(path.c_str(), 0755);
}

}  // namespace

vectors::StreamSpec Work::spec() const {
  vectors::StreamSpec s;
  s.kind = kind;
  s.random_count = random;
  s.seed = seed;
  s.exhaustive_c_values = {c.value_or(0)};
  return s;
}

std::vector<Work> read_spec(std::istream& in, const std::string& name, const SpecDefaults& o) {
  std::vector<Work> works;
  std::string line;
  for (uint64_t n = 1; std::getline(in, line); ++n) {
    if (!line.empty() && line.back() == '\r') line.pop_back();  // CRLF files
    if (const auto problem = vectors::not_a_text_line(line))
      throw InputError(fmt::format("{}:{}: {}", name, n, *problem));
    // '#' starts a comment, outside quotes.
    char quote = 0;
    for (size_t i = 0; i < line.size(); ++i) {
      if (quote) {
        if (line[i] == quote) quote = 0;
      } else if (line[i] == '\'' || line[i] == '"') {
        quote = line[i];
      } else if (line[i] == '#') {
        line.resize(i);
        break;
      }
    }
    while (!line.empty() && (line.back() == ' ' || line.back() == '\t' || line.back() == '\r'))
      line.pop_back();
    if (auto w = parse_line(line, n, fmt::format("{}:{}", name, n), o))
      works.push_back(std::move(*w));
  }
  if (works.empty())
    throw InputError(fmt::format("{}: no work in the SPEC (lines FORM KIND ...)", name));
  return works;
}

// The full regression: every one-operand form exhaustive (packed too), every scalar two-operand
// form exhaustive, every fma form random 10^9, the vISA forms' corner and random streams.
std::string default_spec() {
  std::string one, two, three;
  for (const auto& form : isa::legal_ptx_forms()) {
    const auto d = isa::decode_ptx(form);
    if (!d.uop) continue;
    const int n = operand_count(d.uop->op);
    if (n == 1) one += form + " exhaustive\n";
    if (n == 2 && !d.uop->packed) two += form + " exhaustive\n";
    if (n == 3) three += form + " random 1000000000\n";
  }
  std::string visa;
  for (const auto& i : tb::visa_rtl_forms()) {
    const std::string name = isa::visa::form_name(i);
    visa += fmt::format("'{}' corner\n'{}' random 10000\n", name, name);
  }
  return "# The full regression (halfpipe plan --default).\n"
         "# Every one-operand form, exhaustive (2^16 inputs; packed forms: every value in each lane).\n" +
         one +
         "# Every scalar two-operand form, exhaustive (2^32 pairs; a packed form computes each lane as its\n"
         "# scalar form, S2).\n" +
         two +
         "# Every fma form, 10^9 seeded random triples (all 2^48 is ~10^3 CPU-days: c=HEX lines cut it).\n" +
         three + "# Every vISA form the RTL executes: corner and random streams.\n" + visa;
}

// ---- rates -----------------------------------------------------------------------------------

std::string rate_class(const Work& w) {
  const std::string kind = vectors::stream_kind_name(w.kind);
  const std::string unit =
      w.unit ? "unit " + w.dut
             : fmt::format("Lanes={} Depth={}{}", w.lanes, w.depth, w.netlist ? " netlist" : "");
  if (w.visa) return fmt::format("vISA exec size {} {} {}", w.instruction->exec_size, kind, unit);
  const std::string op = w.form.substr(0, w.form.find('.'));
  return fmt::format("{}{} {} {}", op, w.uop->packed ? " packed" : "", kind, unit);
}

// Instructions per CPU second of a job of `w`'s class: a sample of its own stream run as the job
// runs it (one thread, the default traffic, coverage unless exhaustive), grown until it takes a
// fifth of a CPU second or the stream ends. Exhaustive samples come from the middle of the
// stream: its first slice is zeros and subnormals, cheaper than the average.
double measure_rate(const Work& w) {
  auto dut = w.unit ? tb::make_x_checked_dut(w.unit) : tb::make_dut(w.netlist, w.lanes, w.depth, 0);
  const uint64_t total = std::max<uint64_t>(w.instructions, 1);
  uint64_t sample = std::min<uint64_t>(total, 2048);
  while (true) {
    const uint64_t slices = std::max<uint64_t>(1, total / sample);
    const vectors::Shard shard{w.kind == vectors::StreamKind::Exhaustive ? (slices + 1) / 2 : 1,
                               slices};
    tb::Stimulus stimulus(tb::BeatSource::Packing::Fill, w.lanes);
    stimulus.add_streams(w.form, {w.spec()}, shard);
    tb::BeatSource& source = stimulus.beats();
    vectors::Coverage coverage;
    if (w.kind != vectors::StreamKind::Exhaustive) source.set_coverage(&coverage);
    tb::SweepSettings settings;
    settings.seed = w.seed;
    if (w.unit) tb::configure_for_unit(*w.unit, settings);
    std::ostringstream report;
    const tb::SweepTotals t = tb::run_sweep(*dut, source, settings, report);
    const uint64_t ran = shard_slice(total, shard).end - shard_slice(total, shard).begin;
    if (t.cpu_seconds >= 0.2 || slices == 1)
      return static_cast<double>(ran) / std::max(t.cpu_seconds, 1e-6);
    sample *= t.cpu_seconds > 0.02 ? static_cast<uint64_t>(std::ceil(0.25 / t.cpu_seconds)) : 16;
  }
}

// ---- jobs ------------------------------------------------------------------------------------

std::vector<Job> cut_into_jobs(const std::vector<Work>& works,
                               const std::map<std::string, double>& rates, double job_seconds) {
  std::vector<Job> jobs;
  for (const auto& w : works) {
    const double seconds = static_cast<double>(w.instructions) / rates.at(rate_class(w));
    const uint64_t count =
        std::clamp<uint64_t>(static_cast<uint64_t>(std::ceil(seconds / job_seconds)), 1,
                             std::max<uint64_t>(w.instructions, 1));
    for (uint64_t k = 1; k <= count; ++k)
      jobs.push_back({&w, k, count, seconds / static_cast<double>(count)});
  }
  return jobs;
}

double makespan(std::vector<double> seconds, int cores) {
  std::sort(seconds.rbegin(), seconds.rend());
  std::priority_queue<double, std::vector<double>, std::greater<double>> load;
  for (int i = 0; i < cores; ++i) load.push(0);
  double longest = 0;
  for (double s : seconds) {
    const double t = load.top() + s;
    load.pop();
    load.push(t);
    longest = std::max(longest, t);
  }
  return longest;
}

std::string duration(double seconds) {
  // Real work is never "0 s": short estimates keep two decimals, and less than that says so.
  if (seconds > 0 && seconds < 0.005) return "< 0.01 s";
  if (seconds < 10) return fmt::format("{:.2f} s", seconds);
  if (seconds < 120) return fmt::format("{:.0f} s", seconds);
  if (seconds < 7200) return fmt::format("{:.1f} min", seconds / 60);
  if (seconds < 3 * 86400) return fmt::format("{:.1f} h", seconds / 3600);
  return fmt::format("{:.1f} days", seconds / 86400);
}

// ---- the plan's directory --------------------------------------------------------------------

WrittenPlan write_plan(const std::vector<Job>& jobs, const PlanDirectory& where) {
  const std::string& dir = where.dir;
  make_directory(dir);
  make_directory(dir + "/results");
  make_directory(dir + "/logs");
  if (where.job_coverage) make_directory(dir + "/coverage");
  try {  // the jobs write their records there: better refused now than after their hours
    record::check_writable(dir + "/results/job-000000.json");
  } catch (const record::Error& e) {
    throw InputError(e.what());
  }
  const auto& build = record::build_info();
  record::Plan plan;
  plan.spec_file = where.spec_name;
  plan.version = build.version;
  plan.git_revision = build.git_revision;
  std::string identity = build.version + " " + build.git_revision + "\n";
  for (const auto& j : jobs)
    identity +=
        fmt::format("{} {}/{} {}\n", j.work->text, j.shard_index, j.shard_count, j.work->form);
  plan.id = record::digest(identity);
  std::string lines;
  for (size_t i = 0; i < jobs.size(); ++i) {
    const Job& j = jobs[i];
    record::PlannedJob pj;
    pj.number = i + 1;
    pj.spec = j.work->text;
    pj.spec_line = j.work->line;
    pj.form = j.work->form;
    pj.shard = fmt::format("{}/{}", j.shard_index, j.shard_count);
    pj.rtl_config = j.work->unit ? record::unit_config_hash(j.work->dut + "/" + tb::kUnitLibrary)
                                 : record::rtl_config_hash(j.work->lanes, j.work->depth,
                                                           j.work->netlist);
    pj.estimated_cpu_seconds = j.cpu_seconds;
    pj.command = job_command(j, pj.number, plan.id, dir, where.binary, where.job_coverage);
    lines += pj.command + "\n";
    plan.jobs.push_back(std::move(pj));
  }
  write_script(dir + "/jobs.txt", lines);
  write_script(dir + "/plan.json", record::plan_to_json(plan));
  using record::shell_quote;
  write_script(
      dir + "/run-parallel.sh",
      fmt::format(
          "#!/bin/sh\n"
          "# Runs the plan's jobs with GNU parallel, one job per core; extra options go to\n"
          "# parallel, e.g. --sshloginfile FILE to spread them over hosts (a shared file system\n"
          "# at the same path). HALFPIPE_JOBS names another job list: the lines of\n"
          "# `halfpipe merge {0} --resume`.\n"
          "exec parallel --joblog {1} \"$@\" < \"${{HALFPIPE_JOBS:-{2}}}\"\n",
          shell_quote(dir), shell_quote(dir + "/parallel.joblog"), dir + "/jobs.txt"));
  // Slurm: arrays of at most 1,000 tasks; each task runs the line (offset + its task id). Each
  // array's time limit is its longest job's estimate times 3 (the estimate's rates are this
  // machine's), plus 10 minutes; its memory twice this process's peak after the rate samples,
  // which loaded every model the plan's jobs use (a job loads one), at least 1 GiB.
  constexpr uint64_t kArrayMax = 1000;
  struct rusage usage {};
  getrusage(RUSAGE_SELF, &usage);
  const uint64_t mem_mib =
      std::max<uint64_t>(1024, (2 * static_cast<uint64_t>(usage.ru_maxrss) + 1023) / 1024);
  const uint64_t arrays = (jobs.size() + kArrayMax - 1) / kArrayMax;
  std::string submit =
      "#!/bin/sh\n# Submits every array of the plan (Slurm's default MaxArraySize is 1001).\nset -e\n";
  for (uint64_t a = 0; a < arrays; ++a) {
    const uint64_t tasks = std::min<uint64_t>(kArrayMax, jobs.size() - a * kArrayMax);
    double longest = 0;
    for (uint64_t k = a * kArrayMax; k < a * kArrayMax + tasks; ++k)
      longest = std::max(longest, jobs[k].cpu_seconds);
    const auto minutes = static_cast<uint64_t>(std::ceil(3 * longest / 60)) + 10;
    const std::string name =
        arrays == 1 ? "run-slurm.sbatch" : fmt::format("run-slurm-{}.sbatch", a + 1);
    write_script(
        dir + "/" + name,
        fmt::format(
            "#!/bin/bash\n"
            "#SBATCH --job-name=halfpipe-{0}\n"
            "#SBATCH --array=1-{1}\n"
            "#SBATCH --ntasks=1\n"
            "#SBATCH --cpus-per-task=1\n"
            "#SBATCH --time={6}\n"
            "#SBATCH --mem={7}M\n"
            "#SBATCH --output={2}/logs/slurm-%A_%a.out\n"
            "# --time: the longest job's estimate ({8}) times 3, plus 10 minutes; --mem:\n"
            "# twice the planning process's peak once it had run every model the jobs use.\n"
            "# Task N runs line {3} + N of the job list: {4}/jobs.txt, or the file given as\n"
            "# the first argument (the lines of `halfpipe merge {4} --resume`, submitted with\n"
            "# sbatch --array=1-LINES {2}/{5} FILE).\n"
            "jobs=${{1:-{4}/jobs.txt}}\n"
            "line=$(({3} + SLURM_ARRAY_TASK_ID))\n"
            "command=$(sed -n \"${{line}}p\" \"$jobs\")\n"
            "[ -n \"$command\" ] || {{ echo \"halfpipe: no line $line in $jobs\" >&2; exit 2; }}\n"
            "exec bash -c \"$command\"\n",
            plan.id, tasks, dir, arrays == 1 ? 0 : a * kArrayMax, dir, name, minutes, mem_mib,
            duration(longest)));
    submit += fmt::format("sbatch {}\n", shell_quote(dir + "/" + name));
  }
  write_script(dir + "/submit-slurm.sh", submit);
  return {plan.id, static_cast<int>(arrays)};
}

}  // namespace halfpipe::regress
