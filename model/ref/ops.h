// The arithmetic of each PTX half-precision instruction family on one lane, before the
// modifiers that every family shares (input flush, ftz of results, oob, sat, relu), which live
// in postprocess.h. One source file per family, each reading like its spec page.
#pragma once

#include <cstdint>

#include "model/ref/format.h"
#include "model/ref/round.h"

namespace halfpipe::ref {

// The families that round return the rounder's tininess with the result (round.h, S8).
Rounded add(const FloatFormat& f, uint16_t a, uint16_t b);               // addsub.cpp
Rounded sub(const FloatFormat& f, uint16_t a, uint16_t b);               // addsub.cpp
Rounded mul(const FloatFormat& f, uint16_t a, uint16_t b);               // mul.cpp
Rounded fma(const FloatFormat& f, uint16_t a, uint16_t b, uint16_t c);   // fma.cpp
uint16_t neg(const FloatFormat& f, uint16_t a);                          // negabs.cpp
uint16_t abs(const FloatFormat& f, uint16_t a);                          // negabs.cpp
Rounded tanh_approx(const FloatFormat& f, uint16_t a);                   // tanh.cpp
Rounded ex2_approx(const FloatFormat& f, uint16_t a);                    // ex2.cpp

struct MinMaxModifiers {
  bool nan = false;          // .NaN
  bool xorsign_abs = false;  // .xorsign.abs
};
uint16_t min(const FloatFormat& f, uint16_t a, uint16_t b, MinMaxModifiers m);  // minmax.cpp
uint16_t max(const FloatFormat& f, uint16_t a, uint16_t b, MinMaxModifiers m);  // minmax.cpp

}  // namespace halfpipe::ref
