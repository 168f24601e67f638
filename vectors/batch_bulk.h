// `halfpipe eval --batch` in bulk: lines are taken a block at a time, the plain PTX lines
// (`FORM A [B [C]]`, hex operands, nothing else on the line) grouped by form and evaluated by
// ref::execute_n, every other line (comments, vISA lines, anything malformed or refused) by
// BatchEvaluator (batch.h) one at a time, and the output written in input order. The output and
// the tally are exactly BatchEvaluator's line by line: the grouping changes the speed only.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model/isa/ptx.h"
#include "model/uop/uop.h"
#include "vectors/batch.h"
#include "vectors/line.h"

namespace halfpipe::vectors {

// What a batch run counts: every input line, those evaluated (not blank or comment-only), those
// that failed and the first failure (its line number and message).
struct BatchTally {
  long long line_number = 0, evaluated = 0, failed = 0, first_failed_line = 0;
  std::string first_failure;
};

class BulkBatchEvaluator {
 public:
  explicit BulkBatchEvaluator(std::optional<isa::Target> target = std::nullopt);

  // Queues one input line (without its end of line). The view must stay valid until flush().
  void add(std::string_view line);
  // Evaluates the queued lines and appends their output lines (each ending in '\n') to `out`,
  // in input order: the result, or "error: <message>".
  void flush(std::string& out);
  const BatchTally& tally() const { return tally_; }

 private:
  // The PTX lines of one legal form in the current block.
  struct Group {
    Uop uop;
    int digits = 4;  // 4 for a scalar register, 8 for a packed one
    int operands = 2;
    bool failed = false;  // execute_n threw: each line evaluated alone, its message in `error`
    std::vector<uint32_t> a, b, c, d;
    std::vector<std::string> error;
  };
  static constexpr uint32_t kSlow = UINT32_MAX, kBlank = UINT32_MAX - 1;
  // One queued line: its group and position there, or kSlow (evaluated alone, `index` into
  // slow_lines_) or kBlank. Eight bytes: a block's entries stay in cache.
  struct Entry {
    uint32_t group;
    uint32_t index;
  };
  // A form's spelling and its group (kSlow for a form that is not a legal PTX form).
  struct KnownForm {
    std::string text;
    uint32_t group;
  };

  // A line the bulk path does not take, with its tokens.
  struct SlowLine {
    std::string_view line;
    Tokens tokens;
  };
  Entry classify(std::string_view line);
  uint32_t group_of(std::string_view form_text, std::string_view line);
  void evaluate_slow(const SlowLine& slow, std::string& out);
  // An "error: " line, counted in the tally.
  void fail(const std::string& message, std::string& out);

  std::optional<isa::Target> target_;
  BatchEvaluator evaluator_;
  BatchTally tally_;
  std::vector<Group> groups_;
  std::vector<KnownForm> known_;
  size_t last_known_ = 0;
  std::vector<Entry> entries_;
  std::vector<SlowLine> slow_lines_;
  std::string message_;
};

}  // namespace halfpipe::vectors
