// The C API (include/halfpipe/halfpipe.h) against values derived by hand from the spec: f16 and
// bf16 encodings (S1), packed lanes (S2), the legality and target rules (S22, S23) with the
// decoder's own messages, the vISA MIN_MAX rules (S25, S28), and the promise that every failure
// is a status and a message, never an abort, in any number of threads.
#include <catch2/catch.hpp>

#include <cstdint>
#include <cstring>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "halfpipe/halfpipe.h"
#include "model/isa/ptx.h"

namespace {

// A decoded form, freed at scope exit.
struct Form {
  hp_form* f = nullptr;
  explicit Form(const char* text, const char* sm = nullptr, const char* ptx = nullptr) {
    REQUIRE(hp_ptx_decode(text, sm, ptx, &f) == HP_OK);
  }
  ~Form() { hp_form_free(f); }
};

uint32_t exec(const hp_form* f, std::vector<uint32_t> operands) {
  uint32_t r = 0xdeadbeef;
  REQUIRE(hp_ptx_exec(f, operands.data(), operands.size(), &r) == HP_OK);
  return r;
}

}  // namespace

TEST_CASE("S1: add.rn.f16 1.0 + 1.0 = 2.0 (0x3c00 + 0x3c00 = 0x4000)", "[capi]") {
  Form add("add.rn.f16");
  CHECK(exec(add.f, {0x3c00, 0x3c00}) == 0x4000);
  CHECK(hp_form_operand_count(add.f) == 2);
  CHECK(hp_form_is_packed(add.f) == 0);
  CHECK(std::string(hp_form_name(add.f)) == "add.f16");  // .rn is optional and changes nothing (S4)
}

TEST_CASE("S1: add.bf16 1.0 + 1.0 = 2.0 (0x3f80 + 0x3f80 = 0x4000)", "[capi]") {
  Form add("add.bf16");
  CHECK(exec(add.f, {0x3f80, 0x3f80}) == 0x4000);
}

TEST_CASE("S2: a packed form computes lane 0 in [15:0] and lane 1 in [31:16]", "[capi]") {
  Form fma("fma.rn.f16x2");
  // lane 0: 1.0 * 2.0 + 0.5 = 2.5 (0x4100); lane 1: 1.5 * 2.0 + -1.0 = 2.0 (0x4000)
  CHECK(exec(fma.f, {0x3e003c00, 0x40004000, 0xbc003800}) == 0x40004100);
  CHECK(hp_form_is_packed(fma.f) == 1);
  CHECK(hp_form_operand_count(fma.f) == 3);
}

TEST_CASE("S2: a scalar form rejects an operand with bits [31:16] set", "[capi]") {
  Form add("add.f16");
  uint32_t ops[2] = {0x13c00, 0x3c00}, r = 0;
  CHECK(hp_ptx_exec(add.f, ops, 2, &r) == HP_ERR_OPERAND);
  CHECK(std::string(hp_last_error()) == "operand 0x13c00 is too wide: 'add.f16' takes 16-bit registers");
}

TEST_CASE("hp_ptx_exec_n: n instructions over arrays, each as one call gives it", "[capi]") {
  Form fma("fma.rn.f16x2");
  std::vector<uint32_t> a, b, c;
  for (uint32_t i = 0; i < 1000; ++i) {
    a.push_back(i * 2654435761u);
    b.push_back(i * 40503u + 7);
    c.push_back(~i * 2246822519u);
  }
  a[0] = 0x3e003c00, b[0] = 0x40004000, c[0] = 0xbc003800;  // the hand-checked case above
  const uint32_t* operands[3] = {a.data(), b.data(), c.data()};
  std::vector<uint32_t> results(a.size());
  REQUIRE(hp_ptx_exec_n(fma.f, operands, 3, a.size(), results.data()) == HP_OK);
  CHECK(results[0] == 0x40004100);
  for (size_t i = 0; i < a.size(); ++i) CHECK(results[i] == exec(fma.f, {a[i], b[i], c[i]}));

  SECTION("an error names the instruction and writes nothing past it") {
    Form add("add.f16");
    uint32_t x[3] = {1, 0x10000, 2}, y[3] = {1, 1, 1}, out[3] = {7, 7, 7};
    const uint32_t* xy[2] = {x, y};
    CHECK(hp_ptx_exec_n(add.f, xy, 2, 3, out) == HP_ERR_OPERAND);
    CHECK(std::string(hp_last_error()).rfind("instruction 1: operand 0x10000 is too wide", 0) == 0);
    CHECK(out[2] == 7);
  }
}

TEST_CASE("hp_ptx_exec_n: a too-wide operand far into the arrays stops there, all before it written",
          "[capi]") {
  // The check runs a block at a time (8192 instructions): the bad one lies in the second block.
  Form add("add.f16");
  const size_t n = 20000, bad = 15000;
  std::vector<uint32_t> x(n, 0x3c00), y(n, 0x3c00), out(n, 7);
  x[bad] = 0x10000;
  const uint32_t* xy[2] = {x.data(), y.data()};
  CHECK(hp_ptx_exec_n(add.f, xy, 2, n, out.data()) == HP_ERR_OPERAND);
  CHECK(std::string(hp_last_error()).rfind("instruction 15000: operand 0x10000 is too wide", 0) == 0);
  CHECK(out[0] == 0x4000);
  CHECK(out[bad - 1] == 0x4000);  // 1.0 + 1.0
  CHECK(out[bad] == 7);
  CHECK(out[n - 1] == 7);
}

TEST_CASE("hp_ptx_exec_n16: 16-bit registers, a packed form's lanes side by side", "[capi]") {
  Form add("add.rn.f16"), fma("fma.rn.f16x2");
  // 1 + 1 = 2 (0x4000), 2 + 1 = 3 (0x4200).
  const uint16_t x[2] = {0x3c00, 0x4000}, y[2] = {0x3c00, 0x3c00};
  const uint16_t* xy[2] = {x, y};
  uint16_t sum[2] = {0, 0};
  REQUIRE(hp_ptx_exec_n16(add.f, xy, 2, 2, sum) == HP_OK);
  CHECK(sum[0] == 0x4000);
  CHECK(sum[1] == 0x4200);
  // The packed case of S2 above as lanes: lane 0 1.0 * 2.0 + 0.5 = 2.5 (0x4100), lane 1
  // 1.5 * 2.0 + -1.0 = 2.0 (0x4000).
  const uint16_t a[2] = {0x3c00, 0x3e00}, b[2] = {0x4000, 0x4000}, c[2] = {0x3800, 0xbc00};
  const uint16_t* abc[3] = {a, b, c};
  uint16_t lanes[2] = {0, 0};
  REQUIRE(hp_ptx_exec_n16(fma.f, abc, 3, 1, lanes) == HP_OK);
  CHECK(lanes[0] == 0x4100);
  CHECK(lanes[1] == 0x4000);

  // Every instruction as hp_ptx_exec_n gives it on the same registers widened.
  std::vector<uint16_t> p(2000), q(2000), r16(2000);
  std::vector<uint32_t> pw(1000), qw(1000), r32(1000);
  for (uint32_t i = 0; i < 2000; ++i) {
    p[i] = static_cast<uint16_t>(i * 2654435761u >> 16);
    q[i] = static_cast<uint16_t>(i * 40503u + 7);
  }
  Form mul("mul.rn.bf16x2");
  for (size_t i = 0; i < 1000; ++i) {
    pw[i] = p[2 * i] | uint32_t{p[2 * i + 1]} << 16;
    qw[i] = q[2 * i] | uint32_t{q[2 * i + 1]} << 16;
  }
  const uint16_t* pq[2] = {p.data(), q.data()};
  const uint32_t* pqw[2] = {pw.data(), qw.data()};
  REQUIRE(hp_ptx_exec_n16(mul.f, pq, 2, 1000, r16.data()) == HP_OK);
  REQUIRE(hp_ptx_exec_n(mul.f, pqw, 2, 1000, r32.data()) == HP_OK);
  for (size_t i = 0; i < 1000; ++i) {
    CHECK(r16[2 * i] == (r32[i] & 0xffff));
    CHECK(r16[2 * i + 1] == r32[i] >> 16);
  }

  const uint16_t* missing[2] = {x, nullptr};
  CHECK(hp_ptx_exec_n16(add.f, missing, 2, 1, sum) == HP_ERR_NULL_POINTER);
  CHECK(std::string(hp_last_error()) == "operands[1] is NULL");
  CHECK(hp_ptx_exec_n16(add.f, xy, 1, 1, sum) == HP_ERR_OPERAND_COUNT);
}

TEST_CASE("hp_ptx_eval: form text and operands in one call", "[capi]") {
  uint32_t ops[2] = {0x3c00, 0x3c00}, r = 0;
  CHECK(hp_ptx_eval("add.rn.f16", ops, 2, &r) == HP_OK);
  CHECK(r == 0x4000);
  CHECK(hp_ptx_eval("neg.f16", ops, 1, &r) == HP_OK);
  CHECK(r == 0xbc00);
  CHECK(hp_ptx_eval("add.frob.f16", ops, 2, &r) == HP_ERR_FORM);
  CHECK(hp_ptx_eval("add.f16", ops, 1, &r) == HP_ERR_OPERAND_COUNT);
}

TEST_CASE("S22: an unknown or illegal form fails with the decoder's exact message", "[capi]") {
  for (const char* text : {"frob.f16", "add.rn.sat.bf16", "fma.f16", "add.rz.f16", "min.f32"}) {
    hp_form* f = reinterpret_cast<hp_form*>(1);
    CHECK(hp_ptx_decode(text, nullptr, nullptr, &f) == HP_ERR_FORM);
    CHECK(f == nullptr);
    const std::string expected = halfpipe::isa::decode_ptx(text).error;
    REQUIRE_FALSE(expected.empty());
    CHECK(std::string(hp_last_error()) == expected);
  }
}

TEST_CASE("S23: a legal form on a target too old for it is HP_ERR_TARGET", "[capi]") {
  hp_form* f = nullptr;
  CHECK(hp_ptx_decode("add.bf16", "sm_80", nullptr, &f) == HP_ERR_TARGET);
  CHECK(std::string(hp_last_error()) == "'add.bf16' requires sm_90 or higher");
  CHECK(hp_ptx_decode("fma.rn.oob.f16", "sm_90", "8.0", &f) == HP_ERR_TARGET);
  CHECK(std::string(hp_last_error()) ==
        halfpipe::isa::decode_ptx("fma.rn.oob.f16", halfpipe::isa::Target{90, 80}).error);
  CHECK(hp_ptx_decode("add.bf16", "sm_90", "7.8", &f) == HP_OK);
  hp_form_free(f);
  CHECK(hp_ptx_decode("add.bf16", "", "", &f) == HP_OK);  // "" checks nothing
  hp_form_free(f);
  CHECK(hp_ptx_decode("add.bf16", "sm90", nullptr, &f) == HP_ERR_BAD_TARGET);
  CHECK(std::string(hp_last_error()) == "bad target 'sm90': expected sm_NN, e.g. sm_90");
}

TEST_CASE("a wrong operand count is HP_ERR_OPERAND_COUNT", "[capi]") {
  Form add("add.f16"), neg("neg.bf16"), fma("fma.rn.f16");
  uint32_t ops[4] = {0x3c00, 0x3c00, 0x3c00, 0x3c00}, r = 0;
  CHECK(hp_ptx_exec(add.f, ops, 3, &r) == HP_ERR_OPERAND_COUNT);
  CHECK(std::string(hp_last_error()) == "'add.f16' takes 2 operands, got 3");
  CHECK(hp_ptx_exec(neg.f, ops, 2, &r) == HP_ERR_OPERAND_COUNT);
  CHECK(std::string(hp_last_error()) == "'neg.bf16' takes 1 operand, got 2");
  CHECK(hp_ptx_exec(fma.f, ops, 0, &r) == HP_ERR_OPERAND_COUNT);
  const uint32_t* arrays[1] = {ops};
  CHECK(hp_ptx_exec_n(fma.f, arrays, 1, 1, &r) == HP_ERR_OPERAND_COUNT);
}

TEST_CASE("a null pointer is HP_ERR_NULL_POINTER, never a crash", "[capi]") {
  Form add("add.f16");
  uint32_t ops[2] = {0, 0}, r = 0;
  hp_form* f = nullptr;
  CHECK(hp_ptx_decode(nullptr, nullptr, nullptr, &f) == HP_ERR_NULL_POINTER);
  CHECK(hp_ptx_decode("add.f16", nullptr, nullptr, nullptr) == HP_ERR_NULL_POINTER);
  CHECK(hp_ptx_exec(nullptr, ops, 2, &r) == HP_ERR_NULL_POINTER);
  CHECK(std::string(hp_last_error()) == "form is NULL");
  CHECK(hp_ptx_exec(add.f, nullptr, 2, &r) == HP_ERR_NULL_POINTER);
  CHECK(hp_ptx_exec(add.f, ops, 2, nullptr) == HP_ERR_NULL_POINTER);
  const uint32_t* arrays[2] = {ops, nullptr};
  CHECK(hp_ptx_exec_n(add.f, arrays, 2, 1, &r) == HP_ERR_NULL_POINTER);
  CHECK(std::string(hp_last_error()) == "operands[1] is NULL");
  CHECK(hp_ptx_eval(nullptr, ops, 2, &r) == HP_ERR_NULL_POINTER);
  uint32_t word, mask;
  CHECK(hp_form_uop(nullptr, &word, &mask) == HP_ERR_NULL_POINTER);
  hp_visa* v = nullptr;
  CHECK(hp_visa_decode(nullptr, &v) == HP_ERR_NULL_POINTER);
  CHECK(hp_visa_decode_binary(nullptr, &v) == HP_ERR_NULL_POINTER);
  CHECK(hp_visa_exec(nullptr, 1, nullptr, nullptr, nullptr, 1) == HP_ERR_NULL_POINTER);
  CHECK(hp_form_name(nullptr) == nullptr);
  CHECK(hp_form_operand_count(nullptr) == 0);
  hp_form_free(nullptr);
  hp_visa_free(nullptr);
}

TEST_CASE("hp_form_uop: the in_uop_i word of rtl/hp_uop_pkg.sv and the lane mask", "[capi]") {
  uint32_t word = 0, mask = 0;
  {
    Form add("add.f16");  // op Add = 0, format F16 = 0, nothing set
    REQUIRE(hp_form_uop(add.f, &word, &mask) == HP_OK);
    CHECK(word == 0x0);
    CHECK(mask == 0x1);
  }
  {
    Form fma("fma.rn.relu.bf16x2");  // op Fma = 3, format BF16 = 1 << 4, packed bit 7, relu bit 10
    REQUIRE(hp_form_uop(fma.f, &word, &mask) == HP_OK);
    CHECK(word == (3u | 1u << 4 | 1u << 7 | 1u << 10));
    CHECK(mask == 0x3);
  }
}

TEST_CASE("S22: the list of legal forms, each decodable to itself", "[capi]") {
  const auto& forms = halfpipe::isa::legal_ptx_forms();
  REQUIRE(hp_ptx_form_count() == forms.size());
  for (size_t i = 0; i < forms.size(); ++i) {
    REQUIRE(std::string(hp_ptx_form_at(i)) == forms[i]);
    Form f(hp_ptx_form_at(i));
    CHECK(std::string(hp_form_name(f.f)) == forms[i]);
  }
  CHECK(hp_ptx_form_at(forms.size()) == nullptr);
  CHECK(std::string(hp_last_error()).rfind("form index", 0) == 0);
}

TEST_CASE("S28: vISA MAX on hf from the batch-line head and from the binary encoding", "[capi]") {
  // max(1.0, 2.0) = 2.0; max(2.0, 1.0) = 2.0; max(-1.0, +0) = +0; max(NaN, 1.0) = 1.0 (S28)
  const uint64_t src0[4] = {0x3c00, 0x4000, 0xbc00, 0x7e00};
  const uint64_t src1[4] = {0x4000, 0x3c00, 0x0000, 0x3c00};
  const uint64_t expected[4] = {0x4000, 0x4000, 0x0000, 0x3c00};
  hp_visa* text = nullptr;
  hp_visa* binary = nullptr;
  REQUIRE(hp_visa_decode("MAX (4) hf", &text) == HP_OK);
  const uint8_t encoding[HP_VISA_ENCODING_BYTES] = {0x45, 0x02, 0x01, 0x0E, 0, 0, 0};  // 4 = 1 << 2
  REQUIRE(hp_visa_decode_binary(encoding, &binary) == HP_OK);
  for (hp_visa* v : {text, binary}) {
    CHECK(hp_visa_exec_size(v) == 4);
    CHECK(hp_visa_element_bits(v) == 16);
    CHECK(std::string(hp_visa_name(v)) == "MAX (4, M1) hf");
    uint64_t dst[4] = {0, 0, 0, 0};
    REQUIRE(hp_visa_exec(v, 0xF, src0, src1, dst, 4) == HP_OK);
    CHECK(std::memcmp(dst, expected, sizeof dst) == 0);
  }
  SECTION("S25: a disabled channel keeps its destination") {
    uint64_t dst[4] = {0x1111, 0x2222, 0x3333, 0x4444};
    REQUIRE(hp_visa_exec(text, 0x5, src0, src1, dst, 4) == HP_OK);
    const uint64_t kept[4] = {0x4000, 0x2222, 0x0000, 0x4444};
    CHECK(std::memcmp(dst, kept, sizeof dst) == 0);
  }
  SECTION("n instructions over arrays") {
    uint64_t s0[8], s1[8], dst[8] = {};
    const uint32_t masks[2] = {0xF, 0x1};
    for (int i = 0; i < 8; ++i) s0[i] = src0[i % 4], s1[i] = src1[i % 4];
    REQUIRE(hp_visa_exec_n(text, masks, s0, s1, dst, 2) == HP_OK);
    const uint64_t want[8] = {0x4000, 0x4000, 0x0000, 0x3c00, 0x4000, 0, 0, 0};
    CHECK(std::memcmp(dst, want, sizeof dst) == 0);
  }
  SECTION("errors: a malformed form or encoding, the wrong element count, a too-wide element") {
    hp_visa* bad = nullptr;
    CHECK(hp_visa_decode("MAX (3) hf", &bad) == HP_ERR_FORM);
    const uint8_t wrong_opcode[HP_VISA_ENCODING_BYTES] = {0x44, 0x02, 0x01, 0x0E, 0, 0, 0};
    CHECK(hp_visa_decode_binary(wrong_opcode, &bad) == HP_ERR_FORM);
    CHECK(bad == nullptr);
    uint64_t dst[4] = {};
    CHECK(hp_visa_exec(text, 0xF, src0, src1, dst, 2) == HP_ERR_OPERAND_COUNT);
    CHECK(std::string(hp_last_error()) == "'MAX (4, M1) hf' takes 4 elements per list, got 2");
    const uint64_t wide[4] = {0x13c00, 0, 0, 0};
    CHECK(hp_visa_exec(text, 0xF, wide, src1, dst, 4) == HP_ERR_OPERAND);
  }
  hp_visa_free(text);
  hp_visa_free(binary);
}

TEST_CASE("threads: any number may share a handle, each with its own last error", "[capi]") {
  Form fma("fma.rn.f16x2");
  constexpr size_t kCount = 20000;
  std::vector<uint32_t> a(kCount), b(kCount), c(kCount), expected(kCount);
  for (size_t i = 0; i < kCount; ++i) {
    a[i] = static_cast<uint32_t>(i * 2654435761u);
    b[i] = static_cast<uint32_t>(i * 97u + 0x3c003c00u);
    c[i] = static_cast<uint32_t>(i * 40503u);
    expected[i] = exec(fma.f, {a[i], b[i], c[i]});
  }
  constexpr int kThreads = 8;
  std::vector<size_t> mismatches(kThreads, 0);
  std::vector<std::string> errors(kThreads);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      for (size_t i = t; i < kCount; i += 1) {
        const uint32_t ops[3] = {a[i], b[i], c[i]};
        uint32_t r = 0;
        if (hp_ptx_exec(fma.f, ops, 3, &r) != HP_OK || r != expected[i]) ++mismatches[t];
      }
      // Each thread fails differently; each sees its own message.
      uint32_t r;
      hp_ptx_exec(fma.f, a.data(), static_cast<size_t>(t % 3), &r);
      errors[t] = hp_last_error();
    });
  }
  for (auto& th : threads) th.join();
  for (int t = 0; t < kThreads; ++t) {
    CHECK(mismatches[t] == 0);
    CHECK(errors[t] == "'fma.rn.f16x2' takes 3 operands, got " + std::to_string(t % 3));
  }
}

TEST_CASE("hp_version is project(VERSION) of CMakeLists.txt", "[capi]") {
  std::ifstream in(HALFPIPE_SOURCE_DIR "/CMakeLists.txt");
  std::stringstream text;
  text << in.rdbuf();
  std::smatch m;
  const std::string s = text.str();
  REQUIRE(std::regex_search(s, m, std::regex(R"(project\(halfpipe VERSION ([0-9.]+))")));
  CHECK(std::string(hp_version()) == m[1].str());
  CHECK(std::string(HALFPIPE_VERSION) == m[1].str());
}

TEST_CASE("hp_status_name names every status", "[capi]") {
  CHECK(std::string(hp_status_name(HP_OK)) == "HP_OK");
  CHECK(std::string(hp_status_name(HP_ERR_TARGET)) == "HP_ERR_TARGET");
  CHECK(std::string(hp_status_name(static_cast<hp_status>(99))) == "unknown hp_status");
}

TEST_CASE("hp_eval_line: exactly the text eval --batch prints, 0 result, 1 error, 2 too small", "[capi]") {
  char out[64];
  CHECK(hp_eval_line("add.f16 3c00 3c00", out, sizeof out) == 0);
  CHECK(std::string(out) == "0x4000");  // 1.0 + 1.0 = 2.0
  CHECK(hp_eval_line("fma.rn.f16x2 3e003c00 40004000 bc003800\n", out, sizeof out) == 0);
  CHECK(std::string(out) == "0x40004100");  // S2: {1.5*2-1, 1*2+0.5} = {2.0, 2.5}
  // vISA MAX over two hf channels, both enabled: max(1.0, 2.0), max(2.0, 1.0)
  CHECK(hp_eval_line("MAX (2) hf 3 0,0 3c00,4000 4000,3c00", out, sizeof out) == 0);
  CHECK(std::string(out) == "0x4000,0x4000");
  CHECK(hp_eval_line("frob.f16 1 2", out, sizeof out) == 1);
  CHECK(std::string(out) == "error: unknown opcode 'frob'");
  CHECK(hp_eval_line("add.f16 3c00", out, sizeof out) == 1);
  CHECK(std::string(out) == "error: 'add.f16' takes 2 operands, got 1");
  CHECK(hp_eval_line("   # a comment", out, sizeof out) == 0);
  CHECK(std::string(out).empty());
  CHECK(hp_eval_line("", out, sizeof out) == 0);
  CHECK(std::string(out).empty());
  CHECK(hp_eval_line("add.f16 3c00 3c00", out, 4) == 2);
  CHECK(std::string(out) == "0x4");  // as much as fits, NUL-terminated
  CHECK(hp_eval_line("add.f16 3c00 3c00", out, 7) == 0);  // "0x4000" and its NUL fit exactly
  CHECK(hp_eval_line(nullptr, out, sizeof out) == 1);
  CHECK(std::string(out) == "error: line is NULL");
  CHECK(hp_eval_line("add.f16 3c00 3c00", nullptr, 0) == 2);
}
