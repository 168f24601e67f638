// Operands as values (`eval 1.5f -0f`): the spelling rule, and rounding to nearest even into f16
// and bf16. The bit patterns are worked out by hand from the formats (f16: 1 sign, 5 exponent
// bits biased by 15, 10 fraction bits; bf16: 8 exponent bits biased by 127, 7 fraction bits).
#include <catch2/catch.hpp>

#include "vectors/value_spelling.h"

using halfpipe::Format;
using halfpipe::vectors::describe_value;
using halfpipe::vectors::is_value_spelling;
using halfpipe::vectors::parse_value;

TEST_CASE("value spelling: a point, a sign, inf or nan make a value, and plain digits stay hex bits") {
  for (const char* v : {"1.5", "1.5f", "-0f", "-0", "+2", "2.", ".5", "1.5e-3", "inf", "-inf", "NaN", "+nan"})
    CHECK(is_value_spelling(v, false));
  for (const char* bits : {"1", "3c00", "0x3c00", "1e5", "1f", "ff"}) CHECK_FALSE(is_value_spelling(bits, false));
  // --values: every decimal number is a value.
  CHECK(is_value_spelling("1", true));
  CHECK(is_value_spelling("1e5", true));
  CHECK_FALSE(is_value_spelling("3c00", true));
}

TEST_CASE("value spelling: exact values give their patterns") {
  CHECK(parse_value("1.0", Format::F16).bits == 0x3C00);
  CHECK(parse_value("-2", Format::F16).bits == 0xC000);
  CHECK(parse_value("-0f", Format::F16).bits == 0x8000);
  CHECK(parse_value("65504.0", Format::F16).bits == 0x7BFF);                   // the largest f16
  CHECK(parse_value("5.9604644775390625e-8", Format::F16).bits == 0x0001);    // 2^-24
  CHECK(parse_value("inf", Format::F16).bits == 0x7C00);
  CHECK(parse_value("-inf", Format::BF16).bits == 0xFF80);
  CHECK(parse_value("nan", Format::F16).bits == 0x7FFF);  // S10's canonical NaN
  CHECK(parse_value("1.0", Format::BF16).bits == 0x3F80);
  CHECK(parse_value("1.0", Format::F16).exact);
}

TEST_CASE("value spelling: an inexact value is rounded to nearest even, ties to the even pattern") {
  const auto tenth = parse_value("0.1", Format::F16);  // 0.0999755859375 = 0x2E66
  CHECK(tenth.bits == 0x2E66);
  CHECK_FALSE(tenth.exact);
  // 65520 is halfway between 65504 (0x7BFF, odd) and 65536, which overflows: inf.
  CHECK(parse_value("65520.0", Format::F16).bits == 0x7C00);
  CHECK(parse_value("65519.99", Format::F16).bits == 0x7BFF);
  // 2^-25 is halfway between 0 and 2^-24: the even one, +0; a hair above goes up.
  CHECK(parse_value("2.98023223876953125e-8", Format::F16).bits == 0x0000);
  CHECK(parse_value("2.98023223876953126e-8", Format::F16).bits == 0x0001);
  // bf16: 1 + 2^-8 is halfway between 1 (0x3F80, even) and 1 + 2^-7; 1 + 3*2^-8 between
  // 0x3F81 and 0x3F82 (even).
  CHECK(parse_value("1.00390625", Format::BF16).bits == 0x3F80);
  CHECK(parse_value("1.01171875", Format::BF16).bits == 0x3F82);
}

TEST_CASE("value spelling: a decimal a hair from a tie rounds by the text, not by the double it parses to") {
  // Both parse to the double 1.01171875, a tie in bf16; the text is below or above it.
  CHECK(parse_value("1.0117187499999999", Format::BF16).bits == 0x3F81);
  CHECK(parse_value("1.01171875000000000000000001", Format::BF16).bits == 0x3F82);
  // Likewise in f16: 1 + 2^-11 is the tie between 0x3C00 and 0x3C01.
  CHECK(parse_value("1.00048828125", Format::F16).bits == 0x3C00);
  CHECK(parse_value("1.0004882812500000000001", Format::F16).bits == 0x3C01);
  CHECK(parse_value("1.0004882812499999999999", Format::F16).bits == 0x3C00);
}

TEST_CASE("value spelling: what is no value names the token and the spellings") {
  const auto bad = parse_value("1.5.2", Format::F16);
  CHECK(bad.error.find("'1.5.2' is not a value") == 0);
  CHECK(bad.error.find("inf or nan") != std::string::npos);
}

TEST_CASE("value spelling: a pattern reads back as its exact value and class") {
  CHECK(describe_value(0x4200, Format::F16) == "3 (normal)");
  CHECK(describe_value(0x8000, Format::F16) == "-0 (zero)");
  CHECK(describe_value(0x0001, Format::F16) == "5.9604644775390625e-08 (subnormal)");
  CHECK(describe_value(0xFC00, Format::F16) == "-inf");
  CHECK(describe_value(0x7FFF, Format::F16) == "NaN (quiet, canonical)");
  CHECK(describe_value(0x7C01, Format::F16) == "NaN (signalling)");
  CHECK(describe_value(0x3F82, Format::BF16) == "1.015625 (normal)");
}
