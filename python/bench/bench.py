"""`scripts/bench python`: halfpipe.execute on 10^7-element arrays against the C API's n-at-once
call over the same arrays (hp_ptx_exec_n, python/bench/capi_loop.cpp), best of REPEATS each, in
CPU time of the process (steadier than wall-clock time on a shared machine; both run one thread).

    bench.py CAPI_LOOP_BINARY [N]
"""
import os
import subprocess
import sys
import tempfile
import time

import numpy as np

import halfpipe

FORMS = ["add.f16", "fma.rn.f16x2", "fma.rn.relu.bf16x2", "mul.ftz.sat.f16"]
REPEATS = 5


def main():
    loop = sys.argv[1]
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 10_000_000
    rng = np.random.default_rng(2026)
    worst = 0.0
    with tempfile.TemporaryDirectory() as work:
        for form in FORMS:
            props = halfpipe.decode(form)
            dtype = np.uint32 if props["packed"] else np.uint16
            operands = [rng.integers(0, np.iinfo(dtype).max, n, dtype=dtype, endpoint=True)
                        for _ in range(props["operands"])]
            files = []
            for k, x in enumerate(operands):
                path = os.path.join(work, f"operand{k}.bin")
                x.tofile(path)
                files.append(path)
            best = float("inf")
            for _ in range(REPEATS):
                start = time.process_time()
                result = halfpipe.execute(form, *operands)
                best = min(best, time.process_time() - start)
            assert result.shape == (n,)
            run = subprocess.run([loop, form, str(n), str(REPEATS)] + files,
                                 capture_output=True, text=True, check=True)
            reference = float(run.stdout)
            ratio = best / reference
            worst = max(worst, ratio)
            print(f"python {form}: {n} elements, halfpipe.execute {best:.3f} CPU-s "
                  f"({n / best / 1e6:.1f} M/s), C API hp_ptx_exec_n {reference:.3f} CPU-s "
                  f"({n / reference / 1e6:.1f} M/s), ratio {ratio:.2f}")
    print(f"python: worst ratio {worst:.2f} (target: at most 1.5)")


if __name__ == "__main__":
    main()
