#include "vectors/testfloat.h"

#include <fmt/format.h>

#include <stdexcept>

#include "model/isa/ptx.h"
#include "model/ref/execute.h"
#include "vectors/exact.h"

namespace halfpipe::vectors {

const std::vector<TestFloatFunction>& testfloat_functions() {
  static const std::vector<TestFloatFunction> functions = {
      {"f16_add", "add.rn.f16"},
      {"f16_sub", "sub.rn.f16"},
      {"f16_mul", "mul.rn.f16"},
      {"f16_mulAdd", "fma.rn.f16"},
  };
  return functions;
}

std::optional<TestFloatFunction> find_testfloat_function(const std::string& name) {
  for (const auto& f : testfloat_functions())
    if (name == f.name) return f;
  return std::nullopt;
}

std::optional<TestFloatFunction> testfloat_function_for(const Uop& u) {
  for (const auto& f : testfloat_functions())
    if (*isa::decode_ptx(f.form).uop == u) return f;
  return std::nullopt;
}

TestFloatReader::TestFloatReader(std::istream& in, std::string file_name,
                                 TestFloatFunction function)
    : lines_(in, std::move(file_name)), function_(function), uop_(*isa::decode_ptx(function.form).uop) {}

bool TestFloatReader::next(VectorRecord& out) {
  if (done_) return false;
  std::string line;
  static const char* const kColumns[] = {"A", "B", "C"};
  const int n = operand_count(uop_.op);
  while (lines_.next(line)) {
    const Tokens tokens = tokenize(line);
    if (tokens.empty()) continue;
    if (tokens.count != n + 2 && tokens.count != n + 1)
      lines_.fail(fmt::format(
          "{} lines hold {} operand{}, the result and the flags ({} values), found {}",
          function_.name, n, n == 1 ? "" : "s", n + 2, tokens.count));
    uint32_t values[4] = {};
    for (int i = 0; i <= n; ++i) {
      const Hex v = parse_hex(tokens[i], HexLimit::digits(4));
      const std::string column = i == n ? "result" : std::string("operand ") + kColumns[i];
      if (!v)
        lines_.fail(fmt::format("{} of {}: {}", column, function_.name,
                                register_error(tokens[i], v, 4)));
      values[i] = static_cast<uint32_t>(v.value);
    }
    if (tokens.count == n + 2) {
      if (const Hex flags = parse_hex(tokens[n + 1], HexLimit::digits(2)); !flags)
        lines_.fail(fmt::format("flags of {}: {}", function_.name,
                                register_error(tokens[n + 1], flags, 2)));
    }
    out.assign(function_.form, uop_, values, n, lines_.line_number());
    ++count_;
    return true;
  }
  done_ = true;
  if (count_ == 0) lines_.fail("no vectors in the file");
  return false;
}

std::string format_testfloat_line(const Uop& u, const Operands& o, uint32_t result) {
  const uint16_t a = static_cast<uint16_t>(o.a), b = static_cast<uint16_t>(o.b),
                 c = static_cast<uint16_t>(o.c);
  std::string line;
  const uint16_t operands[3] = {a, b, c};
  for (int i = 0; i < operand_count(u.op); ++i) line += fmt::format("{:04X} ", operands[i]);
  const auto r = static_cast<uint16_t>(result);
  line += fmt::format("{:04X} {:02X}\n", r, testfloat_flags(u, a, b, c, r));
  return line;
}

void write_testfloat_file(std::ostream& out, GenerationRequest request) {
  for (auto& f : request.forms) {
    f = canonical_form(f);
    if (!testfloat_function_for(*isa::decode_ptx(f).uop))
      throw std::invalid_argument(fmt::format(
          "'{}' has no TestFloat counterpart (only add.rn.f16, sub.rn.f16, mul.rn.f16, "
          "fma.rn.f16)",
          f));
  }
  append_vectors(out, request.parts(), reference_evaluator,
                 [](std::string& buffer, const GenerationRequest::Part& part, const Vector& v) {
                   buffer += format_testfloat_line(part.uop, v.operands, v.expected);
                 },
                 request.progress);
}

}  // namespace halfpipe::vectors
