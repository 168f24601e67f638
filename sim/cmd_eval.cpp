// `halfpipe eval`: one instruction through the decoder and the reference, or a stream of them.
// Operands are hex bits, or values (vectors/value_spelling.h: 1.5, -0f, inf; --values: every
// one); --show decodes the result and says what each modifier did.
//
//   halfpipe eval FORM A [B [C]] [--target sm_NN] [--ptx X.Y] [--values] [--show]
//   halfpipe eval --batch [--target sm_NN] [--ptx X.Y]  < lines "FORM A [B [C]]"
//
// The batch output is a contract that external oracles and scripts depend on: exactly one line
// per non-blank, non-comment input line, either the result as 0x + lowercase hex (4 digits for
// scalar forms, 8 for packed, lane 0 in the low half, S2) or "error: <message>"; exit status 0
// when every line succeeded, 1 otherwise (sim/exit_status.h), the first failed line named on
// standard error as <stdin>:LINE. A line holding a control character (a NUL byte, say) or longer
// than a vector file's line may be fails too, with a short message, not the line echoed back.
// vISA MIN_MAX lines (model/isa/visa.h) share the stream: a line whose first word is MIN, MAX,
// MIN.sat or MAX.sat goes to the vISA front-end. The lines are read and evaluated by
// vectors/batch_bulk.h (PTX lines grouped by form through ref::execute_n, the rest by
// vectors/batch.h); this file reads stdin and writes the results.
#include <fmt/format.h>

#include <cctype>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "model/isa/form.h"
#include "model/isa/ptx.h"
#include "model/isa/visa.h"
#include "model/ref/execute.h"
#include "model/ref/bulk/execute_n.h"
#include "sim/commands.h"
#include "sim/exit_status.h"
#include "vectors/batch.h"
#include "vectors/batch_bulk.h"
#include "vectors/line.h"
#include "vectors/value_spelling.h"
#include "vectors/vector_file.h"

namespace halfpipe::cli {
namespace {

// The mark parse_eval_options puts on `-inf` and `-nan`, which run_single takes off again.
constexpr const char* kNegativeWord = "\x01";

class BatchWriter {
 public:
  BatchWriter() { buffer_.reserve(kFlushAt + 256); }
  ~BatchWriter() { flush(); }
  std::string& buffer() { return buffer_; }
  // After a block of whole lines was appended.
  void end_block() {
    if (buffer_.size() >= kFlushAt) flush();
  }
  void flush() {
    if (!buffer_.empty()) std::fwrite(buffer_.data(), 1, buffer_.size(), stdout);
    buffer_.clear();
    std::fflush(stdout);
  }

 private:
  static constexpr size_t kFlushAt = 1 << 16;
  std::string buffer_;
};

int run_batch(const std::optional<isa::Target>& target) {
  try {
    ref::bulk_path_auto();  // HALFPIPE_BULK, checked before any output
  } catch (const std::runtime_error& e) {
    std::fprintf(stderr, "halfpipe eval: %s\n", e.what());
    return kUsageOrInputError;
  }
  vectors::BulkBatchEvaluator evaluator(target);
  BatchWriter writer;

  // A chunk's complete lines are queued as views into it and evaluated together (grouped by
  // form, vectors/batch_bulk.h) before the next read overwrites it.
  auto flush = [&] {
    evaluator.flush(writer.buffer());
    writer.end_block();
  };
  // 256 KiB: a block's text, entries and results stay in the second-level cache.
  constexpr size_t kChunk = 1 << 18;
  std::unique_ptr<char[]> chunk(new char[kChunk]);
  std::string carry;  // a line split across two reads
  size_t got;
  while ((got = std::fread(chunk.get(), 1, kChunk, stdin)) > 0) {
    std::string_view data(chunk.get(), got);
    size_t start = 0;
    if (!carry.empty()) {
      size_t nl = data.find('\n');
      if (nl == std::string_view::npos) {
        carry.append(data);
        continue;
      }
      carry.append(data.substr(0, nl));
      evaluator.add(carry);
      flush();
      carry.clear();
      start = nl + 1;
    }
    while (true) {
      const void* nl = std::memchr(data.data() + start, '\n', data.size() - start);
      if (!nl) break;
      const size_t end = static_cast<size_t>(static_cast<const char*>(nl) - data.data());
      evaluator.add(data.substr(start, end - start));
      start = end + 1;
    }
    flush();
    carry.append(data.substr(start));
  }
  if (!carry.empty()) {
    evaluator.add(carry);
    flush();
  }
  writer.flush();

  const vectors::BatchTally& t = evaluator.tally();
  if (t.failed) {
    std::fprintf(stderr, "halfpipe eval --batch: %lld of %lld lines failed; the first, <stdin>:%lld: %s\n",
                 t.failed, t.evaluated, t.first_failed_line, t.first_failure.c_str());
    return kVerificationFailure;
  }
  return kPassed;
}

// The modifiers of a Uop, each with the Uop without it: what --show compares against.
std::vector<std::pair<std::string, Uop>> modifiers_of(const Uop& u) {
  std::vector<std::pair<std::string, Uop>> out;
  auto add = [&](bool set, const char* name, bool Uop::*field) {
    if (!set) return;
    Uop without = u;
    without.*field = false;
    out.emplace_back(name, without);
  };
  add(u.ftz, ".ftz", &Uop::ftz);
  add(u.sat, ".sat", &Uop::sat);
  add(u.relu, ".relu", &Uop::relu);
  add(u.nan, ".NaN", &Uop::nan);
  add(u.xorsign_abs, ".xorsign.abs", &Uop::xorsign_abs);
  add(u.oob, ".oob", &Uop::oob);
  return out;
}

// A result register read as values, lane by lane.
std::string register_values(const Uop& u, uint32_t reg) {
  if (!u.packed) return vectors::describe_value(static_cast<uint16_t>(reg), u.format);
  return fmt::format("lane 0 {}, lane 1 {}", vectors::describe_value(static_cast<uint16_t>(reg), u.format),
                     vectors::describe_value(static_cast<uint16_t>(reg >> 16), u.format));
}

// eval --show: the result as values, and what each modifier did to it.
void show(const Uop& u, const uint32_t (&operands)[3], uint32_t result) {
  std::printf("  = %s\n", register_values(u, result).c_str());
  for (const auto& [name, without] : modifiers_of(u)) {
    const uint32_t other = ref::execute(without, operands[0], operands[1], operands[2]);
    if (other == result)
      std::printf("  %s did not change the result\n", name.c_str());
    else
      std::printf("  %s acted: without it %s = %s\n", name.c_str(),
                  vectors::format_register(u, other).c_str(), register_values(u, other).c_str());
  }
}

int run_single(std::vector<std::string> args, const std::optional<isa::Target>& target,
               bool all_values, bool show_result) {
  if (args.empty()) {
    std::fprintf(stderr, "halfpipe eval: expected FORM A [B [C]], or --batch\n");
    return kUsageOrInputError;
  }
  // Operands given as values become bit patterns of the form's format (PTX forms only).
  const isa::DecodedForm form = isa::decode_form(args[0], target);
  const std::optional<Uop>& uop = form.uop;
  if (form.visa && (all_values || show_result)) {
    std::fprintf(stderr, "halfpipe eval: --values and --show take PTX forms; vISA lines take hex\n");
    return kUsageOrInputError;
  }
  if (uop) {
    for (size_t i = 1; i < args.size(); ++i) {
      std::string& token = args[i];
      if (token.rfind(kNegativeWord, 0) == 0) token.erase(0, std::strlen(kNegativeWord));
      if (!all_values && !vectors::is_value_spelling(token, false)) continue;
      const vectors::ParsedValue v = vectors::parse_value(token, uop->format);
      if (!v.error.empty()) {
        std::fprintf(stderr, "halfpipe eval: %s\n", v.error.c_str());
        return kUsageOrInputError;
      }
      const uint32_t reg = uop->packed ? v.bits | (uint32_t{v.bits} << 16) : v.bits;
      if (!v.exact)
        std::fprintf(stderr, "halfpipe eval: %s is not exact in %s: rounded to nearest even, %s = %s\n",
                     token.c_str(), uop->format == Format::BF16 ? "bf16" : "f16",
                     vectors::format_register(*uop, reg).c_str(),
                     vectors::describe_value(v.bits, uop->format).c_str());
      token = vectors::format_register(*uop, reg);
    }
  }
  std::string joined;
  for (const auto& a : args) (joined += a) += ' ';
  // The arguments are the tokens (an argument may hold blanks); a vISA line is read whole.
  vectors::Tokens tokens;
  tokens.count = static_cast<int>(args.size());
  for (int i = 0; i < tokens.count && i < vectors::kMaxTokens; ++i)
    tokens.set(i, args[static_cast<size_t>(i)]);
  vectors::BatchEvaluator evaluator(target);
  std::string out;
  if (!evaluator.evaluate(joined, tokens, out)) {  // the instruction given is not one
    std::fprintf(stderr, "halfpipe eval: %s\n", out.c_str());
    return kUsageOrInputError;
  }
  std::printf("%s\n", out.c_str());
  if (show_result && uop) {
    uint32_t operands[3] = {};
    for (size_t i = 1; i < args.size() && i <= 3; ++i)
      operands[i - 1] = static_cast<uint32_t>(vectors::parse_hex(args[i], vectors::HexLimit::digits(8)).value);
    show(*uop, operands, static_cast<uint32_t>(vectors::parse_hex(out, vectors::HexLimit::digits(8)).value));
  }
  return kPassed;
}

int run_eval(const EvalOptions& options) {
  const isa::TargetOption option = isa::parse_target_option(options.target, options.ptx);
  if (!option.ok()) {
    std::fprintf(stderr, "halfpipe eval: %s\n", option.error.c_str());
    return kUsageOrInputError;
  }
  const std::optional<isa::Target>& target = option.target;
  if (options.batch) {
    if (!options.args.empty()) {
      std::fprintf(stderr, "halfpipe eval: --batch reads its lines from stdin and takes no FORM\n");
      return kUsageOrInputError;
    }
    return run_batch(target);
  }
  return run_single(options.args, target, options.values, options.show);
}

constexpr const char* kEvalDescription = "evaluate PTX instructions through the reference";

int eval_main(const std::vector<std::string>& args) {
  const auto parsed = parse_eval_options(args);
  if (!parsed.ok()) return report_stop("eval", parsed.text, parsed.status);
  return run_eval(*parsed.options);
}

}  // namespace

Parsed<EvalOptions> parse_eval_options(const std::vector<std::string>& args) {
  // CLI11 would take `-inf` and `-nan` for options: they are marked as operands first.
  std::vector<std::string> words = args;
  for (std::string& w : words) {
    std::string lower;
    for (const char c : w) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (lower == "-inf" || lower == "-nan") w = kNegativeWord + w;
  }
  return parse_command<EvalOptions>("eval", kEvalDescription, words, [](Vocabulary& v, EvalOptions& o) {
    v.eval_operands(o.args);
    v.batch(o.batch);
    v.values(o.values);
    v.show(o.show);
    v.target(o.target);
    v.ptx(o.ptx);
  });
}

}  // namespace halfpipe::cli

HALFPIPE_COMMAND(eval, "eval", halfpipe::cli::kEvalDescription, halfpipe::cli::eval_main);
