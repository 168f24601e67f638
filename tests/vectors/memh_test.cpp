// `halfpipe gen --format memh` (vectors/FORMAT.md, "memh images"): five 32-bit words per vector,
// UOP A B C EXPECTED, under a `//` header. Expected words are worked out by hand from the Uop
// bit layout in model/uop/uop.h and from IEEE arithmetic.
#include "vectors/memh.h"

#include <catch2/catch.hpp>
#include <sstream>
#include <string>

#include "model/isa/ptx.h"
#include "tests/support/run_halfpipe.h"

using namespace halfpipe;
using namespace halfpipe::vectors;

namespace {

Uop uop_of(const char* form) { return *isa::decode_ptx(form).uop; }

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

}  // namespace

TEST_CASE("memh: a scalar vector is its Uop word, three zero-extended registers and the result") {
  // add.f16: op 0, format 0, nothing set -> Uop word 0; 1.0 + 1.0 = 2.0 (0x4000).
  CHECK(format_memh_line(uop_of("add.f16"), {0x3c00, 0x3c00, 0}, 0x4000) ==
        "00000000 00003c00 00003c00 00000000 00004000\n");
  // fma.rn.relu.bf16: op 3, format 1 (bits [6:4] = 001), relu bit 10 -> 0x413.
  CHECK(format_memh_line(uop_of("fma.rn.relu.bf16"), {0x3f80, 0xbf80, 0x0000}, 0x0000) ==
        "00000413 00003f80 0000bf80 00000000 00000000\n");
}

TEST_CASE("memh: a packed vector carries both lanes, and operands a form does not read are zero") {
  // neg.f16x2: op 4, packed bit 7 -> 0x84; neg reads only a, whatever the stream put in b and c.
  CHECK(format_memh_line(uop_of("neg.f16x2"), {0x3c00bc00, 0x12345678, 0x9abcdef0}, 0xbc003c00) ==
        "00000084 3c00bc00 00000000 00000000 bc003c00\n");
  // A scalar form reads bits [15:0] only (S2): the image shows exactly those.
  CHECK(format_memh_line(uop_of("mul.f16"), {0xffff3c00, 0xffff4000, 0}, 0x4000) ==
        "00000002 00003c00 00004000 00000000 00004000\n");
}

TEST_CASE("memh: the image opens with a // header naming the format, its version and the count") {
  GenerationRequest request;
  request.forms = {"add.rn.f16", "fma.rn.relu.bf16x2"};
  request.random_count = 3;
  std::ostringstream out;
  write_memh_file(out, request);
  const std::string image = out.str();
  CHECK(image.rfind("// halfpipe memh vectors, format 1 (vectors/FORMAT.md)", 0) == 0);
  CHECK(contains(image,
                 "// command: halfpipe gen add.f16 fma.rn.relu.bf16x2 --random 3 --seed 1 "
                 "--format memh\n"));
  CHECK(contains(image, "// vectors: 6\n"));
  // Six vector lines of five 8-digit words: 6 * 45 bytes after the header.
  const size_t body = image.find("\n0000");
  REQUIRE(body != std::string::npos);
  CHECK(image.size() - body - 1 == 6 * 45);
}

TEST_CASE("memh: gen refuses a vISA form with a usage error (exit 2) and writes nothing") {
  const halfpipe::test::Run r = halfpipe::test::run_halfpipe("gen 'MAX (16) hf' --format memh");
  CHECK(r.status == 2);
  CHECK(contains(r.output,
                 "halfpipe gen: 'MAX (16) hf' is a vISA MIN_MAX form: a memh image "
                 "holds PTX vectors only"));
  CHECK(!contains(r.output, "//"));
}

TEST_CASE("memh: gen writes the same vectors as the halfpipe format, word for word") {
  const halfpipe::test::Run text =
      halfpipe::test::run_halfpipe("gen sub.ftz.sat.f16x2 --random 20");
  const halfpipe::test::Run memh =
      halfpipe::test::run_halfpipe("gen sub.ftz.sat.f16x2 --random 20 --format memh");
  REQUIRE(text.status == 0);
  REQUIRE(memh.status == 0);
  // sub.ftz.sat.f16x2: op 1, packed (bit 7), ftz (bit 8), sat (bit 9) -> 0x381.
  std::istringstream lines(text.output), words(memh.output);
  std::string line, skip;
  int compared = 0;
  while (std::getline(words, skip) && skip.rfind("//", 0) == 0) {
  }
  std::istringstream body(skip + "\n" + std::string(std::istreambuf_iterator<char>(words), {}));
  while (std::getline(lines, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    std::string form, a, b, expected;
    fields >> form >> a >> b >> expected;
    std::string uop_word, wa, wb, wc, we;
    REQUIRE(body >> uop_word >> wa >> wb >> wc >> we);
    CHECK(uop_word == "00000381");
    CHECK("0x" + wa == a);
    CHECK("0x" + wb == b);
    CHECK(wc == "00000000");
    CHECK("0x" + we == expected);
    ++compared;
  }
  CHECK(compared == 20);
}
