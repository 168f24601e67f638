#!/usr/bin/env python3
"""Decides one cone of rtl/lec.sh by Shannon cofactoring and exhaustive simulation, for the cones
whose arithmetic ABC's &cec cannot sweep (a sum of products built as one compressor tree on one
side and as a product, then a sum, on the other) but whose outputs each depend on few inputs.

Reads the pair of binary AIGER files rtl/lec.py writes for a cone (CONE.gold.aig, CONE.gate.aig:
the same inputs and outputs, by name and in order). Constant propagation settles the outputs
that become one input or one constant on both sides (a register holding its value); the others
are grouped by shared inputs, and a group on at most --limit inputs is simulated on every
assignment of them, both sides, 2^18 assignments at a time as the bits of Python integers. A
larger group is split on the input most of its outputs read, and each half decided again. Every
assignment of every input is thus covered: equal is a proof, and a difference is shown with the
values that give it.

The cone may be cut at the registers before it made transparent (rtl/lec.sh's `scale`: each
reads what the stage before it loads, as a function of that stage's inputs). That is sound when
the cone reads none of those inputs but through the transparent registers: --loaded names the
same cone cut at those registers (NORMAL.gold/gate.aig), a regular expression for the inputs
that are those registers there, and the registers' loads as outputs (LOADS.gold/gate.aig); an
input read both ways is refused, exit 2.

  lec_enumerate.py GOLD.aig GATE.aig [--limit BITS]
                   [--loaded NORMAL.gold.aig NORMAL.gate.aig REGEX LOADS.gold.aig LOADS.gate.aig]
Prints the verdict and how many assignments were simulated; exit 0 equal, 1 different, 2 bad
input.
"""
import re
import sys

CHUNK_BITS = 18


def fail(message):
    print(f"lec_enumerate.py: {message}", file=sys.stderr)
    sys.exit(2)


def read_aig(path):
    """(input names, output literals, output names, AND gates as {var: (lit, lit)})."""
    try:
        data = open(path, 'rb').read()
    except OSError as e:
        fail(f"{path}: {e.strerror}")
    try:
        return parse_aig(path, data)
    except (IndexError, ValueError):
        fail(f"{path}: truncated or malformed binary AIGER")


def parse_aig(path, data):
    end = data.find(b'\n')
    header = data[:end].split()
    if len(header) != 6 or header[0] != b'aig' or not all(h.isdigit() for h in header[1:]):
        fail(f"{path}: line 1: not a binary AIGER header")
    _, inputs, latches, outputs, ands = map(int, header[1:])
    if latches:
        fail(f"{path}: line 1: {latches} latches; a cone has none")
    pos = end + 1
    out_lits = []
    for k in range(outputs):
        end = data.find(b'\n', pos)
        out_lits.append(int(data[pos:end]))
        pos = end + 1

    def number():
        nonlocal pos
        x = shift = 0
        while True:
            byte = data[pos]
            pos += 1
            x |= (byte & 0x7f) << shift
            shift += 7
            if not byte & 0x80:
                return x

    gates = {}
    for k in range(ands):
        lhs = 2 * (inputs + k + 1)
        a = lhs - number()
        gates[lhs >> 1] = (a, a - number())
    names = {'i': {}, 'o': {}}
    for line in data[pos:].split(b'\n'):
        if line[:1] == b'c':
            break
        if line[:1] in (b'i', b'o') and b' ' in line:
            key, name = line.split(b' ', 1)
            names[chr(key[0])][int(key[1:])] = name.decode()
    return ([names['i'].get(k, f'input#{k}') for k in range(inputs)], out_lits,
            [names['o'].get(k, f'output#{k}') for k in range(outputs)], gates)


class Side:
    """One design with some inputs held constant: every literal mapped to a constant, an input's
    literal, or a kept gate's; and each kept gate's inputs (its support) as a bit set."""

    def __init__(self, inputs, gates, held):
        self.gates = {}
        self.support = {}
        value = {0: 0}
        for v in range(1, inputs + 1):
            value[v] = held[v - 1] if (v - 1) in held else 2 * v
            if (v - 1) not in held:
                self.support[v] = 1 << (v - 1)

        def lit(l):
            return value[l >> 1] ^ (l & 1)

        for v in sorted(gates):
            a, b = (lit(l) for l in gates[v])
            if a > b:
                a, b = b, a
            if a == 0 or a == b ^ 1:
                value[v] = 0
            elif a == 1 or a == b:
                value[v] = b
            else:
                value[v] = 2 * v
                self.gates[v] = (a, b)
                self.support[v] = self.support[a >> 1] | self.support[b >> 1]
        self.lit = lit

    def cone(self, literals):
        """The kept gates the literals reach, in order."""
        seen, stack = set(), [l >> 1 for l in literals]
        while stack:
            v = stack.pop()
            if v in self.gates and v not in seen:
                seen.add(v)
                stack.extend(l >> 1 for l in self.gates[v])
        return sorted(seen)


def patterns(variables, chunk, bits):
    """Each variable's values over one chunk of assignments: variable j of the group takes bit j
    of the assignment's index."""
    size = 1 << bits
    full = (1 << size) - 1
    words = {}
    for j, v in enumerate(variables):
        if j < bits:
            run = 1 << j
            word, period = ((1 << run) - 1) << run, 2 * run   # run zeros, then run ones
            while period < size:
                word |= word << period
                period *= 2
            words[v] = word
        else:
            words[v] = full if (chunk >> (j - bits)) & 1 else 0
    return words, full


def simulate(side, literals, words, full):
    values = {0: 0}
    values.update(words)
    order = side.cone(literals)
    last = {}
    for v in order:
        for l in side.gates[v]:
            last[l >> 1] = v
    for l in literals:
        last[l >> 1] = None

    def get(l):
        x = values[l >> 1]
        return x ^ full if l & 1 else x

    for v in order:
        a, b = side.gates[v]
        values[v] = get(a) & get(b)
        for l in (a, b):
            if last.get(l >> 1) == v and (l >> 1) in side.gates:
                del values[l >> 1]
    return [get(l) for l in literals]


class Decision:
    """gold and gate: (AND gates, output literals) of each side."""

    def __init__(self, inputs, gold, gate, outputs, limit):
        (self.gold, self.gold_out), (self.gate, self.gate_out) = gold, gate
        self.inputs, self.outputs, self.limit = inputs, outputs, limit
        self.assignments = 0
        self.splits = 0

    def decide(self, held, outputs):
        """None when every output in `outputs` is equal with the inputs in `held` fixed, else a
        counterexample (output name, {input name: value})."""
        sides = [Side(len(self.inputs), d, held) for d in (self.gold, self.gate)]
        pending = []
        for k in outputs:
            pair = [s.lit(lits[k]) for s, lits in zip(sides, (self.gold_out, self.gate_out))]
            if pair[0] == pair[1] and (pair[0] >> 1) not in sides[0].gates:
                continue                            # the same input or constant on both sides
            mask = 0
            for s, l in zip(sides, pair):
                mask |= s.support.get(l >> 1, 0)
            pending.append((k, pair, mask))
        for group in self.groups(pending):
            mask = 0
            for _, _, m in group:
                mask |= m
            variables = [v + 1 for v in range(len(self.inputs)) if mask >> v & 1]
            if len(variables) <= self.limit:
                found = self.enumerate(sides, held, group, variables)
            else:
                count = {}
                for _, _, m in group:
                    for v in variables:
                        if m >> (v - 1) & 1:
                            count[v] = count.get(v, 0) + 1
                split = max(variables, key=lambda v: (count.get(v, 0), -v)) - 1
                self.splits += 1
                found = None
                for value in (0, 1):
                    found = self.decide({**held, split: value}, [k for k, _, _ in group])
                    if found:
                        break
            if found:
                return found
        return None

    @staticmethod
    def groups(pending):
        """The outputs joined wherever their inputs meet."""
        groups = []
        for item in pending:
            joined = [g for g in groups if g[0] & item[2]]
            mask, members = item[2], [item]
            for g in joined:
                groups.remove(g)
                mask |= g[0]
                members += g[1]
            groups.append((mask, members))
        return [members for _, members in groups]

    def enumerate(self, sides, held, group, variables):
        n = len(variables)
        bits = min(n, CHUNK_BITS)
        for chunk in range(1 << (n - bits)):
            words, full = patterns(variables, chunk, bits)
            values = [simulate(s, [pair[i] for _, pair, _ in group], words, full)
                      for i, s in enumerate(sides)]
            self.assignments += 1 << bits
            for (k, _, _), x, y in zip(group, *values):
                if x != y:
                    index = ((x ^ y) & -(x ^ y)).bit_length() - 1 + (chunk << bits)
                    given = {self.inputs[v]: held[v] for v in held}
                    given.update({self.inputs[v - 1]: index >> j & 1 for j, v in enumerate(variables)})
                    return self.outputs[k], given
        return None


def read_support(path):
    """The names of the inputs any output of the file reads."""
    inputs, out_lits, _, gates = read_aig(path)
    side = Side(len(inputs), gates, {})
    mask = 0
    for l in out_lits:
        mask |= side.support.get(side.lit(l) >> 1, 0)
    return {n for k, n in enumerate(inputs) if mask >> k & 1}


def check_loaded(normal_gold, normal_gate, regex, loads_gold, loads_gate):
    try:
        registers = re.compile(regex)
    except re.error as e:
        fail(f"--loaded: '{regex}' is not a regular expression ({e})")
    direct = {n for n in read_support(normal_gold) | read_support(normal_gate)
              if not registers.search(n)}
    shared = direct & (read_support(loads_gold) | read_support(loads_gate))
    if shared:
        fail("the cone reads " + ", ".join(sorted(shared)[:5]) + " both directly and through the "
             "registers made transparent: cut there, it is not the cone of the design")
    return direct


def main(argv):
    limit = 25
    args, loaded = [], None
    it = iter(argv)
    for a in it:
        if a == '--loaded':
            loaded = [next(it, None) for _ in range(5)]
            if None in loaded:
                fail("--loaded takes NORMAL.gold.aig NORMAL.gate.aig REGEX LOADS.gold.aig LOADS.gate.aig")
        elif a == '--limit':
            value = next(it, '')
            if not value.isdigit() or not 1 <= int(value) <= 32:
                fail(f"--limit takes 1..32 bits, not '{value}'")
            limit = int(value)
        else:
            args.append(a)
    if len(args) != 2:
        fail("usage: lec_enumerate.py GOLD.aig GATE.aig [--limit BITS]")
    direct = check_loaded(*loaded) if loaded else None
    gold_in, gold_out, gold_names, gold_gates = read_aig(args[0])
    gate_in, gate_out, gate_names, gate_gates = read_aig(args[1])
    if gold_in != gate_in or gold_names != gate_names:
        fail(f"{args[0]} and {args[1]} differ in their inputs or outputs")
    decision = Decision(gold_in, (gold_gates, gold_out), (gate_gates, gate_out), gold_names, limit)
    found = decision.decide({}, range(len(gold_out)))
    print(f"{len(gold_out)} outputs, {decision.splits} splits, "
          f"{decision.assignments} assignments simulated" +
          (f"; read other than through the transparent registers: {len(direct)} inputs"
           if loaded else ""))
    if found:
        name, given = found
        print(f"different at {name} with " +
              " ".join(f"{n}={v}" for n, v in sorted(given.items())))
        return 1
    print("equal")
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
