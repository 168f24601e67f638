// The DPI-C functions of dpi/halfpipe_dpi_pkg.sv, over the C API (include/halfpipe/halfpipe.h).
// DPI's types only: a SystemVerilog `string` is a const char*, `int` an int, `int unsigned` an
// unsigned int, `chandle` a void*, and an `output` argument a pointer. A string returned to the
// simulator stays valid until this thread's next call (IEEE 1800-2017 35.5.5 lets the simulator
// copy it then).
#include <cstdint>
#include <string>

#include "halfpipe/halfpipe.h"

namespace {

thread_local hp_status last_status = HP_OK;
thread_local std::string returned;  // the storage behind a returned string

hp_status record(hp_status s) {
  last_status = s;
  return s;
}

const char* give(std::string text) {
  returned = std::move(text);
  return returned.c_str();
}

}  // namespace

extern "C" {

int hp_dpi_last_status(void) { return last_status; }

const char* hp_dpi_last_error(void) { return give(last_status == HP_OK ? "" : hp_last_error()); }

const char* hp_dpi_version(void) { return hp_version(); }

void* hp_dpi_decode(const char* form) {
  hp_form* f = nullptr;
  record(hp_ptx_decode(form, nullptr, nullptr, &f));
  return f;
}

void* hp_dpi_decode_target(const char* form, const char* sm, const char* ptx_version) {
  hp_form* f = nullptr;
  record(hp_ptx_decode(form, sm, ptx_version, &f));
  return f;
}

void hp_dpi_free(void* form) { hp_form_free(static_cast<hp_form*>(form)); }

int hp_dpi_operand_count(void* form) { return hp_form_operand_count(static_cast<hp_form*>(form)); }

int hp_dpi_is_packed(void* form) { return hp_form_is_packed(static_cast<hp_form*>(form)); }

const char* hp_dpi_form_name(void* form) {
  const char* name = hp_form_name(static_cast<hp_form*>(form));
  return give(name ? name : "");
}

int hp_dpi_uop(void* form, unsigned int* uop_word, unsigned int* lane_mask) {
  uint32_t word = 0, mask = 0;
  hp_status s = record(hp_form_uop(static_cast<hp_form*>(form), &word, &mask));
  *uop_word = word;
  *lane_mask = mask;
  return s;
}

int hp_dpi_exec(void* form, int operand_count, unsigned int a, unsigned int b, unsigned int c,
                unsigned int* result) {
  const uint32_t operands[3] = {a, b, c};
  uint32_t r = 0;
  const size_t count = operand_count < 0 ? SIZE_MAX : static_cast<size_t>(operand_count);
  hp_status s = record(hp_ptx_exec(static_cast<hp_form*>(form), operands, count, &r));
  *result = r;
  return s;
}

int hp_dpi_eval(const char* form, int operand_count, unsigned int a, unsigned int b,
                unsigned int c, unsigned int* result) {
  const uint32_t operands[3] = {a, b, c};
  uint32_t r = 0;
  const size_t count = operand_count < 0 ? SIZE_MAX : static_cast<size_t>(operand_count);
  hp_status s = record(hp_ptx_eval(form, operands, count, &r));
  *result = r;
  return s;
}

int hp_dpi_form_count(void) { return static_cast<int>(hp_ptx_form_count()); }

const char* hp_dpi_form_at(int index) {
  const char* name = index < 0 ? nullptr : hp_ptx_form_at(static_cast<size_t>(index));
  record(name ? HP_OK : HP_ERR_RANGE);
  return give(name ? name : "");
}

const char* hp_dpi_eval_line(const char* line) {
  std::string& out = returned;
  out.resize(out.capacity() < 256 ? 256 : out.capacity());
  int code;
  while ((code = hp_eval_line(line, out.data(), out.size() + 1)) == 2) out.resize(out.size() * 2);
  out.resize(std::char_traits<char>::length(out.c_str()));
  return out.c_str();  // an error is in the text ("error: ..."), as eval --batch prints it
}

}  // extern "C"
