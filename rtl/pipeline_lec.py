#!/usr/bin/env python3
"""The combinational problem of the pipelined datapath's equivalence check (rtl/pipeline_lec.sh).

Reads hp_alu twice as Yosys wrote them, ASCII AIGER with a -vmap file each: PIPELINED, with its
registers, and UNREGISTERED, the same RTL with every register a wire (scripts/formal-transparent/),
so no latch. PIPELINED is unrolled for FRAMES+1 cycles from a free state (each latch's first
value an input) with `rst_ni` and `out_ready_i` held at 1, fresh inputs in every cycle; its
outputs in the last cycle are compared with UNREGISTERED's on the first cycle's inputs. Equal for all inputs and all states, they say: whatever the registers held, FRAMES
advancing edges after a transaction entered, the outputs are what the unregistered datapath
computes from it.

Writes PIPELINED's side as OUTDIR/pipelined.aig and UNREGISTERED's as OUTDIR/unregistered.aig,
with the same inputs and outputs, matched by name, for ABC's &cec.

--skip NAME makes the pipelined design's flip-flops whose name contains NAME wires (their next
state read in the same cycle): a word that skips its register, arriving a cycle early, as a
seeded fault the check must find.

  pipeline_lec.py PIPELINED.aag PIPELINED.map UNREGISTERED.aag UNREGISTERED.map FRAMES OUTDIR
                  [--skip NAME]
"""
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lec import canon, read_aag, read_map, write_aig  # noqa: E402

HELD = {'rst_ni[0]': 1, 'out_ready_i[0]': 1}  # out of reset, and nothing stalls: the line advances


class Builder:
    """An AIG grown gate by gate with structural hashing and constant folding, so that logic the
    two sides build alike becomes one node."""

    def __init__(self):
        self.next_var = 1
        self.gates = []
        self.table = {}

    def fresh(self):
        literal = 2 * self.next_var
        self.next_var += 1
        return literal

    def conj(self, a, b):
        if a > b:
            a, b = b, a
        if a == 0 or a == b ^ 1:
            return 0
        if a == 1 or a == b:
            return b
        key = (a, b)
        if key not in self.table:
            self.table[key] = self.fresh()
            self.gates.append((self.table[key], a, b))
        return self.table[key]


def evaluate(builder, design, value):
    """Every AND gate of `design` in `builder`, with `value` holding each input and latch
    variable's literal there; returns the map from variable to literal."""
    _, _, _, gates = design
    for lhs, a, b in gates:
        value[lhs >> 1] = builder.conj(value[a >> 1] ^ (a & 1), value[b >> 1] ^ (b & 1))
    return value


def bit_name(names, kind, k):
    """A port bit's name as NAME[BIT], also for bit 0 (which the map names both ways)."""
    return canon({n for n in names[kind][k] if n.endswith(']')}, f'{kind}#{k}')


def input_names(design, names):
    return [bit_name(names, 'input', k) for k in range(len(design[0]))]


def main(argv):
    skip = [argv[i + 1] for i, a in enumerate(argv) if a == '--skip']
    args = [a for i, a in enumerate(argv) if a != '--skip' and (i == 0 or argv[i - 1] != '--skip')]
    if len(args) != 6 or not args[4].isdigit():
        sys.exit(__doc__.strip().splitlines()[-2].strip() + ' ' + __doc__.strip().splitlines()[-1].strip())
    pipe, pipe_names = read_aag(args[0]), read_map(args[1])
    flat, flat_names = read_aag(args[2]), read_map(args[3])
    frames, outdir = int(args[4]), args[5]
    if flat[1]:
        sys.exit(f"pipeline_lec.py: the unregistered design has {len(flat[1])} flip-flops, "
                 f"{canon(flat_names['latch'][0], 'latch#0')} first")
    latch_names = [canon(pipe_names['latch'][i], f'latch#{i}') for i in range(len(pipe[1]))]
    skipped = [i for i in range(len(pipe[1]))
               if any(s in n for s in skip for n in pipe_names['latch'][i])]
    if skip and not skipped:
        sys.exit(f"pipeline_lec.py: no flip-flop's name contains {' or '.join(skip)}")

    builder = Builder()
    inputs = []  # (literal, name) of the problem's inputs

    def new_input(name):
        literal = builder.fresh()
        inputs.append((literal, name))
        return literal

    pipe_inputs = input_names(pipe, pipe_names)
    for name in HELD:
        if name not in pipe_inputs:
            sys.exit(f"pipeline_lec.py: the pipelined design has no input {name}")
    first_cycle = {}
    state = {i: new_input('init:' + latch_names[i]) for i in range(len(pipe[1])) if i not in skipped}
    for frame in range(frames + 1):
        value = {0: 0}
        for k, literal in enumerate(pipe[0]):
            name = pipe_inputs[k]
            if name in HELD:
                value[literal >> 1] = HELD[name]
            else:
                value[literal >> 1] = new_input(f'{name}@{frame}')
                if frame == 0:
                    first_cycle[name] = value[literal >> 1]
        # A skipped flip-flop is its next state, which may read other skipped ones: evaluate
        # until they settle (a chain of n skipped ones takes n + 1 rounds).
        for i in state:
            value[pipe[1][i][0] >> 1] = state[i]
        wires = None
        for _ in range(len(skipped) + 2):
            now = [value.get(pipe[1][i][1] >> 1, 0) ^ (pipe[1][i][1] & 1) for i in skipped]
            if now == wires:
                break
            wires = now
            for i, literal in zip(skipped, wires):
                value[pipe[1][i][0] >> 1] = literal
            evaluate(builder, pipe, value)
        if frame < frames:
            state = {i: value[pipe[1][i][1] >> 1] ^ (pipe[1][i][1] & 1) for i in state}
    pipe_outputs = [(value[l >> 1] ^ (l & 1), bit_name(pipe_names, 'output', k))
                    for k, l in enumerate(pipe[2])]

    value = {0: 0}
    for literal, name in zip(flat[0], input_names(flat, flat_names)):
        if name in HELD:
            value[literal >> 1] = HELD[name]
        elif name in first_cycle:
            value[literal >> 1] = first_cycle[name]
        else:
            sys.exit(f"pipeline_lec.py: the unregistered design's input {name} is not the pipelined one's")
    evaluate(builder, flat, value)
    flat_outputs = [(value[l >> 1] ^ (l & 1), bit_name(flat_names, 'output', k))
                    for k, l in enumerate(flat[2])]
    # in_ready_o is the line's advance, 1 here on both sides; the rest are the transaction's.
    if sorted(n for _, n in pipe_outputs) != sorted(n for _, n in flat_outputs):
        sys.exit("pipeline_lec.py: the two designs' outputs differ in name")

    inputs.sort(key=lambda p: p[1])
    for side, outputs in (('pipelined', pipe_outputs), ('unregistered', flat_outputs)):
        write_aig(os.path.join(outdir, f'{side}.aig'), inputs, sorted(outputs, key=lambda p: p[1]),
                  builder.gates)
    same = sum(a == b for (a, _), (b, _) in zip(sorted(pipe_outputs, key=lambda p: p[1]),
                                                sorted(flat_outputs, key=lambda p: p[1])))
    print(f"{len(pipe[1])} flip-flops ({len(skipped)} skipped), {frames} advancing edges, "
          f"{len(pipe_outputs)} output bits ({same} already one node), {len(builder.gates)} AND gates")


if __name__ == '__main__':
    main(sys.argv[1:])
