// The C API (include/halfpipe/halfpipe.h) over the decoders (model/isa) and the reference
// (model/ref). Every entry point catches everything: no C++ exception crosses into C, and a
// failure is a status plus this thread's message.
#include "halfpipe/halfpipe.h"

#include <algorithm>
#include <cstring>
#include <exception>
#include <memory>
#include <new>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>

#include "model/isa/ptx.h"
#include "model/isa/visa.h"
#include "model/ref/bulk/execute_n.h"
#include "model/ref/execute.h"
#include "model/ref/visa_minmax.h"
#include "model/uop/uop.h"
#include "vectors/operand_check.h"

using namespace halfpipe;

// The handles: everything a call needs, fixed at decode time, so that execution only reads.
struct hp_form {
  Uop uop;
  int operands;
  std::string name;  // canonical spelling
};

struct hp_visa {
  isa::visa::Instruction instruction;
  int element_bits;
  uint64_t element_mask;
  std::string name;
};

namespace {

thread_local std::string last_error;

hp_status fail(hp_status status, std::string message) {
  last_error = std::move(message);
  return status;
}

// Runs `body`, turning any exception into HP_ERR_INTERNAL with its message.
template <typename Body>
hp_status guarded(Body&& body) noexcept {
  try {
    return body();
  } catch (const std::bad_alloc&) {
    last_error = "out of memory";  // may itself throw; then the message stays as it was
  } catch (const std::exception& e) {
    try {
      last_error = e.what();
    } catch (...) {
    }
  } catch (...) {
    try {
      last_error = "unknown failure in the reference";
    } catch (...) {
    }
  }
  return HP_ERR_INTERNAL;
}

std::string quoted(std::string_view s) { return "'" + std::string(s) + "'"; }

std::string hex(uint64_t v) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string digits;
  do {
    digits.insert(digits.begin(), kDigits[v & 15]);
    v >>= 4;
  } while (v);
  return "0x" + digits;
}

hp_status operand_count_error(const hp_form& f, size_t given) {
  return fail(HP_ERR_OPERAND_COUNT,
              vectors::operand_count_error(f.name, f.operands, static_cast<int>(given)));
}

hp_status too_wide(const hp_form& f, uint32_t operand, const std::string& where) {
  return fail(HP_ERR_OPERAND, where + vectors::too_wide_error(f.name, f.uop, operand));
}

hp_status decode_form(const char* text, const char* sm, const char* ptx_version, hp_form** out) {
  if (!text || !out) return fail(HP_ERR_NULL_POINTER, text ? "out is NULL" : "form is NULL");
  *out = nullptr;
  isa::TargetOption target = isa::parse_target_option(sm ? sm : "", ptx_version ? ptx_version : "");
  if (!target.ok()) return fail(HP_ERR_BAD_TARGET, std::move(target.error));
  isa::Decoded d = isa::decode_ptx(text, target.target);
  if (!d.uop) return fail(d.target_too_old ? HP_ERR_TARGET : HP_ERR_FORM, std::move(d.error));
  auto form = std::make_unique<hp_form>();
  form->uop = *d.uop;
  form->operands = operand_count(d.uop->op);
  form->name = isa::ptx_form(*d.uop);
  *out = form.release();
  return HP_OK;
}

hp_status exec_form(const hp_form* f, const uint32_t* operands, size_t count, uint32_t* result) {
  if (!f || !result || (count && !operands))
    return fail(HP_ERR_NULL_POINTER, !f ? "form is NULL" : !result ? "result is NULL" : "operands is NULL");
  if (count != static_cast<size_t>(f->operands)) return operand_count_error(*f, count);
  uint32_t x[3] = {0, 0, 0};
  for (size_t k = 0; k < count; ++k) {
    if (!vectors::fits_register(f->uop, operands[k])) return too_wide(*f, operands[k], "");
    x[k] = operands[k];
  }
  *result = ref::execute(f->uop, x[0], x[1], x[2]);
  return HP_OK;
}

hp_status visa_handle(const isa::visa::Instruction& i, hp_visa** out) {
  auto insn = std::make_unique<hp_visa>();
  insn->instruction = i;
  insn->element_bits = ref::traits(i.type).bits;
  insn->element_mask = ref::element_mask(insn->element_bits);
  insn->name = isa::visa::form_name(i);
  *out = insn.release();
  return HP_OK;
}

// One instruction; `index` names it in a message when it is one of several.
hp_status visa_one(const hp_visa& v, uint32_t exec_mask, const uint64_t* src0, const uint64_t* src1,
                   uint64_t* dst, std::optional<size_t> index) {
  const isa::visa::Instruction& i = v.instruction;
  for (int ch = 0; ch < i.exec_size; ++ch) {
    for (const auto& [list, name] : {std::pair{src0, "src0"}, {src1, "src1"}, {dst, "dst"}}) {
      if (list[ch] & ~v.element_mask)
        return fail(HP_ERR_OPERAND, (index ? "instruction " + std::to_string(*index) + ": " : "") + name + " element " + std::to_string(ch) +
                                        " " + hex(list[ch]) + " is too wide: " + quoted(v.name) +
                                        " takes " + std::to_string(v.element_bits) + "-bit elements");
    }
  }
  ref::visa_minmax(i.element_op(), isa::visa::channel_enable(i, exec_mask), i.exec_size, src0, src1,
                   dst);
  return HP_OK;
}

// The arguments of an n-at-once call (32- or 16-bit arrays): HP_OK, or the failure reported.
template <class T>
hp_status check_arrays(const hp_form* form, const T* const* operands, size_t operand_count,
                       size_t n, const T* results) {
  if (!form || (n && !results) || (operand_count && !operands))
    return fail(HP_ERR_NULL_POINTER, !form ? "form is NULL" : operands || !operand_count ? "results is NULL" : "operands is NULL");
  if (operand_count != static_cast<size_t>(form->operands)) return operand_count_error(*form, operand_count);
  for (size_t k = 0; k < operand_count; ++k)
    if (n && !operands[k]) return fail(HP_ERR_NULL_POINTER, "operands[" + std::to_string(k) + "] is NULL");
  return HP_OK;
}

}  // namespace

extern "C" {

const char* hp_version(void) { return HALFPIPE_VERSION; }

const char* hp_last_error(void) { return last_error.c_str(); }

const char* hp_status_name(hp_status status) {
  switch (status) {
    case HP_OK: return "HP_OK";
    case HP_ERR_NULL_POINTER: return "HP_ERR_NULL_POINTER";
    case HP_ERR_FORM: return "HP_ERR_FORM";
    case HP_ERR_TARGET: return "HP_ERR_TARGET";
    case HP_ERR_BAD_TARGET: return "HP_ERR_BAD_TARGET";
    case HP_ERR_OPERAND_COUNT: return "HP_ERR_OPERAND_COUNT";
    case HP_ERR_OPERAND: return "HP_ERR_OPERAND";
    case HP_ERR_RANGE: return "HP_ERR_RANGE";
    case HP_ERR_INTERNAL: return "HP_ERR_INTERNAL";
  }
  return "unknown hp_status";
}

hp_status hp_ptx_decode(const char* form, const char* sm, const char* ptx_version, hp_form** out) {
  return guarded([&] { return decode_form(form, sm, ptx_version, out); });
}

void hp_form_free(hp_form* form) { delete form; }

int hp_form_operand_count(const hp_form* form) { return form ? form->operands : 0; }
int hp_form_is_packed(const hp_form* form) { return form && form->uop.packed ? 1 : 0; }
const char* hp_form_name(const hp_form* form) { return form ? form->name.c_str() : nullptr; }

hp_status hp_form_uop(const hp_form* form, uint32_t* uop_word, uint32_t* lane_mask) {
  if (!form || !uop_word || !lane_mask)
    return fail(HP_ERR_NULL_POINTER, !form ? "form is NULL" : !uop_word ? "uop_word is NULL" : "lane_mask is NULL");
  *uop_word = encode(form->uop);
  *lane_mask = form->uop.lane_mask;
  return HP_OK;
}

hp_status hp_ptx_exec(const hp_form* form, const uint32_t* operands, size_t operand_count,
                      uint32_t* result) {
  return guarded([&] { return exec_form(form, operands, operand_count, result); });
}

hp_status hp_ptx_exec_n(const hp_form* form, const uint32_t* const* operands, size_t operand_count,
                        size_t n, uint32_t* results) {
  return guarded([&] {
    if (const hp_status s = check_arrays(form, operands, operand_count, n, results); s != HP_OK)
      return s;
    const uint32_t* a = operand_count > 0 ? operands[0] : nullptr;
    const uint32_t* b = operand_count > 1 ? operands[1] : nullptr;
    const uint32_t* c = operand_count > 2 ? operands[2] : nullptr;
    // A scalar form's registers are 16 bits: the instructions before the first wider operand
    // are executed (in bulk), that one is reported, none after it is written.
    const size_t valid = ref::execute_n_until_wide(form->uop, a, b, c, results, n);
    if (valid < n) {
      const uint32_t x = a ? a[valid] : 0, y = b ? b[valid] : 0, z = c ? c[valid] : 0;
      const uint32_t bad = !vectors::fits_register(form->uop, x)   ? x
                           : !vectors::fits_register(form->uop, y) ? y
                                                                    : z;
      return too_wide(*form, bad, "instruction " + std::to_string(valid) + ": ");
    }
    return HP_OK;
  });
}

hp_status hp_ptx_exec_n16(const hp_form* form, const uint16_t* const* operands,
                          size_t operand_count, size_t n, uint16_t* results) {
  return guarded([&] {
    if (const hp_status s = check_arrays(form, operands, operand_count, n, results); s != HP_OK)
      return s;
    ref::execute_n16(form->uop, operand_count > 0 ? operands[0] : nullptr,
                     operand_count > 1 ? operands[1] : nullptr,
                     operand_count > 2 ? operands[2] : nullptr, results, n);
    return HP_OK;
  });
}

hp_status hp_ptx_eval(const char* form, const uint32_t* operands, size_t operand_count,
                      uint32_t* result) {
  return guarded([&] {
    if (!form) return fail(HP_ERR_NULL_POINTER, "form is NULL");
    // Per thread, so that no lock is taken; a rejected form is decoded again (and reported).
    thread_local std::unordered_map<std::string, std::unique_ptr<hp_form>> forms;
    auto it = forms.find(form);
    if (it == forms.end()) {
      hp_form* decoded = nullptr;
      if (hp_status s = decode_form(form, nullptr, nullptr, &decoded); s != HP_OK) return s;
      it = forms.emplace(form, std::unique_ptr<hp_form>(decoded)).first;
    }
    return exec_form(it->second.get(), operands, operand_count, result);
  });
}

size_t hp_ptx_form_count(void) {
  try {
    return isa::legal_ptx_forms().size();
  } catch (...) {
    return 0;
  }
}

const char* hp_ptx_form_at(size_t index) {
  try {
    const auto& forms = isa::legal_ptx_forms();
    if (index < forms.size()) return forms[index].c_str();
    fail(HP_ERR_RANGE, "form index " + std::to_string(index) + " is past the last, " +
                           std::to_string(forms.size() - 1));
  } catch (...) {
  }
  return nullptr;
}

hp_status hp_visa_decode(const char* form, hp_visa** out) {
  return guarded([&] {
    if (!form || !out) return fail(HP_ERR_NULL_POINTER, form ? "out is NULL" : "form is NULL");
    *out = nullptr;
    std::string error;
    std::optional<isa::visa::Instruction> i = isa::visa::parse_form(form, error);
    if (!i) return fail(HP_ERR_FORM, error);
    return visa_handle(*i, out);
  });
}

hp_status hp_visa_decode_binary(const uint8_t encoding[HP_VISA_ENCODING_BYTES], hp_visa** out) {
  return guarded([&] {
    if (!encoding || !out) return fail(HP_ERR_NULL_POINTER, encoding ? "out is NULL" : "encoding is NULL");
    *out = nullptr;
    isa::visa::Encoding e;
    e.opcode = encoding[0];
    e.exec_size = encoding[1];
    e.op = encoding[2];
    e.type = encoding[3];
    e.dst_modifier = encoding[4];
    e.src0_modifier = encoding[5];
    e.src1_modifier = encoding[6];
    isa::visa::Decoded d = isa::visa::decode_binary(e);
    if (!d.instruction) return fail(HP_ERR_FORM, d.error);
    return visa_handle(*d.instruction, out);
  });
}

void hp_visa_free(hp_visa* insn) { delete insn; }

int hp_visa_exec_size(const hp_visa* insn) { return insn ? insn->instruction.exec_size : 0; }
int hp_visa_element_bits(const hp_visa* insn) { return insn ? insn->element_bits : 0; }
const char* hp_visa_name(const hp_visa* insn) { return insn ? insn->name.c_str() : nullptr; }

hp_status hp_visa_exec(const hp_visa* insn, uint32_t exec_mask, const uint64_t* src0,
                       const uint64_t* src1, uint64_t* dst, size_t elements) {
  return guarded([&] {
    if (!insn || !src0 || !src1 || !dst)
      return fail(HP_ERR_NULL_POINTER, !insn ? "insn is NULL" : !src0 ? "src0 is NULL" : !src1 ? "src1 is NULL" : "dst is NULL");
    if (elements != static_cast<size_t>(insn->instruction.exec_size))
      return fail(HP_ERR_OPERAND_COUNT, quoted(insn->name) + " takes " +
                                            std::to_string(insn->instruction.exec_size) +
                                            " elements per list, got " + std::to_string(elements));
    return visa_one(*insn, exec_mask, src0, src1, dst, std::nullopt);
  });
}

hp_status hp_visa_exec_n(const hp_visa* insn, const uint32_t* exec_masks, const uint64_t* src0,
                         const uint64_t* src1, uint64_t* dst, size_t n) {
  return guarded([&] {
    if (!insn) return fail(HP_ERR_NULL_POINTER, "insn is NULL");
    if (n && (!exec_masks || !src0 || !src1 || !dst))
      return fail(HP_ERR_NULL_POINTER, !exec_masks ? "exec_masks is NULL" : !src0 ? "src0 is NULL" : !src1 ? "src1 is NULL" : "dst is NULL");
    const size_t e = static_cast<size_t>(insn->instruction.exec_size);
    for (size_t i = 0; i < n; ++i) {
      hp_status s = visa_one(*insn, exec_masks[i], src0 + i * e, src1 + i * e, dst + i * e, i);
      if (s != HP_OK) return s;
    }
    return HP_OK;
  });
}

}  // extern "C"
