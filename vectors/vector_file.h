// The halfpipe vector file (vectors/FORMAT.md): '#' header lines, then one vector per line,
// `FORM A [B [C]] EXPECTED`, hex. Dropping the last column gives `halfpipe eval --batch` input.
#pragma once

#include <cstdint>
#include <functional>
#include <istream>
#include <optional>
#include <ostream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "model/uop/uop.h"
#include "vectors/line.h"
#include "vectors/stream.h"

namespace halfpipe::vectors {

// Longest line a reader accepts, in bytes (without the end of line).
inline constexpr size_t kMaxLineLength = 4096;

// A malformed input: what() is "FILE:LINE: <what is wrong>".
class ParseError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// `0x` + lowercase hex, 4 digits for a scalar form, 8 for a packed one (eval's convention).
std::string format_register(const Uop& u, uint32_t value);

// One vector line, with its end of line.
std::string format_vector_line(std::string_view form, const Uop& u, const Operands& o,
                               uint32_t expected);

// What `halfpipe gen` was asked for: everything needed to regenerate a file, written in its
// header.
struct GenerationRequest {
  std::vector<std::string> forms;  // canonical spellings
  bool corner = false;
  uint64_t random_count = 0;  // 0: no random stream
  bool exhaustive = false;
  uint64_t seed = kDefaultSeed;
  Shard shard{};
  std::vector<uint16_t> exhaustive_c_values;
  // Called after each batch of vectors written, with the count so far and the file's total
  // (`halfpipe gen`'s progress line and Ctrl-C: it may throw to stop the file).
  std::function<void(uint64_t written, uint64_t total)> progress;

  // The streams of each form, in file order: corner, random, exhaustive; unsharded.
  std::vector<StreamSpec> specs() const;
  // Each (form, stream) of the file in order, narrowed to the shard: the shard is taken over
  // the file's whole sequence of vectors, so shards 1..N concatenated give the unsharded file.
  // The forms must be canonical.
  struct Part {
    std::string form;
    Uop uop;
    StreamSpec spec;
    Slice slice;  // within that stream
  };
  std::vector<Part> parts() const;
  // The `halfpipe gen ...` command line that reproduces the file.
  std::string command() const;
};

// Resolves and canonicalises the forms, then writes the header and every vector. Throws
// std::invalid_argument for an illegal form and ref::NotImplemented (naming the form) for one
// the reference cannot evaluate yet; the caller discards the partial output.
void write_vector_file(std::ostream& out, GenerationRequest request,
                       Evaluator evaluate = reference_evaluator);

// The header lines after a file's first: generator version, command (with `command_suffix`),
// seed, shard and the count of vectors in `parts`, each line opened by `comment`.
std::string generation_header(const GenerationRequest& request,
                              const std::vector<GenerationRequest::Part>& parts,
                              std::string_view comment, std::string_view command_suffix);

// Draws every vector of `parts` in order (the reference's results through `evaluate`) and lets
// `append` add its text to a buffer written to `out` in large pieces: the one generation loop
// behind every output format. Rethrows ref::NotImplemented naming the form. `progress`, when
// given, is called after each batch with the vectors written and their total.
using VectorAppender =
    std::function<void(std::string& buffer, const GenerationRequest::Part& part, const Vector& v)>;
void append_vectors(std::ostream& out, const std::vector<GenerationRequest::Part>& parts,
                    Evaluator evaluate, const VectorAppender& append,
                    const std::function<void(uint64_t, uint64_t)>& progress = {});

// The canonical spelling of a form as written (decode_ptx then ptx_form); throws
// std::invalid_argument with the decoder's message for an illegal one.
std::string canonical_form(const std::string& form);

// Why `line` (without its end of line) is not a line of hand-written text, or nothing: longer
// than kMaxLineLength, or holding a control character other than a blank (is_blank), a NUL byte
// say; as "line longer than 4096 characters" or "byte 0x00 in column 7 is not text". Bytes above
// 0x7f pass: a comment may be UTF-8. For the line-oriented inputs that are not vector files
// (eval --batch's lines, plan's SPEC), which must refuse such a line rather than carry it on.
std::optional<std::string> not_a_text_line(std::string_view line);

// Reads lines with a bounded length, telling comment, blank and content lines apart and
// reporting truncation (a last line without an end of line).
class LineReader {
 public:
  LineReader(std::istream& in, std::string file_name);
  // The next line without its end of line; false at the end of the input. Throws ParseError
  // for a line longer than kMaxLineLength, a byte that is not printable text, or a last line
  // that is cut short (no end of line).
  bool next(std::string& line);
  uint64_t line_number() const { return line_number_; }
  const std::string& file_name() const { return file_name_; }
  [[noreturn]] void fail(const std::string& what) const;

 private:
  std::istream& in_;
  std::string file_name_;
  uint64_t line_number_ = 0;
};

// The reader's message for a register column that parse_hex (line.h) refused, `max_digits`
// being the register's width in hex digits.
std::string register_error(std::string_view token, const Hex& hex, int max_digits);

struct VectorRecord {
  std::string form;
  Uop uop;
  Operands operands;
  uint32_t expected = 0;
  uint64_t line = 0;

  // A line's registers as the readers take them: n operands, then the expected result.
  void assign(std::string_view form_text, const Uop& u, const uint32_t (&registers)[4], int n,
              uint64_t line_number) {
    form = form_text;
    uop = u;
    operands = {registers[0], n >= 2 ? registers[1] : 0, n >= 3 ? registers[2] : 0};
    expected = registers[n];
    line = line_number;
  }
};

// Reads a halfpipe vector file. Every problem throws ParseError naming the file and line: a
// malformed line, an unknown or illegal form, a wrong operand count or width, an overlong line,
// a truncated file (last line without end of line, or fewer vectors than the header's
// `# vectors:` count), a file with no vectors.
class VectorReader {
 public:
  VectorReader(std::istream& in, std::string file_name);
  bool next(VectorRecord& out);
  const std::string& file_name() const { return lines_.file_name(); }
  // Lines read so far (all of them once next() has returned false).
  uint64_t lines_read() const { return lines_.line_number(); }

 private:
  void read_header_field(const std::string& line);

  LineReader lines_;
  FormCache forms_;
  std::optional<uint64_t> declared_count_;
  uint64_t count_ = 0;
  bool done_ = false;
};

}  // namespace halfpipe::vectors
