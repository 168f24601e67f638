// The timing kernels' SASS for sm_90, read from the cubin nvcc writes (silicon/cubin.h) where no
// cuobjdump is (the build machines and CI have nvcc and ptxas, not cuobjdump or nvdisasm), and
// also from cuobjdump's listing where there is one: one rule, silicon/sass_chain.h's check_chain.
//   silicon_timing_sass_test listing SASS.txt.xz   the cubin reader decodes every instruction of
//                                                  cuobjdump's sm_90 listing as cuobjdump printed
//                                                  it (needs xz)
//   silicon_timing_sass_test kernels WORK_DIR      every latency kernel of timing_ops.cu holds its
//                                                  chain unbroken between the clock reads
//   silicon_timing_sass_test refuses WORK_DIR      cubins of a folded, a fused and a broken chain
//                                                  fail the check
// Exit 77 (skipped) where nvcc (or, for `listing`, xz) is missing: the CUDA toolkit is not a
// Debian package, and the build never needs it.
#include <fmt/format.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <regex>
#include <sstream>

#include "silicon/cubin.h"
#include "silicon/sass_chain.h"
#include "silicon/timing.h"

namespace fs = std::filesystem;
namespace hs = halfpipe::silicon;

namespace {

constexpr int kSkip = 77;

std::string tool(const char* name, const char* variable) {
  if (const char* given = std::getenv(variable)) return given;
  for (const std::string dir : {"/usr/local/cuda/bin", "/usr/bin", "/bin"})
    if (fs::exists(dir + "/" + name)) return dir + "/" + name;
  return "";
}

std::vector<uint8_t> bytes_of(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// nvcc -arch=sm_90 -cubin of `source`, written to WORK/NAME.cu; the cubin's path, or "" (said why).
std::string compile(const std::string& nvcc, const fs::path& work, const std::string& name,
                    const std::string& source) {
  fs::create_directories(work);
  std::ofstream(work / (name + ".cu")) << source;
  const fs::path cubin = work / (name + ".cubin"), log = work / (name + ".nvcc.out");
  const std::string command =
      fmt::format("'{}' -arch=sm_90 -cubin -O2 '{}' -o '{}' > '{}' 2>&1", nvcc,
                  (work / (name + ".cu")).string(), cubin.string(), log.string());
  if (std::system(command.c_str()) != 0) {
    std::cout << "FAIL: nvcc on " << name << ".cu: see " << log.string() << '\n';
    return "";
  }
  return cubin.string();
}

// The general and special registers an operand list names, in order ("R11", "RZ", "SR_TID.X").
std::vector<std::string> registers_in(const std::vector<std::string>& operands) {
  static const std::regex reg(R"(\b(R[0-9]+|RZ|SR_[A-Z0-9_.]+)\b)");
  std::vector<std::string> out;
  for (const auto& o : operands)
    for (auto it = std::sregex_iterator(o.begin(), o.end(), reg); it != std::sregex_iterator();
         ++it)
      out.push_back((*it)[1].str());
  return out;
}

std::string joined(const std::vector<std::string>& v) {
  std::string s;
  for (const auto& x : v) s += (s.empty() ? "" : ", ") + x;
  return s;
}

// Every instruction of the listing, with both words cuobjdump printed beside it, decodes to the
// mnemonic the listing names (the longest of the table's names that starts it, so that HFMA2 is
// not read for HFMA2.MMA) and, where the reader gives operands, to the same registers in order.
int listing(const std::string& path) {
  const std::string xz = tool("xz", "XZ");
  if (xz.empty()) {
    std::cout << "no xz here: skipped\n";
    return kSkip;
  }
  FILE* pipe = popen(fmt::format("'{}' -dc '{}'", xz, path).c_str(), "r");
  if (!pipe) return 1;
  std::string text;
  char buffer[1 << 16];
  for (size_t n; (n = fread(buffer, 1, sizeof buffer, pipe)) > 0;) text.append(buffer, n);
  if (pclose(pipe) != 0 || text.empty()) {
    std::cout << "FAIL: xz -dc " << path << '\n';
    return 1;
  }
  // "  /*0050*/   @!P0 IMAD.WIDE.U32 R4, R7, UR4, R2 ;   /* 0x0000000407047c25 */" and, on the
  // next line, "   /* 0x001fe2000f8e0002 */".
  static const std::regex first(
      R"(^\s*/\*[0-9a-f]+\*/\s+(?:@!?U?P[0-9T]\s+)?([A-Z][A-Z0-9_.]*)\s*([^;]*);\s*/\* 0x([0-9a-f]{16}) \*/)");
  static const std::regex second(R"(^\s*/\* 0x([0-9a-f]{16}) \*/)");
  const std::vector<std::string> names = [] {
    std::vector<std::string> n;
    for (unsigned code = 0; code < 0x200; ++code)
      if (auto m = hs::hopper_mnemonic(code)) n.push_back(*m);
    return n;
  }();
  std::istringstream in(text);
  std::string line, next;
  int checked = 0, wrong = 0;
  while (std::getline(in, line)) {
    std::smatch m, m2;
    if (!std::regex_search(line, m, first)) continue;
    if (!std::getline(in, next) || !std::regex_search(next, m2, second)) {
      std::cout << "FAIL: no second word after: " << line << '\n';
      return 1;
    }
    const hs::HopperWord word{std::stoull(m[3].str(), nullptr, 16),
                              std::stoull(m2[1].str(), nullptr, 16)};
    const std::string mnemonic = m[1].str();
    std::string longest;
    for (const auto& n : names)
      if ((mnemonic == n || mnemonic.rfind(n + ".", 0) == 0) && n.size() > longest.size())
        longest = n;
    std::vector<std::string> operands;
    for (size_t start = 0; start < m[2].str().size();) {
      const std::string all = m[2].str();
      const size_t comma = std::min(all.find(',', start), all.size());
      operands.push_back(all.substr(start, comma - start));
      start = comma + 1;
    }
    const hs::SassInstruction decoded = hs::decode_hopper(word);
    ++checked;
    // Where the reader names only the destination, the listing's first register.
    std::vector<std::string> text_registers = registers_in(operands);
    if (decoded.operands.size() == 1 && !text_registers.empty()) text_registers.resize(1);
    std::string problem;
    if (decoded.opcode != longest)
      problem = fmt::format("read as {}, not {}", decoded.opcode,
                            longest.empty() ? "in the table" : longest);
    else if (!decoded.operands.empty() && registers_in(decoded.operands) != text_registers)
      problem = fmt::format("registers {}, not {}", joined(registers_in(decoded.operands)),
                            joined(text_registers));
    if (!problem.empty() && ++wrong <= 20) std::cout << line << "\n    " << problem << '\n';
  }
  std::cout << checked << " instructions, " << wrong << " decoded otherwise\n";
  return checked > 0 && wrong == 0 ? 0 : 1;
}

// Each latency kernel as the campaign writes it: the cubin reader's SASS and, where cuobjdump
// is, cuobjdump's, both hold the chain.
int kernels(const fs::path& work, const std::string& nvcc) {
  const std::string cubin = compile(nvcc, work, "timing_ops", hs::timing_ops_source(90));
  if (cubin.empty()) return 1;
  const std::vector<uint8_t> bytes = bytes_of(cubin);
  std::string listing_text;
  const std::string cuobjdump = tool("cuobjdump", "CUOBJDUMP");
  if (!cuobjdump.empty()) {
    const std::string dump =
        fmt::format("'{}' -sass '{}' > '{}'", cuobjdump, cubin, (work / "sass.txt").string());
    if (std::system(dump.c_str()) != 0) {
      std::cout << "FAIL: cuobjdump -sass\n";
      return 1;
    }
    std::stringstream text;
    text << std::ifstream(work / "sass.txt").rdbuf();
    listing_text = text.str();
  }
  std::cout << "reading the cubin"
            << (cuobjdump.empty() ? " (no cuobjdump here)" : " and cuobjdump's listing") << '\n';
  int failed = 0, passed = 0;
  for (const auto& t : hs::timing_ops(90)) {
    // A packed transcendental runs each lane as a chain of its own.
    const int chains = t.sass_halves_per_instruction == 4 ? 2 : 1;
    const int count = hs::kBodyLength * t.sass_halves_per_instruction / 2;
    std::string problem =
        hs::check_chain(hs::sass_of_cubin(bytes, t.latency_kernel()), t.sass, count, chains);
    if (problem.empty() && !listing_text.empty())
      problem = hs::check_chain(hs::sass_of_function(listing_text, t.latency_kernel()), t.sass,
                                count, chains);
    if (problem.empty())
      ++passed;
    else {
      ++failed;
      std::cout << t.latency_kernel() << ": " << problem << '\n';
    }
  }
  std::cout << passed << " passed, " << failed << " failed\n";
  return failed || passed == 0 ? 1 : 0;
}

// A latency kernel of the campaign's shape (a loop of timed trips, %clock64 before the first
// and after the last) whose trip is `body`, 64 PTX instructions on the chain %0 (type `type`,
// constraint `constraint`), with operands %1 and %2; with `second`, a second chain y is %1 and
// the operands %2 and %3.
std::string kernel(const std::string& name, const std::string& type, const char* constraint,
                   const std::vector<std::string>& body, bool second = false) {
  std::string text;
  for (const auto& i : body) text += "        \"" + i + "\\n\\t\"\n";
  return fmt::format(
      "extern \"C\" __global__ void {0}(uint32_t seed, uint32_t b, uint32_t c,\n"
      "    unsigned long long* clocks, {1}* values) {{\n"
      "  {1} x = static_cast<{1}>(seed), y = static_cast<{1}>(seed + 1u);\n"
      "  const {1} rb = static_cast<{1}>(b), rc = static_cast<{1}>(c);\n"
      "  unsigned long long start = 0;\n"
      "#pragma unroll 1\n"
      "  for (int trip = -1; trip < 8; ++trip) {{\n"
      "    if (trip == 0) start = clock64();\n"
      "    asm volatile(\n{2}        : \"+{3}\"(x){4} : \"{3}\"(rb), \"{3}\"(rc));\n"
      "  }}\n"
      "  clocks[threadIdx.x] = clock64() - start;\n"
      "  values[threadIdx.x] = x + y;\n"
      "}}\n\n",
      name, type, text, constraint, second ? fmt::format(", \"+{}\"(y)", constraint) : "");
}

std::vector<std::string> repeated(int n, const std::string& a, const std::string& b = "") {
  std::vector<std::string> v;
  for (int k = 0; k < n; ++k) v.push_back(k % 2 && !b.empty() ? b : a);
  return v;
}

// Cubins ptxas made of chains that do not time what they claim: each must fail the check, for
// the reason given. The reader's failure modes, on real SASS, not only on hand-written text.
int refuses(const fs::path& work, const std::string& nvcc) {
  struct Case {
    std::string kernel, why;
    std::vector<std::string> opcodes;
    std::string message;  // what check_chain must say
  };
  std::string source = "#include <cstdint>\n\n";
  // neg(neg(x)) is x: ptxas leaves no instruction of the chain.
  source += kernel("folded_neg_f16", "unsigned short", "h", repeated(64, "neg.f16 %0, %0;"));
  // min(min(x, b), c) of one form is one three-input HMNMX2 (another opcode): 32, not 64.
  source += kernel("fused_min_f16", "unsigned short", "h",
                   repeated(64, "min.f16 %0, %0, %1;", "min.f16 %0, %0, %2;"));
  // An instruction of another class on the chain's path, halfway: two runs of at most 32.
  auto broken = repeated(64, "fma.rn.f16x2 %0, %1, %2, %0;");
  broken[32] = "xor.b32 %0, %0, %1;";
  source += kernel("broken_by_xor_f16x2", "uint32_t", "r", broken);
  // Two chains of 32, one after the other in the PTX: 64 HFMA2, but two chains of half the
  // length, however ptxas orders them (one after the other, or interleaved).
  auto two = repeated(64, "fma.rn.f16x2 %0, %2, %3, %0;");
  for (int k = 32; k < 64; ++k) two[k] = "fma.rn.f16x2 %1, %2, %3, %1;";
  source += kernel("two_chains_f16x2", "uint32_t", "r", two, true);
  const std::vector<Case> cases = {
      {"folded_neg_f16", "neg(neg(x)) folded", {"HADD2", "HFMA2"}, "is 0 instructions, not 64"},
      {"fused_min_f16", "min of one form fused", {"HMNMX2"}, "is 0 instructions, not 64"},
      {"broken_by_xor_f16x2",
       "a LOP3 in the chain",
       {"HFMA2"},
       "not 64: the chain is folded or broken"},
      {"two_chains_f16x2", "two chains of 32", {"HFMA2"}, "not a dependent chain"},
  };
  const std::string cubin = compile(nvcc, work, "refused", source);
  if (cubin.empty()) return 1;
  const std::vector<uint8_t> bytes = bytes_of(cubin);
  int failed = 0;
  for (const auto& c : cases) {
    const auto code = hs::sass_of_cubin(bytes, c.kernel);
    const std::string problem =
        code.empty() ? "no such kernel in the cubin" : hs::check_chain(code, c.opcodes, 64, 1);
    const bool refused = !code.empty() && problem.find(c.message) != std::string::npos;
    std::cout << (refused ? "refused" : "FAIL: not refused as expected") << ": " << c.kernel << " ("
              << c.why << "): " << (problem.empty() ? "passed the check" : problem) << '\n';
    failed += !refused;
  }
  return failed ? 1 : 0;
}

}  // namespace

int main(int argc, char** argv) {
  const std::string mode = argc == 3 ? argv[1] : "";
  if (mode != "listing" && mode != "kernels" && mode != "refuses") {
    std::cerr << "usage: silicon_timing_sass_test listing SASS.txt.xz | kernels WORK_DIR | refuses "
                 "WORK_DIR\n";
    return 2;
  }
  try {
    if (mode == "listing") return listing(argv[2]);
    const std::string nvcc = tool("nvcc", "NVCC");
    if (nvcc.empty()) {
      std::cout << "no nvcc (CUDA toolkit) here: skipped\n";
      return kSkip;
    }
    return mode == "kernels" ? kernels(argv[2], nvcc) : refuses(argv[2], nvcc);
  } catch (const std::exception& e) {
    std::cout << "FAIL: " << e.what() << '\n';
    return 1;
  }
}
