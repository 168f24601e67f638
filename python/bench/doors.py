"""`scripts/bench doors`, Python's part: halfpipe.execute on N-element arrays against
ref::execute_n over the same operands in the same process (halfpipe_bench.execute_n_seconds, from
execute_n_baseline.cpp): best CPU time of REPEATS each. Operands as a NumPy user holds them:
uint16 (or float16) for scalar forms. Target: execute at least 80% of execute_n's rate.

    doors.py [N]
"""
import sys
import time

import numpy as np

import halfpipe
import halfpipe_bench

FORMS = ["add.rn.f16", "mul.rn.f16", "fma.rn.f16", "add.rn.bf16", "mul.rn.bf16", "fma.rn.bf16"]
REPEATS = 5


def best_seconds(call):
    best = float("inf")
    for _ in range(REPEATS):
        start = time.process_time()
        call()
        best = min(best, time.process_time() - start)
    return best


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000_000
    rng = np.random.default_rng(2026)
    worst = float("inf")
    print(f"python: {n} elements; G results per CPU second, best of {REPEATS}")
    print(f"{'form':<12} {'execute_n':>10} {'execute':>10} {'out=':>10} {'ratio':>7} {'out= ratio':>11}")
    for form in FORMS:
        count = halfpipe.decode(form)["operands"]
        operands = [rng.integers(0, 0xFFFF, n, dtype=np.uint16, endpoint=True) for _ in range(count)]
        base = halfpipe_bench.execute_n_seconds(form, operands, REPEATS)
        fresh = best_seconds(lambda: halfpipe.execute(form, *operands))
        out = np.empty(n, np.uint16)
        into = best_seconds(lambda: halfpipe.execute(form, *operands, out=out))
        ratio, ratio_out = base / fresh, base / into
        worst = min(worst, ratio)
        print(f"{form:<12} {n / base / 1e9:>10.2f} {n / fresh / 1e9:>10.2f} {n / into / 1e9:>10.2f} "
              f"{ratio:>7.2f} {ratio_out:>11.2f}")
    print(f"python: worst ratio to execute_n {worst:.2f} (target: at least 0.80)")


if __name__ == "__main__":
    main()
