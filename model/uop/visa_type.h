// The vISA MIN_MAX element types (S26) and the element operation of one instruction: part of the
// contract, like the Uop, because the front-end decodes into them, the reference computes with
// them and the harness and the vectors size their elements by them. Nothing here computes.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

#include "model/uop/uop.h"

namespace halfpipe {

enum class VisaType : uint8_t { B, UB, W, UW, D, UD, Q, UQ, HF, F, DF };
inline constexpr int kVisaTypeCount = 11;

// What an element of a type is (S26).
struct VisaTypeTraits {
  std::string_view name;  // lower case, as the batch line spells it: "b" ... "df"
  int bits;               // 8, 16, 32 or 64
  bool is_float;          // HF, F, DF: IEEE binary16/32/64
  bool is_signed;         // integers only
  int exp_bits;           // floats only
  int frac_bits;          // floats only
};

inline constexpr std::array<VisaTypeTraits, kVisaTypeCount> kVisaTypeTraits{{
    {"b", 8, false, true, 0, 0},
    {"ub", 8, false, false, 0, 0},
    {"w", 16, false, true, 0, 0},
    {"uw", 16, false, false, 0, 0},
    {"d", 32, false, true, 0, 0},
    {"ud", 32, false, false, 0, 0},
    {"q", 64, false, true, 0, 0},
    {"uq", 64, false, false, 0, 0},
    {"hf", 16, true, false, 5, 10},
    {"f", 32, true, false, 8, 23},
    {"df", 64, true, false, 11, 52},
}};

constexpr const VisaTypeTraits& traits(VisaType t) {
  return kVisaTypeTraits[static_cast<size_t>(t)];
}

// All ones in the low `bits` bits: the element mask of a type.
constexpr uint64_t element_mask(int bits) {
  return bits >= 64 ? ~uint64_t{0} : (uint64_t{1} << bits) - 1;
}

// The element operation of one MIN_MAX instruction: everything but its channels and masks.
struct VisaMinMax {
  bool max = false;  // Op byte bit 0
  VisaType type = VisaType::HF;
  bool sat = false;
  SourceModifier src0_mod{};
  SourceModifier src1_mod{};
};

}  // namespace halfpipe
