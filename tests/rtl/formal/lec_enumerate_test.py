#!/usr/bin/python3
"""rtl/lec_enumerate.py on cones small enough to decide by hand, each written here as binary
AIGER from gates listed in the test:
- a XOR b as (a | b) & ~(a & b) against (a & ~b) | (~a & b): equal;
- the same with one gate's input inverted, a XNOR b: different, and the counterexample it gives
  (a = 0, b = 0: the only assignment the hand-written truth table leaves) must be the one;
- a 2-bit adder's carry out, ripple against the generate/propagate form, with --limit 2 so that
  its four inputs must be split before they are simulated: equal;
- a held register: an output that is the same input on both sides, settled without simulation;
- --loaded: the cone reads `ctl` directly and its loads read it too: refused, exit 2;
- a missing and a truncated file: exit 2, the file named.

    lec_enumerate_test.py RTL_LEC_ENUMERATE_PY WORKDIR      exit 0: pass; 1: a failure
"""
import os
import subprocess
import sys


def aig(path, inputs, gates, outputs):
    """Writes binary AIGER. inputs: names; gates: (name, left, right), each operand a name or
    '~name' of an input or an earlier gate; outputs: (name, operand)."""
    var = {n: k + 1 for k, n in enumerate(inputs)}
    for k, (n, _, _) in enumerate(gates):
        var[n] = len(inputs) + k + 1

    def lit(operand):
        if operand in ('0', '1'):
            return int(operand)
        negated = operand.startswith('~')
        return 2 * var[operand.lstrip('~')] + negated

    data = bytearray(b"aig %d %d 0 %d %d\n" % (len(inputs) + len(gates), len(inputs),
                                                len(outputs), len(gates)))
    for _, operand in outputs:
        data += b"%d\n" % lit(operand)
    for n, left, right in gates:
        lhs = 2 * var[n]
        a, b = sorted((lit(left), lit(right)), reverse=True)
        for x in (lhs - a, a - b):
            while x >= 0x80:
                data.append(x & 0x7f | 0x80)
                x >>= 7
            data.append(x)
    for k, n in enumerate(inputs):
        data += b"i%d %s\n" % (k, n.encode())
    for k, (n, _) in enumerate(outputs):
        data += b"o%d %s\n" % (k, n.encode())
    with open(path, 'wb') as f:
        f.write(bytes(data))
    return path


def run(tool, *args):
    result = subprocess.run([sys.executable, tool, *args], capture_output=True, text=True)
    return result.returncode, result.stdout + result.stderr


def main(tool, work):
    os.makedirs(work, exist_ok=True)
    failures = []

    def expect(name, status, text, want_status, want_text):
        if status != want_status or want_text not in text:
            failures.append(f"{name}: exit {status}, want {want_status} and '{want_text}':\n{text}")

    # a XOR b: (a | b) & ~(a & b), with a | b = ~(~a & ~b).
    xor_or_and = aig(os.path.join(work, 'xor1.aig'), ['a', 'b'],
                     [('nor', '~a', '~b'), ('and', 'a', 'b'), ('x', '~nor', '~and')],
                     [('y', 'x')])
    # a XOR b: (a & ~b) | (~a & b) = ~(~(a & ~b) & ~(~a & b)).
    xor_sum = aig(os.path.join(work, 'xor2.aig'), ['a', 'b'],
                  [('p', 'a', '~b'), ('q', '~a', 'b'), ('n', '~p', '~q')], [('y', '~n')])
    expect("xor built two ways", *run(tool, xor_or_and, xor_sum), 0, "equal")

    # One input inverted: (a & b) | (~a & ~b), a XNOR b, which differs from a XOR b everywhere;
    # the enumeration meets assignment 0 first, a = b = 0.
    xnor = aig(os.path.join(work, 'xnor.aig'), ['a', 'b'],
               [('p', 'a', 'b'), ('q', '~a', '~b'), ('n', '~p', '~q')], [('y', '~n')])
    expect("a gate's input inverted", *run(tool, xor_sum, xnor), 1, "different at y with a=0 b=0")

    # The carry out of a1a0 + b1b0: ripple, c1 = a1 b1 | (a1 ^ b1) a0 b0, against generate and
    # propagate, c1 = g1 | p1 g0 with p1 = a1 | b1 (the same carry: where a1 = b1 = 1, g1 holds).
    inputs = ['a0', 'a1', 'b0', 'b1']
    ripple = aig(os.path.join(work, 'ripple.aig'), inputs,
                 [('g0', 'a0', 'b0'), ('g1', 'a1', 'b1'),
                  ('x1', 'a1', '~b1'), ('x2', '~a1', 'b1'), ('xn', '~x1', '~x2'),
                  ('t', '~xn', 'g0'), ('c', '~g1', '~t')], [('carry', '~c')])
    lookahead = aig(os.path.join(work, 'lookahead.aig'), inputs,
                    [('g0', 'a0', 'b0'), ('g1', 'a1', 'b1'), ('np1', '~a1', '~b1'),
                     ('t', '~np1', 'g0'), ('c', '~g1', '~t')], [('carry', '~c')])
    expect("a carry two ways, split below --limit",
           *run(tool, ripple, lookahead, '--limit', '2'), 0, "equal")
    status, text = run(tool, ripple, lookahead, '--limit', '2')
    if "0 splits" in text:
        failures.append(f"--limit 2 on four inputs split nothing:\n{text}")

    # A register holding its value: next = advance ? d : q, with advance = 0 the output is q on
    # both sides; the other side builds the multiplexer with its operands swapped.
    held = ['advance', 'd', 'q']
    mux1 = aig(os.path.join(work, 'mux1.aig'), held,
               [('l', 'advance', 'd'), ('r', '~advance', 'q'), ('n', '~l', '~r')], [('next', '~n')])
    mux2 = aig(os.path.join(work, 'mux2.aig'), held,
               [('r', 'q', '~advance'), ('l', 'd', 'advance'), ('n', '~r', '~l')], [('next', '~n')])
    expect("a held register", *run(tool, mux1, mux2, '--limit', '1'), 0, "equal")

    # --loaded: the cone cut at the register reads `reg` (the register) and `ctl`; the register
    # loads ctl itself: ctl is read both ways.
    normal = aig(os.path.join(work, 'normal.aig'), ['ctl', 'reg'], [('y', 'ctl', 'reg')], [('y', 'y')])
    loads = aig(os.path.join(work, 'loads.aig'), ['ctl', 'reg'], [], [('reg_load', 'ctl')])
    expect("a cone that reads a load's input directly",
           *run(tool, xor_or_and, xor_sum, '--loaded', normal, normal, '^reg$', loads, loads),
           2, "ctl both directly and through the registers")
    separate = aig(os.path.join(work, 'loads2.aig'), ['ctl', 'other', 'reg'], [], [('reg_load', 'other')])
    normal2 = aig(os.path.join(work, 'normal2.aig'), ['ctl', 'other', 'reg'], [('y', 'ctl', 'reg')],
                  [('y', 'y')])
    expect("a cone whose loads read other inputs",
           *run(tool, xor_or_and, xor_sum, '--loaded', normal2, normal2, '^reg$', separate, separate),
           0, "equal")

    expect("a missing file", *run(tool, os.path.join(work, 'absent.aig'), xor_sum), 2, "absent.aig")
    truncated = os.path.join(work, 'truncated.aig')
    with open(ripple, 'rb') as f, open(truncated, 'wb') as g:
        g.write(f.read()[:22])                      # the header, the output, one byte of a gate
    expect("a truncated file", *run(tool, truncated, ripple), 2,
           "truncated.aig: truncated or malformed binary AIGER")

    for f in failures:
        print("FAIL:", f)
    print("PASS" if not failures else f"{len(failures)} failures")
    return 1 if failures else 0


if __name__ == '__main__':
    if len(sys.argv) != 3:
        sys.exit("usage: lec_enumerate_test.py RTL_LEC_ENUMERATE_PY WORKDIR")
    sys.exit(main(*sys.argv[1:]))
