/* halfpipe: the golden reference of the half-precision ALU pipeline, as a C99 API.
 *
 * Decode an instruction once into an immutable handle, then execute it as often as you like
 * from any number of threads:
 *
 *     hp_form *add;
 *     if (hp_ptx_decode("add.rn.f16", NULL, NULL, &add) != HP_OK)
 *       fprintf(stderr, "%s\n", hp_last_error());
 *     uint32_t ab[2] = {0x3c00, 0x3c00}, sum;     1.0 + 1.0
 *     hp_ptx_exec(add, ab, 2, &sum);              sum == 0x4000 (2.0)
 *     hp_form_free(add);
 *
 * Or hand it one `halfpipe eval --batch` line and get back the text that command prints:
 * hp_eval_line.
 *
 * Every function returns a status (hp_status, or the documented code); nothing aborts the host
 * process and no C++ exception crosses this boundary. When a call fails, hp_last_error() gives
 * its message until the same thread's next failing call: for a rejected form it is exactly the
 * decoder's message (the text `halfpipe eval` prints after "error: ").
 *
 * Registers are 32 bits. A scalar form (.f16, .bf16) reads and writes bits [15:0] and rejects
 * an operand with any of bits [31:16] set; a packed form (.f16x2, .bf16x2) computes lane 0 in
 * bits [15:0] and lane 1 in [31:16] (doc/semantics.md S2).
 */
#ifndef HALFPIPE_HALFPIPE_H
#define HALFPIPE_HALFPIPE_H

#include <stddef.h>
#include <stdint.h>

#include "halfpipe/version.h"

#ifdef __cplusplus
extern "C" {
#endif

/* C++ sees hp_status with a fixed underlying type, so that every value a C caller may pass (C
 * enums are plain integers) is a value of the type: without one, a value beyond the enumerators'
 * bit range (hp_status_name's "unknown hp_status" case) is undefined behaviour in C++, which
 * UndefinedBehaviorSanitizer reports. unsigned int is the type gcc and clang give this enum in C
 * (no negative enumerator), so the ABI does not change. */
#ifdef __cplusplus
#define HP_STATUS_UNDERLYING_TYPE : unsigned int
#else
#define HP_STATUS_UNDERLYING_TYPE
#endif
typedef enum hp_status HP_STATUS_UNDERLYING_TYPE {
  HP_OK = 0,
  HP_ERR_NULL_POINTER = 1,   /* a required pointer argument was NULL */
  HP_ERR_FORM = 2,           /* an unknown or illegal form (S22), or a malformed vISA encoding */
  HP_ERR_TARGET = 3,         /* the form is legal but needs a newer sm_NN or PTX ISA version (S23) */
  HP_ERR_BAD_TARGET = 4,     /* the target text itself is malformed ("sm_x", "8") */
  HP_ERR_OPERAND_COUNT = 5,  /* not the number of operands (or vISA elements) the form takes */
  HP_ERR_OPERAND = 6,        /* an operand wider than the form's registers or elements */
  HP_ERR_RANGE = 7,          /* an index past the end of a list */
  HP_ERR_INTERNAL = 8        /* the reference failed (out of memory, a defect): see the message */
} hp_status;
#undef HP_STATUS_UNDERLYING_TYPE

/* ---- Library ------------------------------------------------------------------------------ */

/* The library's version, "MAJOR.MINOR.PATCH" (project(VERSION) of the build); compare with
 * HALFPIPE_VERSION from halfpipe/version.h to detect a header/library mismatch. */
const char *hp_version(void);

/* The message of this thread's last failed call ("" before any). Valid until this thread's next
 * call into the library. */
const char *hp_last_error(void);

/* The name of a status, e.g. "HP_ERR_TARGET". */
const char *hp_status_name(hp_status status);

/* ---- PTX forms ---------------------------------------------------------------------------- */

/* A decoded PTX form such as "fma.rn.relu.bf16x2": immutable, shareable between threads. */
typedef struct hp_form hp_form;

/* Decodes `form` (modifiers in any order after the opcode; a trailing operand list or ';' is
 * ignored). `sm` ("sm_90") and `ptx_version` ("8.1") restrict the target (S23); NULL or "" leaves
 * that part unchecked. On success *out is a new handle to free with hp_form_free. */
hp_status hp_ptx_decode(const char *form, const char *sm, const char *ptx_version, hp_form **out);

/* Frees a handle; NULL is ignored. */
void hp_form_free(hp_form *form);

/* The number of source operands (1, 2 or 3), 1 when the form is packed, and the canonical
 * spelling (e.g. "fma.rn.oob.relu.bf16x2", valid as long as the handle). 0 / NULL for NULL. */
int hp_form_operand_count(const hp_form *form);
int hp_form_is_packed(const hp_form *form);
const char *hp_form_name(const hp_form *form);

/* The form's Uop as the RTL takes it (rtl/hp_uop_pkg.sv, rtl/TIMING.md): the in_uop_i word
 * (HP_UOP_WIDTH bits) and the lane mask of one instruction (0x1 scalar, 0x3 packed). */
#define HP_UOP_WIDTH 19
hp_status hp_form_uop(const hp_form *form, uint32_t *uop_word, uint32_t *lane_mask);

/* One instruction: operands[0 .. operand_count-1] are a, b, c. */
hp_status hp_ptx_exec(const hp_form *form, const uint32_t *operands, size_t operand_count,
                      uint32_t *result);

/* n instructions of one form: operands[k][i] is operand k of instruction i, results[i] its
 * result. On an error no result past the failing instruction is written, and the message names
 * its index. Computed by the reference's bulk path (ref::execute_n: the CPU's vector units, proven
 * equal to the exact path; HALFPIPE_BULK chooses it). */
hp_status hp_ptx_exec_n(const hp_form *form, const uint32_t *const *operands,
                        size_t operand_count, size_t n, uint32_t *results);

/* The same on 16-bit arrays, no widening: a scalar form's n registers are n uint16_t; a packed
 * form's are 2n, its two lanes side by side (instruction i's lane 0 at 2i, lane 1 at 2i + 1:
 * the memory of n little-endian uint32_t registers). No register can be too wide. */
hp_status hp_ptx_exec_n16(const hp_form *form, const uint16_t *const *operands,
                          size_t operand_count, size_t n, uint16_t *results);

/* Decode and execute in one call, no target. The forms are decoded once per thread and kept. */
hp_status hp_ptx_eval(const char *form, const uint32_t *operands, size_t operand_count,
                      uint32_t *result);

/* The legal PTX forms (S22) in canonical spelling, one per distinct instruction. */
size_t hp_ptx_form_count(void);
const char *hp_ptx_form_at(size_t index); /* NULL past the end */

/* ---- vISA MIN_MAX ------------------------------------------------------------------------- */

/* A decoded vISA MIN_MAX instruction: immutable, shareable between threads. */
typedef struct hp_visa hp_visa;

/* From the head of an `eval --batch` vISA line, `MIN|MAX[.sat] (EXEC[, MASK]) TYPE`, e.g.
 * "MAX.sat (16, M5) hf" (no source modifiers: in a batch line they ride on the operands). */
hp_status hp_visa_decode(const char *form, hp_visa **out);

/* From the binary encoding (model/isa/visa.h): opcode 0x45, Exec_size, Op, then one byte each
 * for the type (VISA_Type numbering), the destination modifier and the two source modifiers. */
#define HP_VISA_ENCODING_BYTES 7
hp_status hp_visa_decode_binary(const uint8_t encoding[HP_VISA_ENCODING_BYTES], hp_visa **out);

void hp_visa_free(hp_visa *insn);

/* The channel count (1..32), the element width in bits (8..64), and the canonical form. */
int hp_visa_exec_size(const hp_visa *insn);
int hp_visa_element_bits(const hp_visa *insn);
const char *hp_visa_name(const hp_visa *insn);

/* One instruction: `elements` must be the exec size. Channel i computes
 * min/max(src0[i], src1[i]) into dst[i] when the execution mask and mask control enable it
 * (S25); a disabled channel keeps dst[i]. Elements are right-aligned in each uint64_t. */
hp_status hp_visa_exec(const hp_visa *insn, uint32_t exec_mask, const uint64_t *src0,
                       const uint64_t *src1, uint64_t *dst, size_t elements);

/* n instructions: instruction i reads exec_masks[i] and elements [i*E, (i+1)*E) of each array,
 * E being the exec size. */
hp_status hp_visa_exec_n(const hp_visa *insn, const uint32_t *exec_masks, const uint64_t *src0,
                         const uint64_t *src1, uint64_t *dst, size_t n);

/* ---- The batch line ----------------------------------------------------------------------- */

/* One `halfpipe eval --batch` input line, PTX (`FORM A [B [C]]`) or vISA
 * (`MIN|MAX[.sat] (EXEC[, MASK]) TYPE EMASK DST SRC0 SRC1`), no target: `out` receives exactly
 * the text that command prints for it, without the newline: the result, or "error: ...".
 * Returns 0 on a result, 1 on an error line (the text in `out` either way); a blank or
 * comment-only line gives "" and 0. When out_len is too small, `out` holds as much as fits,
 * NUL-terminated, and the call returns 2. A NULL line or out (with out_len > 0) returns 1 and,
 * when out can hold it, an "error: ..." text. */
int hp_eval_line(const char *line, char *out, size_t out_len);

#ifdef __cplusplus
}
#endif

#endif /* HALFPIPE_HALFPIPE_H */
