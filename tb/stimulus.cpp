#include "tb/stimulus.h"

#include <fstream>
#include <stdexcept>
#include <utility>

#include "model/isa/form.h"
#include "model/isa/ptx.h"
#include "tb/visa_beats.h"
#include "vectors/vector_file.h"

namespace halfpipe::tb {
namespace {

isa::DecodedForm decode(const std::string& form, int lanes) {
  isa::DecodedForm decoded = isa::decode_form(form);
  if (!decoded.legal()) throw std::invalid_argument("'" + form + "': " + decoded.error);
  if (decoded.instruction) {
    // A 32- or 64-bit vISA element needs an even lane count or a multiple of 4.
    if (std::string error = visa_lanes_error(decoded.instruction->type, lanes); !error.empty())
      throw std::invalid_argument("'" + form + "': " + error);
  }
  return decoded;
}

}  // namespace

std::string Stimulus::add_streams(const std::string& form,
                                  const std::vector<vectors::StreamSpec>& specs,
                                  vectors::Shard shard) {
  const isa::DecodedForm decoded = decode(form, source_.lanes());
  if (specs.empty()) return decoded.name;
  if (const auto& instruction = decoded.instruction) {
    std::vector<vectors::VisaStream> streams;
    for (const auto& spec : specs) {
      if (spec.kind == vectors::StreamKind::Exhaustive)
        throw std::invalid_argument("'" + form + "': vISA forms have no --exhaustive stream");
      streams.emplace_back(*instruction, decoded.name, spec);
    }
    source_.add_visa(*instruction, std::move(streams), shard);
    return decoded.name;
  }
  std::vector<vectors::OperandStream> streams;
  for (const auto& spec : specs) streams.emplace_back(*decoded.uop, decoded.name, spec);
  source_.add_ptx(decoded.name, *decoded.uop, std::move(streams), shard);
  return decoded.name;
}

std::string Stimulus::add_vectors(const std::string& form, const std::vector<std::string>& texts) {
  const isa::DecodedForm decoded = decode(form, source_.lanes());
  if (texts.empty()) return decoded.name;
  if (const auto& instruction = decoded.instruction) {
    std::vector<isa::visa::BatchLine> lines;
    for (const auto& text : texts) lines.push_back(parse_visa_vector(text, decoded.name));
    source_.add_visa_lines(*instruction, std::move(lines));
    return decoded.name;
  }
  std::vector<PtxVector> vectors;
  for (const auto& text : texts) vectors.push_back(parse_ptx_vector(text, form, *decoded.uop));
  source_.add_ptx_vectors(decoded.name, *decoded.uop, std::move(vectors));
  return decoded.name;
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

void Stimulus::start(int lanes) {
  source_.set_lanes(lanes);
  source_.set_coverage(&coverage_);  // here, not at construction: a Stimulus may have moved
}

}  // namespace halfpipe::tb
