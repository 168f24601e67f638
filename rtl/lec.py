#!/usr/bin/env python3
"""The combinational problems of the netlist's equivalence check (rtl/lec.sh).

Reads the RTL (gold) and the netlist (gate) as Yosys wrote them, ASCII AIGER with a -vmap file
each, and cuts both at their flip-flops, paired by name (the key points of a logic equivalence
check): each pair's present state becomes one shared input, and each flip-flop's next state an
output, beside the design's own outputs. If every output of the two cut designs is equal for all
inputs, then from any state in which the paired flip-flops agree, the two designs agree on every
output and go to such a state again: the netlist equals the RTL for all inputs and every run.

Synthesis keeps the RTL's flip-flops but for three changes, each handled so that the check stays
sound (an assumption it makes is also proven):
- flip-flops with equal next states are merged into one: every RTL copy reads the merged
  flip-flop's state, and each copy's next state must equal the merged one's;
- a flip-flop whose next state is its own constant value is removed: the RTL reads the constant,
  and its next state, with the constant in place, must be that constant (`const:` outputs);
- a flip-flop no output depends on is removed: the RTL reads it as a free input (`free:`), so no
  output may depend on it. Which removed flip-flops hold a constant is guessed by random
  simulation; a wrong guess fails its `const:` output, and rtl/lec.sh names it in --free.
Flip-flops with an asynchronous reset are named after the wire async2sync's multiplexer drives.

Writes, for each cone (a set of outputs named by a regular expression), a pair of binary AIGER
files, CONE.gold.aig and CONE.gate.aig, whose inputs and outputs match by name, for ABC's &cec.

  lec.py GOLD.aag GOLD.map GATE.aag GATE.map OUTDIR [--free NAME]... CONE=REGEX...
"""
import collections
import os
import random
import re
import sys


def read_aag(path):
    with open(path) as f:
        header = f.readline().split()
        if header[0] != 'aag':
            sys.exit(f"lec.py: {path}: not an ASCII AIGER file")
        _, inputs, latches, outputs, ands = map(int, header[1:6])
        ins = [int(f.readline()) for _ in range(inputs)]
        lat = [list(map(int, f.readline().split()))[:2] for _ in range(latches)]
        outs = [int(f.readline()) for _ in range(outputs)]
        gates = [tuple(map(int, f.readline().split())) for _ in range(ands)]
    return ins, lat, outs, gates


def read_map(path):
    """Yosys's -vmap: for inputs, outputs and latches by index, and wires by literal, their names
    (NAME[BIT]; a single bit also as NAME). Yosys's own names ($...) have no counterpart."""
    names = collections.defaultdict(lambda: collections.defaultdict(set))
    with open(path) as f:
        for line in f:
            kind, index, bit, name = line.split(maxsplit=3)
            name, bit = name.strip(), int(bit)
            if name.startswith('$'):
                continue
            entry = names[kind][int(index)]
            entry.add(f"{name}[{bit}]")
            if bit == 0:
                entry.add(name)
    return names


def canon(names, fallback):
    return min(names, key=lambda n: (len(n), n)) if names else fallback


def name_reset_flops(design, names):
    """async2sync leaves a flip-flop with an asynchronous reset nameless, its named wire behind a
    multiplexer (three AND gates): the flip-flop takes that wire's names."""
    ins, lat, outs, gates = design
    children = {g[0] >> 1: (g[1] >> 1, g[2] >> 1) for g in gates}
    nameless = {lat[i][0] >> 1: i for i in range(len(lat)) if not names['latch'][i]}
    for literal, wire_names in names['wire'].items():
        frontier, found = {literal >> 1}, set()
        for _ in range(3):
            frontier = {c for v in frontier for c in children.get(v, ())}
            found |= frontier & nameless.keys()
        if len(found) == 1:
            names['latch'][nameless[found.pop()]].update(wire_names)


def simulate(design, held, patterns=4096, seed=1):
    """Every literal's value on random inputs and states (the latches in `held` at their value
    there), a bit per pattern."""
    ins, lat, outs, gates = design
    rng = random.Random(seed)
    ones = (1 << patterns) - 1
    value = collections.defaultdict(int)
    for literal in ins + [l[0] for l in lat]:
        value[literal >> 1] = rng.getrandbits(patterns)
    for i, c in held.items():
        value[lat[i][0] >> 1] = ones if c else 0
    for lhs, a, b in gates:
        value[lhs >> 1] = (value[a >> 1] ^ (ones if a & 1 else 0)) & (value[b >> 1] ^ (ones if b & 1 else 0))
    return lambda literal: value[literal >> 1] ^ (ones if literal & 1 else 0), ones


def write_aig(path, inputs, outputs, gates):
    """Binary AIGER without latches: the inputs first, then the AND gates the outputs reach, each
    after its fanins, with a symbol per input and output."""
    definition = {g[0] >> 1: (g[1], g[2]) for g in gates}
    number = {0: 0}
    for k, (literal, _) in enumerate(inputs):
        number[literal >> 1] = k + 1
    order = []
    for literal, _ in outputs:
        stack = [(literal >> 1, False)]
        while stack:
            v, expanded = stack.pop()
            if v in number:
                continue
            if expanded:
                number[v] = len(inputs) + len(order) + 1
                order.append(v)
                continue
            stack.append((v, True))
            stack.extend((c >> 1, False) for c in definition[v] if (c >> 1) not in number)

    def renumbered(literal):
        return 2 * number[literal >> 1] + (literal & 1)

    def delta(x):
        out = bytearray()
        while x >= 0x80:
            out.append((x & 0x7f) | 0x80)
            x >>= 7
        out.append(x)
        return bytes(out)

    with open(path, 'wb') as f:
        f.write(f"aig {len(inputs) + len(order)} {len(inputs)} 0 {len(outputs)} {len(order)}\n".encode())
        for literal, _ in outputs:
            f.write(f"{renumbered(literal)}\n".encode())
        for v in order:
            high, low = sorted((renumbered(c) for c in definition[v]), reverse=True)
            f.write(delta(2 * number[v] - high) + delta(high - low))
        for k, (_, name) in enumerate(inputs):
            f.write(f"i{k} {name}\n".encode())
        for k, (_, name) in enumerate(outputs):
            f.write(f"o{k} {name}\n".encode())


def main(argv):
    args, free_names, cones = [], set(), []
    it = iter(argv)
    for a in it:
        if a == '--free':
            free_names.add(next(it))
        elif '=' in a and len(args) == 5:
            name, regex = a.split('=', 1)
            cones.append((name, re.compile(regex)))
        else:
            args.append(a)
    if len(args) != 5 or not cones:
        sys.exit(__doc__.strip().splitlines()[-1])
    gold, gold_names = read_aag(args[0]), read_map(args[1])
    gate, gate_names = read_aag(args[2]), read_map(args[3])
    outdir = args[4]
    name_reset_flops(gold, gold_names)
    name_reset_flops(gate, gate_names)

    by_name = {}
    for i, names in gate_names['latch'].items():
        for n in names:
            by_name.setdefault(n, i)
    merged = collections.defaultdict(list)  # gate latch -> the gold latches it stands for
    removed = []                            # gold latches without a gate latch
    for i in range(len(gold[1])):
        hits = {by_name[n] for n in gold_names['latch'][i] if n in by_name}
        if len(hits) > 1:
            sys.exit(f"lec.py: the RTL's flip-flop {canon(gold_names['latch'][i], i)} has the names of "
                     f"{len(hits)} of the netlist's")
        (merged[hits.pop()] if hits else removed).append(i)
    unpaired = [i for i in range(len(gate[1])) if i not in merged]
    if unpaired:
        sys.exit("lec.py: the netlist's flip-flops " +
                 ", ".join(canon(gate_names['latch'][i], f'#{i}') for i in unpaired[:5]) +
                 " have no counterpart in the RTL")
    gold_name = lambda i: canon(gold_names['latch'][i], f'latch#{i}')

    # The removed flip-flops that hold a constant: held at it, their next state is it.
    constant = {}
    for c in (0, 1):
        value, ones = simulate(gold, {**{i: c for i in removed}, **constant})
        constant.update({i: c for i in removed if i not in constant and gold_name(i) not in free_names
                         and value(gold[1][i][1]) == (ones if c else 0)})

    # The gold design with the merged copies reading their first one and the constants in place.
    substitute = {gold[1][i][0] >> 1: c for i, c in constant.items()}
    for copies in merged.values():
        for i in copies[1:]:
            substitute[gold[1][i][0] >> 1] = gold[1][copies[0]][0]
    s = lambda l: (substitute[l >> 1] ^ (l & 1)) if (l >> 1) in substitute else l
    gold = (gold[0], [[s(a), s(b)] for a, b in gold[1]], [s(o) for o in gold[2]],
            [(lhs, s(a), s(b)) for lhs, a, b in gold[3]])

    fresh = max(l >> 1 for d in (gold, gate) for l in d[0] + [x for l in d[1] for x in l] +
                [g[0] for g in d[3]]) + 1
    sides = {}
    for side, design, names in (('gold', gold, gold_names), ('gate', gate, gate_names)):
        ins, lat, outs, _ = design
        inputs = [(l, canon(names['input'][k], f'input#{k}')) for k, l in enumerate(ins)]
        outputs = [(l, canon(names['output'][k], f'output#{k}')) for k, l in enumerate(outs)]
        for key, copies in merged.items():
            key_name = canon(gate_names['latch'][key], f'latch#{key}')
            q = lat[copies[0]][0] if side == 'gold' else lat[key][0]
            inputs.append((q, 'q:' + key_name))
            for j, i in enumerate(copies):
                outputs.append((lat[i][1] if side == 'gold' else lat[key][1], f'd:{key_name}#{j}'))
        for i in removed:
            if i in constant:
                outputs.append((gold[1][i][1] if side == 'gold' else constant[i], 'const:' + gold_name(i)))
            elif side == 'gold':
                inputs.append((lat[i][0], 'free:' + gold_name(i)))
            else:  # an input the netlist does not read
                inputs.append((2 * fresh, 'free:' + gold_name(i)))
                fresh += 1
        sides[side] = (sorted(inputs, key=lambda p: p[1]), sorted(outputs, key=lambda p: p[1]))

    print(f"key points: {len(merged)} flip-flops paired by name ({sum(len(c) - 1 for c in merged.values())} "
          f"of the RTL's merged by synthesis), {len(constant)} removed as constant, "
          f"{len(removed) - len(constant)} removed as unread")
    taken = set()
    for cone, regex in cones:
        chosen = {n for _, n in sides['gate'][1] if n not in taken and regex.search(n)}
        taken |= chosen
        for side, (inputs, outputs) in sides.items():
            write_aig(os.path.join(outdir, f"{cone}.{side}.aig"), inputs,
                      [o for o in outputs if o[1] in chosen], (gold if side == 'gold' else gate)[3])
        print(f"cone {cone}: {len(chosen)} outputs")
    rest = [n for _, n in sides['gate'][1] if n not in taken]
    if rest:
        sys.exit(f"lec.py: {len(rest)} outputs are in no cone, {rest[0]} first")


if __name__ == '__main__':
    main(sys.argv[1:])
