// hp_eval_line: one `halfpipe eval --batch` line through the batch-line evaluator the command
// itself uses (vectors/batch.h), so that the text is the command's, byte for byte.
#include <cstring>
#include <exception>
#include <string>
#include <string_view>

#include "halfpipe/halfpipe.h"
#include "vectors/batch.h"
#include "vectors/line.h"

namespace {

// Copies `text` into out[0 .. out_len), truncated and NUL-terminated; 2 when it did not fit.
int deliver(const std::string& text, int code, char* out, size_t out_len) {
  if (!out || out_len == 0) return 2;
  const size_t n = text.size() < out_len - 1 ? text.size() : out_len - 1;
  std::memcpy(out, text.data(), n);
  out[n] = '\0';
  return n == text.size() ? code : 2;
}

}  // namespace

extern "C" int hp_eval_line(const char* line, char* out, size_t out_len) {
  std::string text;
  int code = 1;
  try {
    if (!line) {
      text = "error: line is NULL";
    } else {
      std::string_view view(line);
      if (!view.empty() && view.back() == '\n') view.remove_suffix(1);  // as fgets gives it
      // One evaluator per thread: its form cache is not shared, so no lock is taken.
      thread_local halfpipe::vectors::BatchEvaluator evaluator;
      const halfpipe::vectors::Tokens tokens = halfpipe::vectors::tokenize(view);
      if (tokens.empty()) {
        code = 0;
      } else if (evaluator.evaluate(view, tokens, text)) {
        code = 0;
      } else {
        text.insert(0, "error: ");
      }
    }
  } catch (const std::exception& e) {
    text = std::string("error: ") + e.what();
    code = 1;
  } catch (...) {
    text = "error: unknown failure in the reference";
    code = 1;
  }
  return deliver(text, code, out, out_len);
}
