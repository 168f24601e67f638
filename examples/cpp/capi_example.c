/* The C API from C99: decode once, execute, and read an error. Exits 0 when every result is the
 * one worked out by hand below. */
#include <halfpipe/halfpipe.h>

#include <stdio.h>
#include <string.h>

static int failures = 0;

static void expect(const char *what, uint32_t got, uint32_t want) {
  if (got != want) {
    printf("FAIL %s: got 0x%08x, expected 0x%08x\n", what, (unsigned)got, (unsigned)want);
    ++failures;
  }
}

int main(void) {
  hp_form *add = NULL, *fma = NULL, *old = NULL;
  uint32_t ops[3], result = 0;
  char line[64];

  printf("halfpipe %s (header %s)\n", hp_version(), HALFPIPE_VERSION);
  if (strcmp(hp_version(), HALFPIPE_VERSION) != 0) ++failures;

  if (hp_ptx_decode("add.rn.f16", NULL, NULL, &add) != HP_OK ||
      hp_ptx_decode("fma.rn.f16x2", NULL, NULL, &fma) != HP_OK) {
    printf("FAIL decode: %s\n", hp_last_error());
    return 1;
  }
  ops[0] = 0x3c00; /* 1.0 */
  ops[1] = 0x3c00;
  hp_ptx_exec(add, ops, 2, &result);
  expect("add.rn.f16 1.0 + 1.0", result, 0x4000); /* 2.0 */

  ops[0] = 0x3e003c00; /* {1.5, 1.0} */
  ops[1] = 0x40004000; /* {2.0, 2.0} */
  ops[2] = 0xbc003800; /* {-1.0, 0.5} */
  hp_ptx_exec(fma, ops, 3, &result);
  expect("fma.rn.f16x2", result, 0x40004100); /* {2.0, 2.5} */

  if (hp_ptx_decode("add.bf16", "sm_80", NULL, &old) != HP_ERR_TARGET) ++failures;
  printf("add.bf16 on sm_80: %s\n", hp_last_error());

  if (hp_eval_line("add.f16 3c00 3c00", line, sizeof line) != 0 || strcmp(line, "0x4000") != 0) {
    printf("FAIL hp_eval_line: %s\n", line);
    ++failures;
  }

  hp_form_free(add);
  hp_form_free(fma);
  printf("%s\n", failures ? "FAILED" : "ok");
  return failures ? 1 : 0;
}
