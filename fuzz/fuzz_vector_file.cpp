// libFuzzer target: the vector-file reader (vectors/vector_file.h) and the TestFloat reader
// (vectors/testfloat.h), reading from memory (an istringstream, as `check -` reads stdin). The
// first input byte picks the door: even, the rest is a halfpipe vector file; odd, it is
// testfloat_gen output for the TestFloat function numbered (first byte >> 1) modulo their count.
//
// Invariants: a reader either gives records or throws ParseError "FILE:LINE: ..." (any other
// exception escapes and is reported as a crash); each record's form decodes to its Uop, its
// registers fit the form's width, its lines increase; the records of a vector file, written back
// with format_vector_line, read back the same.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

#include "fuzz/fuzz_check.h"
#include "model/isa/ptx.h"
#include "vectors/testfloat.h"
#include "vectors/vector_file.h"

namespace {

namespace vectors = halfpipe::vectors;
using halfpipe::fuzz::one_line;

constexpr char kFileName[] = "fuzz.vec";

std::string describe(const vectors::VectorRecord& r) {
  return r.form + " line " + std::to_string(r.line);
}

void check_record(const vectors::VectorRecord& r, uint64_t previous_line) {
  FUZZ_CHECK(r.line > previous_line, describe(r));
  const halfpipe::isa::Decoded d = halfpipe::isa::decode_ptx(r.form);
  FUZZ_CHECK(d.uop && *d.uop == r.uop, describe(r) + ": " + d.error);
  const uint64_t limit = r.uop.packed ? 0xFFFFFFFFu : 0xFFFFu;
  FUZZ_CHECK(r.operands.a <= limit && r.operands.b <= limit && r.operands.c <= limit &&
                 r.expected <= limit,
             describe(r));
}

template <typename Reader>
std::vector<vectors::VectorRecord> read_all(Reader& reader) {
  std::vector<vectors::VectorRecord> records;
  vectors::VectorRecord r;
  try {
    while (reader.next(r)) {
      check_record(r, records.empty() ? 0 : records.back().line);
      records.push_back(r);
    }
  } catch (const vectors::ParseError& e) {
    const std::string what = e.what();
    FUZZ_CHECK(what.rfind(std::string(kFileName) + ":", 0) == 0 && one_line(what), what);
    records.clear();
  }
  return records;
}

void vector_file_door(const std::string& text) {
  std::istringstream in(text);
  vectors::VectorReader reader(in, kFileName);
  const std::vector<vectors::VectorRecord> records = read_all(reader);
  if (records.empty()) return;

  std::string rewritten;
  for (const vectors::VectorRecord& r : records)
    rewritten += vectors::format_vector_line(r.form, r.uop, r.operands, r.expected);
  std::istringstream again_in(rewritten);
  vectors::VectorReader again(again_in, kFileName);
  const std::vector<vectors::VectorRecord> reread = read_all(again);
  FUZZ_CHECK(reread.size() == records.size(), rewritten);
  for (size_t k = 0; k < records.size(); ++k)
    FUZZ_CHECK(reread[k].form == records[k].form && reread[k].uop == records[k].uop &&
                   reread[k].operands == records[k].operands &&
                   reread[k].expected == records[k].expected,
               describe(records[k]));
}

void testfloat_door(uint8_t selector, const std::string& text) {
  const auto& functions = vectors::testfloat_functions();
  const vectors::TestFloatFunction function = functions[(selector >> 1) % functions.size()];
  std::istringstream in(text);
  vectors::TestFloatReader reader(in, kFileName, function);
  for (const vectors::VectorRecord& r : read_all(reader)) {
    FUZZ_CHECK(r.form == function.form, describe(r));
    FUZZ_CHECK(!r.uop.packed, describe(r));
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const std::string text(reinterpret_cast<const char*>(data + 1), size - 1);
  if (data[0] % 2 == 0)
    vector_file_door(text);
  else
    testfloat_door(data[0], text);
  return 0;
}
