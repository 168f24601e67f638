// The Uop of a PTX form, for tests that name forms as users write them.
#pragma once

#include <catch2/catch.hpp>

#include "model/isa/ptx.h"

namespace halfpipe::vectors_test {

inline Uop uop(const char* form) {
  const auto d = isa::decode_ptx(form);
  REQUIRE(d.uop);
  return *d.uop;
}

}  // namespace halfpipe::vectors_test
