// The SASS reader that tells whether a timing kernel measures what it claims
// (silicon/sass_chain.h), on cuobjdump text written as cuobjdump writes it
// (silicon/results/sm_90/run1/sass.txt.xz has the layout): an intact chain passes; a chain
// ptxas folded, one broken by another instruction, one whose instructions do not depend on each
// other, and one outside the clock reads each fail, saying why.
#include <catch2/catch.hpp>

#include "silicon/sass_chain.h"

namespace hs = halfpipe::silicon;

namespace {

std::string line(int address, const std::string& instruction) {
  char text[200];
  std::snprintf(text, sizeof text, "        /*%04x*/                   %s ;   /* 0x0000000000000000 */\n"
                "                                                          /* 0x0000000000000000 */\n",
                address, instruction.c_str());
  return text;
}

// A kernel: a clock read, `body`, a clock read, around other code.
std::string function(const std::string& name, const std::vector<std::string>& body) {
  std::string text = "\t\tFunction : " + name + "\n\t.headerflags\t@\"EF_CUDA_SM90\"\n";
  int address = 0;
  text += line(address += 16, "LDC R1, c[0x0][0x28]");
  text += line(address += 16, "CS2R R2, SR_CLOCKLO");
  for (const auto& i : body) text += line(address += 16, i);
  text += line(address += 16, "CS2R R8, SR_CLOCKLO");
  text += line(address += 16, "STG.E.64 desc[UR4][R4.64], R8");
  text += line(address += 16, "EXIT");
  return text;
}

std::vector<std::string> chain(const std::string& op, int n) {
  std::vector<std::string> body;
  for (int k = 0; k < n; ++k) body.push_back(op + " R11, R11, R5, R11");
  return body;
}

}  // namespace

TEST_CASE("timing SASS: a latency kernel's chain is the expected count of its opcode between the clock reads, each reading the last") {
  const std::string text = function("other", chain("HADD2", 3)) + function("latency_fma_f16", chain("HFMA2", 8));
  const auto code = hs::sass_of_function(text, "latency_fma_f16");
  REQUIRE(code.size() == 13);
  CHECK(code[2].opcode == "HFMA2");
  CHECK(code[2].operands == std::vector<std::string>{"R11", "R11", "R5", "R11"});
  CHECK(hs::check_chain(code, {"HFMA2"}, 8, 1) == "");
  // A chain spread over the FMA and the MMA pipe is one chain.
  auto mixed = chain("HFMA2.BF16_V2", 8);
  mixed[3] = "HFMA2.MMA.BF16_V2 R11, R11, R5, R11";
  CHECK(hs::check_chain(hs::sass_of_function(function("k", mixed), "k"), {"HFMA2"}, 8, 1) == "");
}

TEST_CASE("timing SASS: a chain ptxas folded fails the check") {
  // neg(neg(x)): eight negs leave nothing; abs(abs(x)): one HADD2.
  CHECK_THAT(hs::check_chain(hs::sass_of_function(function("k", {}), "k"), {"HADD2"}, 8, 1),
             Catch::Matchers::Contains("is 0 instructions, not 8"));
  CHECK_THAT(hs::check_chain(hs::sass_of_function(function("k", {"HADD2 R11, |R11|.H0_H0, -RZ.H0_H0"}), "k"),
                             {"HADD2"}, 8, 1),
             Catch::Matchers::Contains("is 1 instructions, not 8"));
}

TEST_CASE("timing SASS: the loop's own instructions in the chain's stalls leave it unbroken") {
  // ptxas schedules the trip counter (IADD3 or VIADD, ISETP) between a chain's instructions:
  // they write none of its registers and issue while it waits (every latency kernel's cubin).
  auto counted = chain("HFMA2", 8);
  counted.insert(counted.begin() + 2, "IADD3 R4, R4, 0x1, RZ");
  counted.insert(counted.begin() + 4, "ISETP.NE.AND P0, PT, R4, RZ, PT");
  CHECK(hs::check_chain(hs::sass_of_function(function("k", counted), "k"), {"HFMA2"}, 8, 1) == "");
}

TEST_CASE("timing SASS: a chain broken by another instruction, or of independent instructions, fails the check") {
  // An instruction on the chain's path: it writes the chain's register.
  auto broken = chain("HFMA2", 8);
  broken.insert(broken.begin() + 4, "IADD3 R11, R11, 0x1, RZ");
  CHECK_THAT(hs::check_chain(hs::sass_of_function(function("k", broken), "k"), {"HFMA2"}, 8, 1),
             Catch::Matchers::Contains("is 4 instructions, not 8"));
  // One the reader cannot tell (the cubin reader's unnamed opcodes): what it writes is unknown.
  auto unknown = hs::sass_of_function(function("k", chain("HFMA2", 8)), "k");
  unknown.insert(unknown.begin() + 6, hs::SassInstruction{"?0x202", {}});
  CHECK_THAT(hs::check_chain(unknown, {"HFMA2"}, 8, 1), Catch::Matchers::Contains("not 8"));
  std::vector<std::string> independent;
  for (int k = 0; k < 8; ++k) independent.push_back("HFMA2 R" + std::to_string(20 + k) + ", R5, R5, R6");
  CHECK_THAT(hs::check_chain(hs::sass_of_function(function("k", independent), "k"), {"HFMA2"}, 8, 1),
             Catch::Matchers::Contains("not a dependent chain"));
}

TEST_CASE("timing SASS: a chain outside the clock reads is not timed") {
  const std::string text = "\t\tFunction : k\n" + line(16, "HFMA2 R11, R11, R5, R11") + line(32, "EXIT");
  CHECK_THAT(hs::check_chain(hs::sass_of_function(text, "k"), {"HFMA2"}, 1, 1),
             Catch::Matchers::Contains("the chain is not timed"));
}
