// libFuzzer target: the `eval --batch` line (vectors/line.h, vectors/batch.h), read and evaluated
// as sim/cmd_eval.cpp does: the input is cut into lines at '\n', each line tokenized, a non-blank
// one given to one BatchEvaluator (PTX `FORM A [B [C]]` and vISA lines alike). An input whose
// first line is `# target SM [X.Y]` (a comment to eval) gets an evaluator under that target,
// as `eval --batch --target SM --ptx X.Y` does.
//
// Invariants: each evaluated line gives one non-empty line of output (the batch output is one
// line per input line, a contract); a PTX result is `0x` + 4 lowercase hex digits for a scalar
// form and 8 for a packed one, a vISA result comma-separated `0x` elements; a line evaluated
// again (now from the form cache) gives the same output; tokens hold no blank and no '#'.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "fuzz/fuzz_check.h"
#include "model/isa/ptx.h"
#include "model/isa/visa.h"
#include "vectors/batch.h"
#include "vectors/line.h"

namespace {

namespace vectors = halfpipe::vectors;
using halfpipe::fuzz::one_line;

bool is_lower_hex(std::string_view s) {
  for (char c : s)
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
  return true;
}

// `0x` + `digits` lowercase hex digits.
bool is_register(std::string_view s, size_t digits) {
  return s.size() == 2 + digits && s.substr(0, 2) == "0x" && is_lower_hex(s.substr(2));
}

bool is_element_list(std::string_view s) {
  while (true) {
    const size_t comma = s.find(',');
    const std::string_view element = s.substr(0, comma);
    if (element.size() < 4 || element.substr(0, 2) != "0x" || !is_lower_hex(element.substr(2)))
      return false;
    if (comma == std::string_view::npos) return true;
    s.remove_prefix(comma + 1);
  }
}

std::optional<halfpipe::isa::Target> target_of(std::string_view first_line) {
  constexpr std::string_view kPrefix = "# target ";
  if (first_line.substr(0, kPrefix.size()) != kPrefix) return std::nullopt;
  const vectors::Tokens t = vectors::tokenize(first_line.substr(1));  // without the '#'
  if (t.count < 2 || t.count > 3) return std::nullopt;
  std::string error;
  return halfpipe::isa::parse_target(t[1], t.count == 3 ? t[2] : std::string_view{}, error);
}

void check_line(vectors::BatchEvaluator& evaluator,
                const std::optional<halfpipe::isa::Target>& target, std::string_view line) {
  const vectors::Tokens tokens = vectors::tokenize(line);
  FUZZ_CHECK(tokens.count >= 0, std::string(line));
  for (int k = 0; k < tokens.count && k < vectors::kMaxTokens; ++k) {
    FUZZ_CHECK(!tokens[k].empty(), std::string(line));
    for (char c : tokens[k]) FUZZ_CHECK(!vectors::is_blank(c) && c != '#', std::string(line));
  }
  if (tokens.empty()) return;

  std::string out;
  const bool ok = evaluator.evaluate(line, tokens, out);
  FUZZ_CHECK(!out.empty() && one_line(out), "'" + std::string(line) + "' -> '" + out + "'");
  if (ok) {
    if (halfpipe::isa::visa::is_batch_line(tokens[0], line)) {
      FUZZ_CHECK(is_element_list(out), "'" + std::string(line) + "' -> '" + out + "'");
    } else {
      const halfpipe::isa::Decoded form = halfpipe::isa::decode_ptx(tokens[0], target);
      FUZZ_CHECK(form.uop && is_register(out, form.uop->packed ? 8 : 4),
                 "'" + std::string(line) + "' -> '" + out + "'");
    }
  }
  std::string again;
  const bool ok_again = evaluator.evaluate(line, tokens, again);
  FUZZ_CHECK(ok_again == ok && again == out, "'" + out + "' then '" + again + "'");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view input(reinterpret_cast<const char*>(data), size);
  const std::optional<halfpipe::isa::Target> target = target_of(input.substr(0, input.find('\n')));
  vectors::BatchEvaluator evaluator(target);
  while (!input.empty()) {
    const size_t nl = input.find('\n');
    check_line(evaluator, target, input.substr(0, nl));
    input = nl == std::string_view::npos ? std::string_view{} : input.substr(nl + 1);
  }
  return 0;
}
