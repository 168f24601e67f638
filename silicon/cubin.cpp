#include "silicon/cubin.h"

#include <fmt/format.h>

#include <cstring>
#include <stdexcept>

namespace halfpipe::silicon {

namespace {

// The fields of a Hopper instruction this reader uses. None is documented by NVIDIA; each was
// read off cuobjdump's own listing of the campaign's sm_90 program, whose lines print both words
// of every instruction beside its text (silicon/results/sm_90/run1/sass.txt.xz; the test
// "the cubin reader decodes each instruction of the sm_90 listing as cuobjdump printed it"
// holds every one of its instructions of the table below to it):
// - the opcode field: bits 0-11 of the low word. Bits 0-8 are the operation, bits 9-11 the form
//   of the second source: 1 a register (HFMA2 0x231), 4 an immediate (HFMA2 0x831, its 32 bits
//   in 32-63), 6 a constant bank (IADD3 0xc10), 7 a uniform register (IMAD 0xe24);
// - the guard: bits 12-14 the predicate (7 = PT, none), bit 15 its negation;
// - the destination: bits 16-23; the first source: 24-31; the second, when a register: 32-39;
//   the third: bits 0-7 of the high word (255 is RZ);
// - a special register (S2R, S2UR, CS2R): bits 8-15 of the high word (0x21 SR_TID.X, 0x25
//   SR_CTAID.X in the listing).
constexpr unsigned kOperationBits = 0x1ff;
constexpr unsigned kFormRegister = 1, kFormImmediate = 4, kFormConstant = 6, kFormUniform = 7;

// Which fields an operation's operands occupy, after the destination.
enum class Layout {
  kNone,     // only the mnemonic: no general register written (ISETP, BRA, the uniform ones)
  kD,        // only the destination: the integer instructions the loop around a chain runs
  kAB,       // two sources: HADD2 R11, R8.H0_H0, R11.H0_H0
  kABC,      // three: HFMA2 R15, R15, R12, R8; PRMT R11, R4, 0x5410, R11
  kB,        // one, in the second source's field: MUFU.EX2 R11, R8.H1
  kSpecial,  // a special register: S2R R2, SR_TID.X; CS2R R2, SR_CLOCKLO
};

struct Operation {
  unsigned code;  // bits 0-8 of the opcode field
  const char* mnemonic;
  Layout layout;
};

// Every operation of the listing (silicon/results/sm_90/run1/sass.txt.xz, ptxas 13.0 for sm_90),
// named as cuobjdump printed it there, the most specific name that is a prefix of every mnemonic
// of the operation, plus CS2R, which the listing lacks: a kernel reading nothing but %clock64
// (and %clock) compiles to instructions of operation 0x005 in the form 4, whose special register
// is 0x50, the one that kernel reads; the same kernel's S2R of %tid.x reads 0x21, as in the
// listing.
constexpr Operation kOperations[] = {
    {0x005, "CS2R", Layout::kSpecial},
    {0x007, "SEL", Layout::kD},
    {0x00c, "ISETP", Layout::kNone},
    {0x010, "IADD3", Layout::kD},
    {0x011, "LEA", Layout::kD},
    {0x012, "LOP3.LUT", Layout::kABC},
    {0x016, "PRMT", Layout::kABC},
    {0x019, "SHF", Layout::kD},
    {0x024, "IMAD", Layout::kD},
    {0x025, "IMAD.WIDE", Layout::kD},
    {0x030, "HADD2", Layout::kAB},
    {0x031, "HFMA2", Layout::kABC},
    {0x032, "HMUL2", Layout::kAB},
    {0x035, "HFMA2.MMA", Layout::kABC},  // the same operation on the second pipe
    {0x036, "VIADD", Layout::kD},
    {0x040, "HMNMX2", Layout::kAB},
    {0x082, "UMOV", Layout::kNone},
    {0x087, "USEL", Layout::kNone},
    {0x08c, "UISETP", Layout::kNone},
    {0x090, "UIADD3", Layout::kNone},
    {0x092, "ULOP3.LUT", Layout::kNone},
    {0x0b9, "ULDC", Layout::kNone},
    {0x108, "MUFU", Layout::kB},
    {0x118, "NOP", Layout::kNone},
    {0x119, "S2R", Layout::kSpecial},
    {0x141, "BSYNC", Layout::kNone},
    {0x145, "BSSY", Layout::kNone},
    {0x147, "BRA", Layout::kNone},
    {0x14d, "EXIT", Layout::kNone},
    {0x181, "LDG.E", Layout::kD},
    {0x182, "LDC", Layout::kD},
    {0x186, "STG.E", Layout::kNone},
    {0x1ac, "LDCU", Layout::kNone},
    {0x1c3, "S2UR", Layout::kSpecial},
};

// The special registers the check needs, by number (the field above): the clock, measured as
// CS2R's above; the others as the listing names them.
std::string special_register(unsigned number) {
  switch (number) {
    case 0x21:
      return "SR_TID.X";
    case 0x25:
      return "SR_CTAID.X";
    case 0x50:
      return "SR_CLOCKLO";
    default:
      return fmt::format("SR_{:#x}", number);
  }
}

const Operation* operation_of(uint64_t low) {
  for (const Operation& o : kOperations)
    if (o.code == (low & kOperationBits)) return &o;
  return nullptr;
}

std::string general_register(unsigned number) {
  return number == 255 ? "RZ" : fmt::format("R{}", number);
}

// Little-endian reads within the file, refusing any past its end.
template <typename T>
T read(const std::vector<uint8_t>& bytes, uint64_t offset) {
  if (offset > bytes.size() || bytes.size() - offset < sizeof(T))
    throw std::runtime_error(
        fmt::format("cubin: a read at {} passes the end ({} bytes)", offset, bytes.size()));
  T value = 0;
  for (size_t k = 0; k < sizeof(T); ++k) value |= static_cast<T>(bytes[offset + k]) << (8 * k);
  return value;
}

}  // namespace

std::map<std::string, std::vector<HopperWord>> cubin_kernels(const std::vector<uint8_t>& bytes) {
  // ELF64: the identification (magic, class 2 = 64-bit, data 1 = little-endian), e_machine 190
  // (EM_CUDA) at 18, e_shoff at 40, e_shentsize, e_shnum and e_shstrndx at 58, 60, 62.
  static constexpr uint8_t kMagic[4] = {0x7f, 'E', 'L', 'F'};
  if (bytes.size() < 64 || std::memcmp(bytes.data(), kMagic, 4) != 0)
    throw std::runtime_error("cubin: not an ELF file");
  if (bytes[4] != 2 || bytes[5] != 1)
    throw std::runtime_error("cubin: not a little-endian ELF64 file");
  if (read<uint16_t>(bytes, 18) != 190)
    throw std::runtime_error(
        fmt::format("cubin: machine {}, not EM_CUDA (190)", read<uint16_t>(bytes, 18)));
  const uint64_t section_table = read<uint64_t>(bytes, 40);
  const unsigned entry_size = read<uint16_t>(bytes, 58), sections = read<uint16_t>(bytes, 60),
                 names_index = read<uint16_t>(bytes, 62);
  if (entry_size < 64 || names_index >= sections)
    throw std::runtime_error("cubin: a malformed section table");
  // A section header: sh_name at 0, sh_offset at 24, sh_size at 32.
  auto header = [&](unsigned k) { return section_table + uint64_t{k} * entry_size; };
  const uint64_t names = read<uint64_t>(bytes, header(names_index) + 24);
  const uint64_t names_size = read<uint64_t>(bytes, header(names_index) + 32);
  std::map<std::string, std::vector<HopperWord>> kernels;
  for (unsigned k = 0; k < sections; ++k) {
    const uint32_t name_offset = read<uint32_t>(bytes, header(k));
    if (name_offset >= names_size)
      throw std::runtime_error("cubin: a section name out of its table");
    std::string name;
    for (uint64_t at = names + name_offset; read<uint8_t>(bytes, at) != 0; ++at)
      name += static_cast<char>(bytes[at]);
    if (name.rfind(".text.", 0) != 0) continue;
    const uint64_t offset = read<uint64_t>(bytes, header(k) + 24),
                   size = read<uint64_t>(bytes, header(k) + 32);
    if (size % 16 != 0)
      throw std::runtime_error(
          fmt::format("cubin: {} is {} bytes, not whole instructions", name, size));
    if (size > 0) read<uint8_t>(bytes, offset + size - 1);  // within the file
    std::vector<HopperWord>& code = kernels[name.substr(6)];
    for (uint64_t at = offset; at < offset + size; at += 16)
      code.push_back({read<uint64_t>(bytes, at), read<uint64_t>(bytes, at + 8)});
  }
  return kernels;
}

std::optional<std::string> hopper_mnemonic(uint64_t low_word) {
  const Operation* o = operation_of(low_word);
  return o ? std::optional<std::string>(o->mnemonic) : std::nullopt;
}

SassInstruction decode_hopper(const HopperWord& word) {
  const Operation* o = operation_of(word.low);
  if (!o) return {fmt::format("?{:#05x}", word.low & 0xfff), {}};
  SassInstruction i{o->mnemonic, {}};
  const unsigned form = (word.low >> 9) & 7;
  const auto field = [&](int shift) { return static_cast<unsigned>(word.low >> shift) & 0xff; };
  const std::string d = general_register(field(16)), a = general_register(field(24)),
                    c = general_register(static_cast<unsigned>(word.high) & 0xff);
  const std::string b = form == kFormRegister    ? general_register(field(32))
                        : form == kFormImmediate ? "imm"
                        : form == kFormConstant  ? "c[]"
                        : form == kFormUniform   ? "UR"
                                                 : fmt::format("form{}", form);
  switch (o->layout) {
    case Layout::kNone:
      break;
    case Layout::kD:
      i.operands = {d};
      break;  // a 64-bit one's second register is not named
    case Layout::kAB:
      i.operands = {d, a, b};
      break;
    case Layout::kABC:
      i.operands = {d, a, b, c};
      break;
    case Layout::kB:
      i.operands = {d, b};
      break;
    case Layout::kSpecial:
      // S2UR writes a uniform register; the others a general one.
      i.operands = {o->code == 0x1c3 ? fmt::format("UR{}", field(16)) : d,
                    special_register(static_cast<unsigned>(word.high >> 8) & 0xff)};
      break;
  }
  return i;
}

std::vector<SassInstruction> sass_of_cubin(const std::vector<uint8_t>& bytes,
                                           const std::string& kernel) {
  const auto kernels = cubin_kernels(bytes);
  const auto it = kernels.find(kernel);
  std::vector<SassInstruction> code;
  if (it != kernels.end())
    for (const HopperWord& w : it->second) code.push_back(decode_hopper(w));
  return code;
}

}  // namespace halfpipe::silicon
