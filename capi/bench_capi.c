/* scripts/bench capi: the C API's cost per instruction. One call of hp_ptx_exec for add.rn.f16
 * and for fma.rn.f16x2 (ns per call, over random operands), and hp_ptx_exec_n over arrays
 * (instructions per second). Usage: halfpipe_capi_bench [INSTRUCTIONS] */
#define _POSIX_C_SOURCE 199309L
#include <halfpipe/halfpipe.h>

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static uint32_t next_random(uint32_t *state) {
  *state ^= *state << 13;
  *state ^= *state >> 17;
  *state ^= *state << 5;
  return *state;
}

int main(int argc, char **argv) {
  const size_t n = argc > 1 ? (size_t)strtoull(argv[1], NULL, 10) : 10000000u;
  const char *forms[2] = {"add.rn.f16", "fma.rn.f16x2"};
  uint32_t *operand[3], *results = malloc(n * sizeof *results), state = 2026, checksum = 0;
  int f;
  size_t i, k;
  for (k = 0; k < 3; ++k) operand[k] = malloc(n * sizeof *operand[k]);
  if (!results || !operand[0] || !operand[1] || !operand[2]) return 2;
  for (f = 0; f < 2; ++f) {
    hp_form *form;
    const int packed = f == 1, count = f == 1 ? 3 : 2;
    double start, one_call, n_at_once;
    if (hp_ptx_decode(forms[f], NULL, NULL, &form) != HP_OK) {
      fprintf(stderr, "%s\n", hp_last_error());
      return 1;
    }
    for (k = 0; k < 3; ++k)
      for (i = 0; i < n; ++i) operand[k][i] = next_random(&state) & (packed ? 0xffffffffu : 0xffffu);
    start = now();
    for (i = 0; i < n; ++i) {
      const uint32_t ops[3] = {operand[0][i], operand[1][i], operand[2][i]};
      if (hp_ptx_exec(form, ops, (size_t)count, &results[i]) != HP_OK) return 1;
    }
    one_call = now() - start;
    for (i = 0; i < n; ++i) checksum += results[i];
    start = now();
    if (hp_ptx_exec_n(form, (const uint32_t *const *)operand, (size_t)count, n, results) != HP_OK) return 1;
    n_at_once = now() - start;
    for (i = 0; i < n; ++i) checksum -= results[i];
    printf("%-14s hp_ptx_exec: %6.1f ns/call   hp_ptx_exec_n: %6.1f ns/instruction, %.1f M instructions/s\n",
           forms[f], one_call * 1e9 / (double)n, n_at_once * 1e9 / (double)n, (double)n / n_at_once * 1e-6);
    hp_form_free(form);
  }
  if (checksum != 0) {
    fprintf(stderr, "hp_ptx_exec and hp_ptx_exec_n disagree\n");
    return 1;
  }
  return 0;
}
