// `halfpipe eval`: one instruction through the decoder and the reference, or a stream of them.
//
//   halfpipe eval FORM A [B [C]] [--target sm_NN] [--ptx X.Y]
//   halfpipe eval --batch [--target sm_NN] [--ptx X.Y]  < lines "FORM A [B [C]]"
//
// The batch output is a contract that external oracles and scripts depend on: exactly one line
// per non-blank, non-comment input line, either the result as 0x + lowercase hex (4 digits for
// scalar forms, 8 for packed, lane 0 in the low half, S2) or "error: <message>"; exit status 0
// when every line succeeded, 1 otherwise. vISA MIN_MAX lines (model/isa/visa.h) share the stream:
// a line whose first word is MIN, MAX, MIN.sat or MAX.sat goes to the vISA front-end.
#include <array>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <exception>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "model/isa/ptx.h"
#include "model/isa/visa.h"
#include "model/ref/execute.h"
#include "model/uop/uop.h"
#include "sim/commands.h"

namespace halfpipe::cli {
namespace {

constexpr int kMaxFields = 5;  // the form, up to three operands, and one more to detect excess

// The whitespace-separated fields of one line, '#' and what follows removed.
struct Fields {
  std::array<std::string_view, kMaxFields> field;
  int count = 0;  // may exceed kMaxFields; only the first kMaxFields are kept
};

inline bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f'; }

Fields split_fields(std::string_view line) {
  Fields f;
  size_t i = 0;
  const size_t n = line.size();
  while (true) {
    while (i < n && is_blank(line[i])) ++i;
    if (i == n || line[i] == '#') return f;
    size_t start = i;
    while (i < n && !is_blank(line[i]) && line[i] != '#') ++i;
    if (f.count < kMaxFields) f.field[f.count] = line.substr(start, i - start);
    ++f.count;
  }
}

// Hex digit values by character, -1 for anything else.
const std::array<int8_t, 256> kHexValue = [] {
  std::array<int8_t, 256> t{};
  t.fill(-1);
  for (int i = 0; i < 10; ++i) t['0' + i] = static_cast<int8_t>(i);
  for (int i = 0; i < 6; ++i) t['a' + i] = t['A' + i] = static_cast<int8_t>(10 + i);
  return t;
}();

inline int hex_digit(char c) { return kHexValue[static_cast<unsigned char>(c)]; }

// vISA lines start MIN, MAX, MIN.sat or MAX.sat in any case, maybe with "(" attached; PTX forms
// always carry a type after the opcode. A cheap test before asking the vISA front-end.
inline bool might_be_visa(std::string_view first_field) {
  auto lower = [](char c) { return static_cast<char>(c | 0x20); };
  if (first_field.size() < 3 || lower(first_field[0]) != 'm') return false;
  const char b = lower(first_field[1]), c = lower(first_field[2]);
  if (!((b == 'i' && c == 'n') || (b == 'a' && c == 'x'))) return false;
  return first_field.size() == 3 || first_field[3] == '(' ||
         (first_field[3] == '.' && first_field.size() > 4 && lower(first_field[4]) == 's');
}

// A decoded form: the Uop, or why the form is rejected.
struct Form {
  std::optional<Uop> uop;
  std::string error;
  std::string text;  // as written, for messages
};

// Evaluates "FORM A [B [C]]": the result text in `out`, or the error message. The operand count
// and the widest operand (4 hex digits for a 16-bit register, 8 for a packed 32-bit one) come
// from the Uop.
bool evaluate(const Form& form, const Fields& fields, std::string& out) {
  if (!form.uop) {
    out += form.error;
    return false;
  }
  const Uop& u = *form.uop;
  const int wanted = operand_count(u.op);
  const int given = fields.count - 1;
  if (given != wanted) {
    out += "'" + form.text + "' takes " + std::to_string(wanted) +
           (wanted == 1 ? " operand, got " : " operands, got ") + std::to_string(given);
    return false;
  }
  const int max_digits = u.packed ? 8 : 4;
  uint32_t operand[3] = {0, 0, 0};
  for (int i = 0; i < wanted; ++i) {
    std::string_view text = fields.field[i + 1];
    std::string_view digits = text;
    if (digits.size() >= 2 && digits[0] == '0' && (digits[1] == 'x' || digits[1] == 'X'))
      digits.remove_prefix(2);
    uint32_t value = 0;
    bool good = !digits.empty();
    for (char c : digits) {
      int d = hex_digit(c);
      if (d < 0) {
        good = false;
        break;
      }
      value = (value << 4) | static_cast<uint32_t>(d);
    }
    if (!good) {
      out += "bad hex operand '" + std::string(text) + "'";
      return false;
    }
    if (static_cast<int>(digits.size()) > max_digits) {
      out += "operand '" + std::string(text) + "' is too wide: '" + form.text + "' takes at most " +
             std::to_string(max_digits) + " hex digits";
      return false;
    }
    operand[i] = value;
  }
  uint32_t result;
  try {
    result = ref::execute(u, operand[0], operand[1], operand[2]);
  } catch (const std::exception& e) {
    out += e.what();
    return false;
  }
  static constexpr char kHex[] = "0123456789abcdef";
  char text[10] = {'0', 'x'};
  const int digits = u.packed ? 8 : 4;
  for (int i = 0; i < digits; ++i) text[2 + i] = kHex[(result >> (4 * (digits - 1 - i))) & 0xF];
  out.append(text, 2 + digits);
  return true;
}

// Forms decoded once per distinct spelling: a batch repeats a handful of forms millions of times.
class FormCache {
 public:
  explicit FormCache(std::optional<isa::Target> target) : target_(target) {}

  const Form& get(std::string_view text) {
    // The first forms seen are compared directly: cheaper than hashing when a batch mixes a few
    // dozen forms, as generated vectors do.
    for (const Form* f : first_seen_)
      if (f->text.size() == text.size() && std::memcmp(f->text.data(), text.data(), text.size()) == 0)
        return *f;
    key_.assign(text.data(), text.size());
    auto it = forms_.find(key_);
    if (it == forms_.end()) {
      Form form;
      isa::Decoded d = isa::decode_ptx(text, target_);
      form.uop = d.uop;
      form.error = std::move(d.error);
      form.text = key_;
      it = forms_.emplace(key_, std::move(form)).first;
      if (first_seen_.size() < kFirstSeen) first_seen_.push_back(&it->second);
    }
    return it->second;
  }

 private:
  static constexpr size_t kFirstSeen = 64;
  std::optional<isa::Target> target_;
  std::unordered_map<std::string, Form> forms_;  // node-based: pointers into it stay valid
  std::vector<const Form*> first_seen_;
  std::string key_;
};

class BatchWriter {
 public:
  BatchWriter() { buffer_.reserve(kFlushAt + 256); }
  ~BatchWriter() { flush(); }
  std::string& buffer() { return buffer_; }
  void end_line() {
    buffer_ += '\n';
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
  FormCache cache(target);
  BatchWriter writer;
  std::string message;
  long long line_number = 0, evaluated = 0, failed = 0, first_failed_line = 0;
  std::string first_failure;

  auto handle_line = [&](std::string_view line) {
    ++line_number;
    Fields fields = split_fields(line);
    if (fields.count == 0) return;
    ++evaluated;
    std::string& out = writer.buffer();
    const size_t mark = out.size();
    if (might_be_visa(fields.field[0]) && isa::visa::is_batch_line(line)) {
      out += isa::visa::evaluate_batch_line(line);
      if (std::string_view(out).substr(mark).rfind("error: ", 0) == 0 && failed++ == 0) {
        first_failed_line = line_number;
        first_failure = out.substr(mark + 7);
      }
      writer.end_line();
      return;
    }
    const Form& form = cache.get(fields.field[0]);
    if (form.uop) {
      if (evaluate(form, fields, out)) {
        writer.end_line();
        return;
      }
      message.assign(out, mark, std::string::npos);
      out.resize(mark);
    } else {
      message = form.error;
    }
    out += "error: ";
    out += message;
    if (failed++ == 0) {
      first_failed_line = line_number;
      first_failure = message;
    }
    writer.end_line();
  };

  constexpr size_t kChunk = 1 << 20;
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
      handle_line(carry);
      carry.clear();
      start = nl + 1;
    }
    while (true) {
      size_t nl = data.find('\n', start);
      if (nl == std::string_view::npos) break;
      handle_line(data.substr(start, nl - start));
      start = nl + 1;
    }
    carry.append(data.substr(start));
  }
  if (!carry.empty()) handle_line(carry);
  writer.flush();

  if (failed) {
    std::fprintf(stderr, "halfpipe eval --batch: %lld of %lld lines failed; the first, line %lld: %s\n",
                 failed, evaluated, first_failed_line, first_failure.c_str());
    return 1;
  }
  return 0;
}

int run_single(const std::vector<std::string>& args, const std::optional<isa::Target>& target) {
  if (args.empty()) {
    std::fprintf(stderr, "halfpipe eval: expected FORM A [B [C]], or --batch\n");
    return 1;
  }
  std::string joined;
  for (const auto& a : args) (joined += a) += ' ';
  if (might_be_visa(args[0]) && isa::visa::is_batch_line(joined)) {
    std::string result = isa::visa::evaluate_batch_line(joined);
    if (result.rfind("error: ", 0) == 0) {
      std::fprintf(stderr, "halfpipe eval: %s\n", result.c_str() + 7);
      return 1;
    }
    std::printf("%s\n", result.c_str());
    return 0;
  }
  Fields fields;
  fields.count = static_cast<int>(args.size());
  for (int i = 0; i < fields.count && i < kMaxFields; ++i) fields.field[i] = args[i];
  Form form;
  isa::Decoded d = isa::decode_ptx(args[0], target);
  form.uop = d.uop;
  form.error = std::move(d.error);
  form.text = args[0];
  std::string out;
  if (!evaluate(form, fields, out)) {
    std::fprintf(stderr, "halfpipe eval: %s\n", out.c_str());
    return 1;
  }
  std::printf("%s\n", out.c_str());
  return 0;
}

int run_eval(const EvalOptions& options) {
  std::optional<isa::Target> target;
  if (!options.target.empty() || !options.ptx.empty()) {
    std::string error;
    target = isa::parse_target(options.target, options.ptx, error);
    if (!target) {
      std::fprintf(stderr, "halfpipe eval: %s\n", error.c_str());
      return 1;
    }
  }
  if (options.batch) {
    if (!options.args.empty()) {
      std::fprintf(stderr, "halfpipe eval: --batch reads its lines from stdin and takes no FORM\n");
      return 1;
    }
    return run_batch(target);
  }
  return run_single(options.args, target);
}

constexpr const char* kEvalDescription = "evaluate PTX instructions through the reference";

int eval_main(const std::vector<std::string>& args) {
  const auto parsed = parse_eval_options(args);
  if (!parsed.ok()) return report_stop("eval", parsed.text, parsed.status);
  return run_eval(*parsed.options);
}

}  // namespace

Parsed<EvalOptions> parse_eval_options(const std::vector<std::string>& args) {
  return parse_command<EvalOptions>("eval", kEvalDescription, args, [](Vocabulary& v, EvalOptions& o) {
    v.eval_operands(o.args);
    v.batch(o.batch);
    v.target(o.target);
    v.ptx(o.ptx);
  });
}

}  // namespace halfpipe::cli

HALFPIPE_COMMAND(eval, "eval", halfpipe::cli::kEvalDescription, halfpipe::cli::eval_main);
