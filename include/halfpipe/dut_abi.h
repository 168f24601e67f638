/* The C ABI between halfpipe and a unit built by `halfpipe dut build` (doc/your-unit.md).
 *
 * A built unit is a shared object that exports one function, hp_dut_abi(). halfpipe loads it at
 * run time and drives the unit through the table of functions it returns, as it drives its own
 * hp_alu through tb::Dut (tb/dut.h). The ABI is plain C so that the unit's Verilated model, its
 * Verilator runtime and its compiler flags stay inside the shared object. */
#ifndef HALFPIPE_DUT_ABI_H
#define HALFPIPE_DUT_ABI_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Raised whenever a function or a structure below changes. */
#define HP_DUT_ABI_VERSION 3
#define HP_DUT_MAX_LANES 8

/* What the harness puts on the unit's inputs in one cycle (tb::InBeat). */
typedef struct hp_dut_in {
  uint32_t uop_word; /* hp_uop_pkg::uop_t, as model/uop/uop.h encode() packs it */
  uint32_t lane_mask;
  uint32_t tag;
  uint16_t a[HP_DUT_MAX_LANES], b[HP_DUT_MAX_LANES], c[HP_DUT_MAX_LANES];
} hp_dut_in;

/* What the unit's outputs show (tb::OutBeat). */
typedef struct hp_dut_out {
  uint32_t lane_mask;
  uint32_t tag;
  uint16_t result[HP_DUT_MAX_LANES];
} hp_dut_out;

/* hp_dut_cycle's result bits (tb::CycleResult). */
#define HP_DUT_IN_READY 1u
#define HP_DUT_OUT_VALID 2u
#define HP_DUT_ACCEPTED 4u
#define HP_DUT_CONSUMED 8u
/* The unit's own assertions (Verilated with --assert) failed during the cycle, or it broke the
 * contract's "outputs hold while stalled": `error` says which. */
#define HP_DUT_ASSERTION_FAILED 16u

/* What the adapter declared, and how the unit was built. */
typedef struct hp_dut_description {
  const char* top;               /* the adapter's module name */
  const char* verilator_version; /* `verilator --version` of the build */
  const char* halfpipe_version;  /* the halfpipe that built it */
  int lanes;                     /* the adapter's Lanes */
  int tag_width;                 /* its TagWidth */
  int in_order;                  /* 1: results leave in acceptance order; 0: matched by tag */
  const char* forms;             /* the forms it executes, space-separated ("" : every form) */
  const char* latencies;         /* "family=cycles ..." (add, mul, fma, ...); "" : none declared */
  int traced;                    /* 1: hp_dut_trace_to writes an FST waveform */
  int coverage;                  /* 1: Verilated with --coverage (dut build --coverage) */
  const char* verilator_flags;   /* the Verilator options it was built with (dut build) */
} hp_dut_description;

typedef struct hp_dut_api {
  int abi_version; /* HP_DUT_ABI_VERSION of the shared object */
  const hp_dut_description* description;
  /* A freshly reset unit. `x_seed` seeds Verilator's randomisation of uninitialised state (0:
   * all zero); `plusargs`, space-separated, are what the unit's $value$plusargs and
   * $test$plusargs read ("" for none). NULL on failure, with the reason in `error`. */
  void* (*create)(uint64_t x_seed, const char* plusargs, char* error, size_t error_size);
  void (*destroy)(void* unit);
  /* One cycle, as tb::Dut::cycle: drive the inputs, settle, sample, one rising edge. `out` is
   * written when the result has HP_DUT_CONSUMED. On HP_DUT_ASSERTION_FAILED `error` holds the
   * message. */
  unsigned (*cycle)(void* unit, int in_valid, const hp_dut_in* in, int out_ready,
                    hp_dut_out* out, char* error, size_t error_size);
  /* rst_ni low for `cycles` clock cycles, no input. */
  void (*reset)(void* unit, int cycles);
  /* out_valid_o now, and the output beat when it is set. */
  int (*peek)(const void* unit, hp_dut_out* out);
  /* An FST waveform from now on; 0 on success, else the reason in `error`. */
  int (*trace_to)(void* unit, const char* path, char* error, size_t error_size);
  void (*close_trace)(void* unit);
  /* The unit's line, toggle and cover counts so far, as a Verilator coverage file at `path`
   * (verilator_coverage reads it); 0 on success, else the reason in `error`. */
  int (*write_coverage)(void* unit, const char* path, char* error, size_t error_size);
} hp_dut_api;

/* The one symbol a built unit exports. */
const hp_dut_api* hp_dut_abi(void);
typedef const hp_dut_api* (*hp_dut_abi_fn)(void);

#ifdef __cplusplus
}
#endif

#endif /* HALFPIPE_DUT_ABI_H */
