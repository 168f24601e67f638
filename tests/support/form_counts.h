// The hand counts that grow when an op or a form is added, each derived from the spec pages, not
// from the decoders, which the tests that read them check. A new op changes them here, once.
#pragma once

namespace halfpipe::test {

// PTX ISA 9.7.4's half-precision pages, written out in tests/isa/s22_forms.h: 154 spellings of
// 124 distinct forms (the optional .rn of add, sub and mul spells 30 of them twice).
inline constexpr int kPtxSpellings = 154;
inline constexpr int kPtxForms = 124;
// The op table's rows: add, sub, mul, fma, neg, abs, min, max, tanh, ex2, coded 0 to 9.
inline constexpr int kOps = 10;

}  // namespace halfpipe::test
