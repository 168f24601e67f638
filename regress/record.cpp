#include "regress/record.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>

#include "halfpipe/version.h"
#include "regress/build_info.h"
#include "regress/output_file.h"

namespace halfpipe::record {
namespace {

using nlohmann::json;

// FNV-1a, 64 bits: a stable digest for identities, not a defence against forgery.
uint64_t fnv1a(const std::string& text) {
  uint64_t h = 0xcbf29ce484222325ull;
  for (unsigned char ch : text) {
    h ^= ch;
    h *= 0x100000001b3ull;
  }
  return h;
}

// The field `name` of `object`, which must be there and of the JSON type `type`.
const json& field(const json& object, const char* name, json::value_t type, const std::string& path) {
  const auto it = object.find(name);
  if (it == object.end()) throw Error(fmt::format("{}: not a halfpipe record: no field '{}'", path, name));
  const bool unsigned_ok = type == json::value_t::number_unsigned &&
                           it->type() == json::value_t::number_unsigned;
  const bool number_ok = type == json::value_t::number_float && it->is_number();
  if (it->type() != type && !unsigned_ok && !number_ok)
    throw Error(fmt::format("{}: field '{}' is a {}, not a {}", path, name, it->type_name(),
                            json(type).type_name()));
  return *it;
}

std::string text_field(const json& o, const char* name, const std::string& path) {
  return field(o, name, json::value_t::string, path).get<std::string>();
}
uint64_t count_field(const json& o, const char* name, const std::string& path) {
  return field(o, name, json::value_t::number_unsigned, path).get<uint64_t>();
}
std::vector<std::string> text_list(const json& o, const char* name, const std::string& path) {
  std::vector<std::string> out;
  for (const auto& item : field(o, name, json::value_t::array, path)) {
    if (!item.is_string()) throw Error(fmt::format("{}: field '{}' holds a non-string", path, name));
    out.push_back(item.get<std::string>());
  }
  return out;
}

// The whole of the file at `path`; `what` names it in the error ("the plan", "the record").
std::string file_text(const std::string& path, const char* what) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw Error(fmt::format("{}: cannot read {}: {}", path, what, std::strerror(errno)));
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace

const BuildInfo& build_info() {
  static const BuildInfo info{HALFPIPE_VERSION, HALFPIPE_GIT_REVISION, HALFPIPE_RTL_SOURCES_SHA256};
  return info;
}

std::string digest(const std::string& text) { return fmt::format("{:016x}", fnv1a(text)); }

std::string plan_to_json(const Plan& plan) {
  json jobs = json::array();
  for (const auto& j : plan.jobs)
    jobs.push_back({{"number", j.number}, {"spec", j.spec}, {"spec_line", j.spec_line},
                    {"form", j.form}, {"shard", j.shard}, {"rtl_config", j.rtl_config},
                    {"estimated_cpu_seconds", j.estimated_cpu_seconds}, {"command", j.command}});
  const json o = {{"schema", "halfpipe-plan"}, {"schema_version", kSchemaVersion},
                  {"id", plan.id}, {"spec_file", plan.spec_file}, {"version", plan.version},
                  {"git_revision", plan.git_revision}, {"jobs", jobs}};
  return o.dump(1) + "\n";
}

Plan read_plan(const std::string& path) {
  json o;
  try {
    o = json::parse(file_text(path, "the plan"));
  } catch (const json::parse_error& e) {
    throw Error(fmt::format("{}: corrupt or truncated plan: {}", path, e.what()));
  }
  if (!o.is_object() || o.value("schema", "") != "halfpipe-plan")
    throw Error(fmt::format("{}: not a halfpipe plan (halfpipe plan writes plan.json)", path));
  if (count_field(o, "schema_version", path) != static_cast<uint64_t>(kSchemaVersion))
    throw Error(fmt::format("{}: plan schema version {}, this halfpipe reads version {}", path,
                            o["schema_version"].dump(), kSchemaVersion));
  Plan plan;
  plan.id = text_field(o, "id", path);
  plan.spec_file = text_field(o, "spec_file", path);
  plan.version = text_field(o, "version", path);
  plan.git_revision = text_field(o, "git_revision", path);
  for (const auto& j : field(o, "jobs", json::value_t::array, path)) {
    if (!j.is_object()) throw Error(fmt::format("{}: a job is not an object", path));
    PlannedJob job;
    job.number = count_field(j, "number", path);
    job.spec = text_field(j, "spec", path);
    job.spec_line = count_field(j, "spec_line", path);
    job.form = text_field(j, "form", path);
    job.shard = text_field(j, "shard", path);
    job.rtl_config = text_field(j, "rtl_config", path);
    job.estimated_cpu_seconds = field(j, "estimated_cpu_seconds", json::value_t::number_float, path).get<double>();
    job.command = text_field(j, "command", path);
    plan.jobs.push_back(std::move(job));
  }
  return plan;
}

std::string rtl_config_hash(int lanes, int depth, bool netlist) {
  return fmt::format("{:016x}", fnv1a(fmt::format("{} lanes={} depth={}{}",
                                                  build_info().rtl_sources_sha256, lanes, depth,
                                                  netlist ? " netlist" : "")));
}

std::string unit_config_hash(const std::string& library) {
  std::ifstream in(library, std::ios::binary);
  if (!in) throw Error(fmt::format("{}: cannot read the unit's library", library));
  const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  return fmt::format("{:016x}", fnv1a("unit " + bytes));
}

std::string hp_alu_coverage_identity() {
  return "hp_alu rtl-sources-sha256=" + build_info().rtl_sources_sha256;
}

std::string unit_coverage_identity(const std::string& library) {
  return "unit library=" + unit_config_hash(library);
}

std::string host_name() {
  char name[256] = {};
  if (gethostname(name, sizeof name - 1) != 0) return "unknown";
  return name;
}

std::string to_json(const Record& r) {
  json coverage = json::array();
  for (const auto& b : r.coverage)
    coverage.push_back({{"form", b.form}, {"lane", b.lane}, {"bin", b.bin}, {"count", b.count}});
  json form_results = json::array();
  for (const auto& f : r.form_results)
    form_results.push_back({{"form", f.form},
                            {"passed", f.passed},
                            {"failed", f.failed},
                            {"nan_accepted", f.nan_accepted}});
  json mismatches = json::array();
  for (const auto& m : r.mismatches)
    mismatches.push_back({{"description", m.description}, {"reproduce", m.reproduce}});
  const json o = {
      {"schema", kSchemaName},
      {"schema_version", r.schema},
      {"plan", r.plan},
      {"job", r.job},
      {"spec", r.spec},
      {"command", r.command},
      {"forms", r.forms},
      {"kinds", r.kinds},
      {"shard", r.shard},
      {"seed", r.seed},
      {"random", r.random},
      {"c_values", r.c_values},
      {"lanes", r.lanes},
      {"depth", r.depth},
      {"passed", r.passed},
      {"failed", r.failed},
      {"form_results", form_results},
      {"stopped_early", r.stopped_early},
      {"coverage_vectors", r.coverage_vectors},
      {"coverage", coverage},
      {"mismatches", mismatches},
      {"host", r.host},
      {"seconds", r.seconds},
      {"cpu_seconds", r.cpu_seconds},
      {"version", r.version},
      {"git_revision", r.git_revision},
      {"rtl_config", r.rtl_config},
  };
  return o.dump(1) + "\n";
}

Record parse(const std::string& text, const std::string& path) {
  json o;
  try {
    o = json::parse(text);
  } catch (const json::parse_error& e) {
    // nlohmann's message carries the byte offset; a truncated file ends "unexpected end of input".
    throw Error(fmt::format("{}: corrupt or truncated record: {}", path, e.what()));
  }
  if (!o.is_object()) throw Error(fmt::format("{}: not a halfpipe record: not a JSON object", path));
  if (text_field(o, "schema", path) != kSchemaName)
    throw Error(fmt::format("{}: not a halfpipe record: schema '{}'", path, o["schema"].get<std::string>()));
  Record r;
  r.schema = static_cast<int>(count_field(o, "schema_version", path));
  if (r.schema != kSchemaVersion)
    throw Error(fmt::format("{}: record schema version {}, this halfpipe reads version {}", path,
                            r.schema, kSchemaVersion));
  r.plan = text_field(o, "plan", path);
  r.job = count_field(o, "job", path);
  r.spec = text_field(o, "spec", path);
  r.command = text_field(o, "command", path);
  r.forms = text_list(o, "forms", path);
  r.kinds = text_list(o, "kinds", path);
  r.shard = text_field(o, "shard", path);
  r.seed = count_field(o, "seed", path);
  r.random = count_field(o, "random", path);
  r.c_values = text_field(o, "c_values", path);
  r.lanes = static_cast<int>(count_field(o, "lanes", path));
  r.depth = static_cast<int>(count_field(o, "depth", path));
  r.passed = count_field(o, "passed", path);
  r.failed = count_field(o, "failed", path);
  for (const auto& f : field(o, "form_results", json::value_t::array, path)) {
    if (!f.is_object()) throw Error(fmt::format("{}: a form's results are not an object", path));
    r.form_results.push_back({text_field(f, "form", path), count_field(f, "passed", path),
                              count_field(f, "failed", path), count_field(f, "nan_accepted", path)});
  }
  r.stopped_early = field(o, "stopped_early", json::value_t::boolean, path).get<bool>();
  r.coverage_vectors = count_field(o, "coverage_vectors", path);
  for (const auto& b : field(o, "coverage", json::value_t::array, path)) {
    if (!b.is_object()) throw Error(fmt::format("{}: a coverage bin is not an object", path));
    r.coverage.push_back({text_field(b, "form", path), text_field(b, "lane", path),
                          text_field(b, "bin", path), count_field(b, "count", path)});
  }
  for (const auto& m : field(o, "mismatches", json::value_t::array, path)) {
    if (!m.is_object()) throw Error(fmt::format("{}: a mismatch is not an object", path));
    r.mismatches.push_back({text_field(m, "description", path), text_field(m, "reproduce", path)});
  }
  r.host = text_field(o, "host", path);
  r.seconds = field(o, "seconds", json::value_t::number_float, path).get<double>();
  r.cpu_seconds = field(o, "cpu_seconds", json::value_t::number_float, path).get<double>();
  r.version = text_field(o, "version", path);
  r.git_revision = text_field(o, "git_revision", path);
  r.rtl_config = text_field(o, "rtl_config", path);
  return r;
}

Record read(const std::string& path) { return parse(file_text(path, "the record"), path); }

void check_writable(const std::string& path) {
  const std::string probe = fmt::format("{}.tmp.{}", path, getpid());
  FILE* f = std::fopen(probe.c_str(), "wb");
  if (!f) {
    const auto slash = path.rfind('/');
    const std::string dir = slash == std::string::npos ? "." : path.substr(0, slash);
    throw Error(fmt::format("{}: the record cannot be written in {}: {}", path, dir, std::strerror(errno)));
  }
  std::fclose(f);
  std::remove(probe.c_str());
}

std::vector<Mismatch> mismatches_in_report(const std::string& report, size_t limit) {
  std::vector<Mismatch> out;
  std::istringstream lines(report);
  const std::string head = "mismatch: ", reproduce = "  reproduce: ";
  for (std::string line; std::getline(lines, line);) {
    const bool mismatch = line.rfind(head, 0) == 0;
    // The sweep's other failures (tb/sweep.cpp) have no reproduce command.
    if (mismatch || line.rfind("protocol: ", 0) == 0 || line.rfind("hang: ", 0) == 0) {
      if (out.size() == limit) break;
      out.push_back({mismatch ? line.substr(head.size()) : line, ""});
    } else if (line.rfind(reproduce, 0) == 0 && !out.empty() && out.back().reproduce.empty()) {
      out.back().reproduce = line.substr(reproduce.size());
    }
  }
  return out;
}

TeeBuffer::int_type TeeBuffer::overflow(int_type ch) {
  if (traits_type::eq_int_type(ch, traits_type::eof())) return traits_type::not_eof(ch);
  text_.push_back(traits_type::to_char_type(ch));
  return out_->sputc(traits_type::to_char_type(ch));
}

std::streamsize TeeBuffer::xsputn(const char* s, std::streamsize n) {
  text_.append(s, static_cast<size_t>(n));
  return out_->sputn(s, n);
}

void write_atomically(const std::string& path, const Record& r) { write_file_atomically(path, to_json(r)); }

void write_file_atomically(const std::string& path, const std::string& text) {
  // A device, FIFO or socket is written in place: renaming over it would destroy it.
  if (cli::is_special_file(path)) {
    FILE* f = std::fopen(path.c_str(), "wb");
    const bool written = f && std::fwrite(text.data(), 1, text.size(), f) == text.size();
    if (!f || std::fclose(f) != 0 || !written)
      throw Error(fmt::format("{}: cannot write: {}", path, std::strerror(errno)));
    return;
  }
  const std::string temporary = fmt::format("{}.tmp.{}", path, getpid());
  FILE* f = std::fopen(temporary.c_str(), "wb");
  if (!f) throw Error(fmt::format("{}: cannot write the record: {}", temporary, std::strerror(errno)));
  const bool written = std::fwrite(text.data(), 1, text.size(), f) == text.size() &&
                       std::fflush(f) == 0 && fsync(fileno(f)) == 0;
  const int write_errno = errno;
  if (std::fclose(f) != 0 || !written) {
    std::remove(temporary.c_str());
    throw Error(fmt::format("{}: cannot write: {}", temporary, std::strerror(write_errno)));
  }
  if (std::rename(temporary.c_str(), path.c_str()) != 0) {
    const int rename_errno = errno;
    std::remove(temporary.c_str());
    throw Error(fmt::format("{}: cannot rename into place: {}", path, std::strerror(rename_errno)));
  }
}

}  // namespace halfpipe::record
