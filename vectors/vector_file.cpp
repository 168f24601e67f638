#include "vectors/vector_file.h"

#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>

#include "model/isa/ptx.h"
#include "model/ref/execute.h"
#include "vectors/silicon.h"

namespace halfpipe::vectors {

std::string format_register(const Uop& u, uint32_t value) {
  return u.packed ? fmt::format("0x{:08x}", value) : fmt::format("0x{:04x}", value);
}

std::string format_vector_line(std::string_view form, const Uop& u, const Operands& o,
                               uint32_t expected) {
  std::string line(form);
  const uint32_t operands[3] = {o.a, o.b, o.c};
  for (int i = 0; i < operand_count(u.op); ++i) line += ' ' + format_register(u, operands[i]);
  line += ' ' + format_register(u, expected);
  line += '\n';
  return line;
}

std::vector<StreamSpec> GenerationRequest::specs() const {
  return stream_specs(corner, random_count, exhaustive, seed, exhaustive_c_values);
}

std::vector<GenerationRequest::Part> GenerationRequest::parts() const {
  std::vector<Part> out;
  uint64_t total = 0;
  for (const auto& form : forms) {
    const Uop u = *isa::decode_ptx(form).uop;
    for (const auto& spec : specs()) {
      const uint64_t n = OperandStream(u, form, spec).total();
      out.push_back({form, u, spec, {total, total + n}});
      total += n;
    }
  }
  const Slice wanted = shard_slice(total, shard);
  for (auto& part : out) {
    const uint64_t first = part.slice.begin, last = part.slice.end;  // in the whole file
    part.slice = {std::clamp(wanted.begin, first, last) - first,
                  std::clamp(wanted.end, first, last) - first};
  }
  return out;
}

std::string GenerationRequest::command() const {
  std::string cmd = "halfpipe gen";
  for (const auto& f : forms) cmd += ' ' + f;
  if (corner) cmd += " --corner";
  if (random_count > 0) cmd += fmt::format(" --random {}", random_count);
  if (exhaustive) cmd += " --exhaustive";
  if (!exhaustive_c_values.empty()) {
    cmd += " --c ";
    for (size_t i = 0; i < exhaustive_c_values.size(); ++i)
      cmd += fmt::format("{}0x{:04x}", i ? "," : "", exhaustive_c_values[i]);
  }
  if (random_count > 0) cmd += fmt::format(" --seed {}", seed);
  if (shard.count != 1) cmd += fmt::format(" --shard {}/{}", shard.index, shard.count);
  return cmd;
}

std::string canonical_form(const std::string& form) {
  const isa::Decoded d = isa::decode_ptx(form);
  if (!d.uop) throw std::invalid_argument(fmt::format("unknown form '{}': {}", form, d.error));
  return isa::ptx_form(*d.uop);
}

std::string generation_header(const GenerationRequest& request,
                              const std::vector<GenerationRequest::Part>& parts,
                              std::string_view comment, std::string_view command_suffix) {
  uint64_t count = 0;
  std::vector<std::string> forms;
  for (const auto& part : parts) {
    count += part.slice.end - part.slice.begin;
    forms.push_back(part.form);
  }
  return fmt::format(
             "{0} generator: halfpipe-vectors {1}\n"
             "{0} command: {2}{3}\n"
             "{0} seed: {4}\n"
             "{0} shard: {5}/{6}\n",
             comment, kGeneratorVersion, request.command(), command_suffix, request.seed,
             request.shard.index, request.shard.count) +
         silicon_header(forms, comment) + fmt::format("{} vectors: {}\n", comment, count);
}

void write_vector_file(std::ostream& out, GenerationRequest request, Evaluator evaluate) {
  for (auto& f : request.forms) f = canonical_form(f);
  const auto parts = request.parts();
  out << "# halfpipe vectors, format 1 (vectors/FORMAT.md): FORM A [B [C]] EXPECTED, hex\n"
      << generation_header(request, parts, "#", "");
  append_vectors(
      out, parts, evaluate,
      [](std::string& buffer, const GenerationRequest::Part& part, const Vector& v) {
        buffer += format_vector_line(part.form, part.uop, v.operands, v.expected);
      },
      request.progress);
}

void append_vectors(std::ostream& out, const std::vector<GenerationRequest::Part>& parts,
                    Evaluator evaluate, const VectorAppender& append,
                    const std::function<void(uint64_t, uint64_t)>& progress) {
  uint64_t total = 0, written = 0;
  for (const auto& part : parts) total += part.slice.end - part.slice.begin;
  std::string buffer;
  for (const auto& part : parts) {
    VectorStream stream(part.uop, part.form, part.spec, evaluate);
    stream.restrict_to(part.slice);
    try {
      std::vector<Vector> block(4096);
      while (const size_t n = stream.next_batch(block.data(), block.size())) {
        for (size_t i = 0; i < n; ++i) append(buffer, part, block[i]);
        if (buffer.size() > (1 << 16)) {
          out << buffer;
          buffer.clear();
        }
        written += n;
        if (progress) progress(written, total);
      }
    } catch (const ref::NotImplemented& e) {
      throw ref::NotImplemented(fmt::format(
          "{}: the reference cannot evaluate this form yet ({})", part.form, e.what()));
    }
  }
  out << buffer;
}

std::optional<std::string> not_a_text_line(std::string_view line) {
  if (line.size() > kMaxLineLength)
    return fmt::format("line longer than {} characters", kMaxLineLength);
  for (size_t i = 0; i < line.size(); ++i) {
    const auto byte = static_cast<unsigned char>(line[i]);
    if (byte < 0x20 && !is_blank(line[i]))
      return fmt::format("byte 0x{:02x} in column {} is not text", byte, i + 1);
  }
  return std::nullopt;
}

LineReader::LineReader(std::istream& in, std::string file_name)
    : in_(in), file_name_(std::move(file_name)) {}

void LineReader::fail(const std::string& what) const {
  throw ParseError(fmt::format("{}:{}: {}", file_name_, std::max<uint64_t>(line_number_, 1), what));
}

bool LineReader::next(std::string& line) {
  line.clear();
  std::streambuf* buf = in_.rdbuf();
  using traits = std::streambuf::traits_type;
  int ch = buf->sbumpc();
  if (ch == traits::eof()) return false;
  ++line_number_;
  bool too_long = false;
  for (; ch != traits::eof() && ch != '\n'; ch = buf->sbumpc()) {
    if (line.size() >= kMaxLineLength) {
      too_long = true;  // keep reading to the end of the line, without storing it
      continue;
    }
    line.push_back(static_cast<char>(ch));
  }
  if (too_long) fail(fmt::format("line longer than {} characters", kMaxLineLength));
  if (!line.empty() && line.back() == '\r') line.pop_back();  // CRLF files
  for (size_t i = 0; i < line.size(); ++i) {
    const auto byte = static_cast<unsigned char>(line[i]);
    if ((byte < 0x20 && byte != '\t') || byte >= 0x7F)
      fail(fmt::format("byte 0x{:02x} in column {} is not text", byte, i + 1));
  }
  if (ch == traits::eof())
    fail("truncated: the last line has no end of line (the file was cut short?)");
  return true;
}

std::string register_error(std::string_view token, const Hex& hex, int max_digits) {
  if (hex.problem == HexProblem::TooWide)
    return fmt::format("'{}' has {} hex digits, more than the {} of a {}-bit register", token,
                       hex.digits, max_digits, max_digits * 4);
  return fmt::format("'{}' is not a hexadecimal number", token);
}

VectorReader::VectorReader(std::istream& in, std::string file_name)
    : lines_(in, std::move(file_name)) {}

void VectorReader::read_header_field(const std::string& line) {
  static const std::string kCountField = "# vectors:";
  if (line.compare(0, kCountField.size(), kCountField) != 0) return;
  const Tokens tokens = tokenize(std::string_view(line).substr(kCountField.size()));
  uint64_t n = 0;
  bool ok = tokens.count == 1;
  for (char ch : ok ? tokens[0] : std::string_view()) {
    if (ch < '0' || ch > '9' || n > (UINT64_MAX - 9) / 10) {
      ok = false;
      break;
    }
    n = n * 10 + static_cast<uint64_t>(ch - '0');
  }
  if (!ok) lines_.fail("the '# vectors:' header field is not a count");
  declared_count_ = n;
}

bool VectorReader::next(VectorRecord& out) {
  if (done_) return false;
  std::string line;
  static const char* const kColumns[] = {"A", "B", "C"};
  while (lines_.next(line)) {
    const Tokens tokens = tokenize(line);
    if (tokens.empty()) {
      const auto first = line.find_first_not_of(" \t");
      if (first != std::string::npos && line[first] == '#') read_header_field(line.substr(first));
      continue;
    }
    const Form& form = forms_.get(tokens[0]);
    if (!form.uop) lines_.fail(fmt::format("unknown form '{}': {}", tokens[0], form.error));
    const Uop& u = *form.uop;
    const int n = operand_count(u.op);
    if (tokens.count != n + 2)
      lines_.fail(fmt::format("{} takes {} operand{} and the expected result ({} values), found {}",
                              tokens[0], n, n == 1 ? "" : "s", n + 1, tokens.count - 1));
    const int digits = u.packed ? 8 : 4;
    uint32_t values[4] = {};
    for (int i = 0; i <= n; ++i) {
      const Hex v = parse_hex(tokens[i + 1], HexLimit::digits(digits));
      const std::string column = i == n ? "expected result" : std::string("operand ") + kColumns[i];
      if (!v)
        lines_.fail(fmt::format("{} of {}: {}", column, tokens[0],
                                register_error(tokens[i + 1], v, digits)));
      values[i] = static_cast<uint32_t>(v.value);
    }
    out.assign(form.text, u, values, n, lines_.line_number());
    ++count_;
    return true;
  }
  done_ = true;
  if (declared_count_ && *declared_count_ != count_)
    lines_.fail(fmt::format("{}the header declares {} vectors, the file holds {}",
                            count_ < *declared_count_ ? "truncated: " : "", *declared_count_,
                            count_));
  if (count_ == 0) lines_.fail("no vectors in the file");
  return false;
}

}  // namespace halfpipe::vectors
