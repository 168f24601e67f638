#include "tb/cosim/types.h"

#include <fstream>
#include <sstream>
#include <stdexcept>
#include <utility>

#include "model/isa/form.h"
#include "model/isa/ptx.h"
#include "vectors/vector_file.h"

namespace halfpipe::tb::cosim {

// ---- Stimulus ------------------------------------------------------------------------------

void Stimulus::add_streams(const std::string& form, const std::vector<vectors::StreamSpec>& specs) {
  const isa::DecodedForm decoded = isa::decode_form(form);
  if (!decoded.legal()) throw std::invalid_argument("'" + form + "': " + decoded.error);
  if (decoded.instruction) {
    std::vector<vectors::VisaStream> streams;
    for (const auto& spec : specs) streams.emplace_back(*decoded.instruction, decoded.name, spec);
    source_.add_visa(*decoded.instruction, std::move(streams));
    return;
  }
  std::vector<vectors::OperandStream> streams;
  for (const auto& spec : specs) streams.emplace_back(*decoded.uop, decoded.name, spec);
  source_.add_ptx(decoded.name, *decoded.uop, std::move(streams));
}

void Stimulus::add_file(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error(path + ": cannot read the vector file");
  vectors::VectorReader reader(in, path);
  vectors::VectorRecord record;
  std::vector<PtxVector> run;  // consecutive vectors of one form
  Uop run_uop;
  auto flush = [&] {
    if (!run.empty()) source_.add_ptx_vectors(isa::ptx_form(run_uop), run_uop, std::move(run));
    run.clear();
  };
  while (reader.next(record)) {
    if (!run.empty() && record.uop != run_uop) flush();
    run_uop = record.uop;
    run.push_back({record.operands, record.expected});
  }
  flush();
}

void Stimulus::add_vectors(const std::string& form, const std::vector<std::string>& texts) {
  const isa::DecodedForm decoded = isa::decode_form(form);
  if (!decoded.legal()) throw std::invalid_argument("'" + form + "': " + decoded.error);
  if (decoded.instruction) {
    std::vector<isa::visa::BatchLine> lines;
    for (const auto& text : texts) lines.push_back(parse_visa_vector(text, decoded.name));
    source_.add_visa_lines(*decoded.instruction, std::move(lines));
    return;
  }
  std::vector<PtxVector> vectors;
  for (const auto& text : texts) vectors.push_back(parse_ptx_vector(text, form, *decoded.uop));
  source_.add_ptx_vectors(decoded.name, *decoded.uop, std::move(vectors));
}

void Stimulus::start(int lanes) {
  source_.set_lanes(lanes);
  source_.set_coverage(&coverage_);  // here, not at construction: a Stimulus may have moved
}

ResidentMemory resident_memory() {
  ResidentMemory m;
  std::ifstream status("/proc/self/status");
  for (std::string line; std::getline(status, line);) {
    std::istringstream fields(line);
    std::string key;
    uint64_t kib = 0;
    fields >> key >> kib;
    if (key == "VmRSS:") m.now_kib = kib;
    if (key == "VmHWM:") m.peak_kib = kib;
  }
  return m;
}

}  // namespace halfpipe::tb::cosim
