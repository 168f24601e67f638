#!/usr/bin/env python3
"""Logic depth of a flat Yosys JSON netlist, in gate levels: a fast stand-in for `ltp -noff`.

  rtl/levels.py NETLIST.json [--json | --summary]

NETLIST.json is what `write_json` writes after `synth -flatten -top hp_alu; abc -g
AND,NAND,OR,NOR,XOR,XNOR,MUX; opt_clean` (rtl/area.sh). A path is counted in cells, as ltp counts
it: it starts at an input port or a flip-flop output and ends at an output port or any flip-flop
input pin. ltp walks the paths depth-first and re-walks a cone each time it finds a deeper way in,
which takes minutes on hp_alu; one pass in topological order gives the same figure in seconds.

Every flip-flop also gets a rank, the fewest registers between the data input ports and it
(register_ranks says why the fewest), and stage s is the longest path into the D pins of the
flip-flops of rank s+1: stage 0 is the input register, stage Depth-1 the output register.
"""
import argparse
import json
import sys

# The cell types ltp -noff cuts paths at: Yosys' flip-flop, latch and memory cells, coarse and
# fine-grained. Prefixes, because every polarity/reset variant ($_DFFE_PN0P_ ...) is a type.
SEQUENTIAL = ('$_DFF', '$_SDFF', '$_ALDFF', '$_DLATCH', '$_SR_', '$_FF_', '$dff', '$adff',
              '$sdff', '$aldff', '$dlatch', '$adlatch', '$sr', '$ff', '$mem', '$fsm')


CONTROL_PORTS = {'clk_i', 'rst_ni', 'in_valid_i', 'out_ready_i'}

def fail(message):
    print(f'levels.py: {message}', file=sys.stderr)
    sys.exit(2)


def load(path):
    """The netlist's one top module (name, dict); exits 2 naming the file when it cannot be read."""
    try:
        with open(path, encoding='utf-8') as f:
            modules = json.load(f)['modules']
        # synth -top marks the top; a flattened netlist may still carry unused blackboxes.
        tops = [n for n, m in modules.items() if '1' in str(m.get('attributes', {}).get('top', ''))]
        tops = tops or list(modules)
        if len(tops) != 1:
            fail(f'{path}: expected one top module, found {len(tops)}')
        module = modules[tops[0]]
        module['cells'], module['ports'], module['netnames']  # pylint: disable=pointless-statement
        return tops[0], module
    except OSError as e:
        fail(f'cannot read {path}: {e.strerror}')
    except (ValueError, KeyError, TypeError, AttributeError) as e:
        fail(f'{path} is not a Yosys JSON netlist ({type(e).__name__}: {e})')


def set_bits(mask):
    """Indices of the set bits of an int, lowest first (a string search: masks are thousands wide)."""
    digits, i = bin(mask)[:1:-1], -1
    while (i := digits.find('1', i + 1)) >= 0:
        yield i


def register_ranks(sources, from_ports):
    """Ranks from sources[f] = the flip-flops whose outputs reach f's D pin (f itself excluded)
    and from_ports[f] = whether a data input port does: the fewest registers between the ports and
    f, counting f (a breadth-first search from the ports).

    The fewest, not the most: in a pipeline every register of stage s reads stage s-1, and the
    only paths from later registers are ones that hold a value rather than carry it forward, such
    as the address register memory_map keeps beside a table's read register. Registers no port
    reaches (constants) get rank 0."""
    readers = [[] for _ in sources]
    for f, fs in enumerate(sources):
        for g in fs:
            readers[g].append(f)
    rank = [1 if port else 0 for port in from_ports]
    layer = [f for f, r in enumerate(rank) if r]
    while layer:
        following = []
        for g in layer:
            for f in readers[g]:
                if not rank[f]:
                    rank[f] = rank[g] + 1
                    following.append(f)
        layer = following
    return rank


def analyse(module):
    ports, cells = module['ports'], module['cells']
    inputs = {b for p in ports.values() if p['direction'] == 'input' for b in p['bits']}
    # The ports that carry a transaction into stage 0; the handshake and reset ports reach every
    # register's enable and rank none.
    data_inputs = {b for n, p in ports.items() if p['direction'] == 'input'
                   and n not in CONTROL_PORTS for b in p['bits']}
    outputs = {b for p in ports.values() if p['direction'] != 'input' for b in p['bits']}
    # comb: (input bits, output bits); flops: (D bits, [(pin, bit)], Q bits)
    comb, flops = [], []
    for cell in cells.values():
        dirs, pins = cell.get('port_directions', {}), cell['connections'].items()
        # Constants ("0", "1", "x") are strings in write_json: they start no path.
        ins = [(p, b) for p, bits in pins if dirs.get(p) == 'input' for b in bits if isinstance(b, int)]
        outs = [b for p, bits in pins if dirs.get(p) == 'output' for b in bits if isinstance(b, int)]
        if cell['type'].startswith(SEQUENTIAL):
            flops.append(([b for p, b in ins if p == 'D'], ins, outs))
        else:
            comb.append((list({b for _, b in ins}), outs))

    # Topological order (Kahn): a cell is ready once every cell driving its inputs is done.
    driver = {b: i for i, (_, outs) in enumerate(comb) for b in outs}
    readers, waiting = {}, [0] * len(comb)
    for i, (ins, _) in enumerate(comb):
        for b in ins:
            if b in driver:
                waiting[i] += 1
                readers.setdefault(b, []).append(i)
    # level: cells on the longest path into a bit (start points are absent: 0). cone: bit 0 for
    # the input ports, bit f+1 for flip-flop f, set when that start point reaches the bit.
    level = {}
    cone = {b: 1 for b in data_inputs}
    for f, (_, _, qs) in enumerate(flops):
        for b in qs:
            cone[b] = 1 << (f + 1)
    ready, done = [i for i, w in enumerate(waiting) if w == 0], 0
    while ready:
        i = ready.pop()
        ins, outs = comb[i]
        depth, reach = 1 + max((level.get(b, 0) for b in ins), default=-1), 0
        for b in ins:
            reach |= cone.get(b, 0)
        for b in outs:
            level[b], cone[b] = depth, reach
            for r in readers.get(b, ()):
                waiting[r] -= 1
                if not waiting[r]:
                    ready.append(r)
        done += 1
    if done < len(comb):
        print(f'levels.py: warning: {len(comb) - done} cells on combinational loops left out',
              file=sys.stderr)

    def trace(end):
        """The start point of the longest path into `end`: follow the deepest input back."""
        while end in driver and comb[driver[end]][0]:
            end = max(comb[driver[end]][0], key=lambda b: level.get(b, 0))
        return end

    def deepest(ends):
        end = max(ends, key=lambda b: level.get(b, 0), default=None)
        return (level.get(end, 0), trace(end), end) if end is not None else (0, None, None)

    sources, from_ports = [], []
    for f, (ds, _, _) in enumerate(flops):
        reach = 0
        for b in ds:
            reach |= cone.get(b, 0)
        from_ports.append(bool(reach & 1))
        sources.append([g - 1 for g in set_bits(reach >> 1 << 1) if g != f + 1])
    rank = register_ranks(sources, from_ports)
    segments = []
    for r in range(1, max(rank, default=0) + 1):
        ds = [b for f, (d, _, _) in enumerate(flops) if rank[f] == r for b in d]
        segments.append((r, rank.count(r)) + deepest(ds))
    ends = outputs | {b for _, pins, _ in flops for _, b in pins}
    unloaded = max(level.values(), default=0)
    if unloaded > deepest(ends)[0]:
        print(f'levels.py: warning: logic driving nothing is {unloaded} levels deep', file=sys.stderr)
    return {'cells': len(cells), 'flops': len(flops), 'overall': deepest(ends),
            'outputs': deepest(outputs), 'segments': segments}


def names(module, bits):
    """A readable net name per bit: the fewest '$' (Yosys-made names have them), then a port's
    name over the internal net it is assigned from, then the shortest."""
    ports, best = module['ports'], {}
    for name, net in module['netnames'].items():
        width = len(net['bits'])
        for i, b in enumerate(net['bits']):
            if b in bits:
                index = net.get('offset', 0) + (width - 1 - i if net.get('upto') else i)
                label = name if width == 1 else f'{name}[{index}]'
                best[b] = min(best.get(b, label), label,
                              key=lambda n: (n.count('$'), n.split('[')[0] not in ports, len(n), n))
    return best


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('netlist', help='Yosys write_json output of one flattened module')
    parser.add_argument('--json', action='store_true', help='print one JSON object')
    parser.add_argument('--summary', action='store_true',
                        help='print one line: the longest path, then each stage\'s from stage 1, '
                             'joined by /')
    args = parser.parse_args()
    top, module = load(args.netlist)
    try:
        result = analyse(module)
    except (KeyError, TypeError, AttributeError) as e:
        fail(f'{args.netlist} is not a Yosys JSON netlist ({type(e).__name__}: {e})')
    paths = [result['overall'], result['outputs']] + [s[2:] for s in result['segments']]
    net = names(module, {b for _, s, e in paths for b in (s, e)})

    def path(levels, start, end):
        return {'levels': levels, 'from': net.get(start, str(start)), 'to': net.get(end, str(end))}

    # Rank r holds pipeline stage r-1: stage 0's registers take the ports, and the logic of
    # stage s (s >= 1) is the segment into rank s+1.
    report = {'netlist': args.netlist, 'module': top, 'cells': result['cells'],
              'flops': result['flops'], **path(*result['overall']),
              'outputs': path(*result['outputs']),
              'stages': [{'stage': r - 1, 'flops': n, **path(*p)} for r, n, *p in result['segments']]}
    if args.summary:
        print(report['levels'], '/'.join(str(s['levels']) for s in report['stages'][1:]))
        return
    if args.json:
        print(json.dumps(report, indent=2))
        return
    print(f"cells {report['cells']} flops {report['flops']}")
    print(f"levels {report['levels']} from {report['from']} to {report['to']}")
    for s in report['stages']:
        print(f"stage {s['stage']} levels {s['levels']} into its {s['flops']} flops,"
              f" from {s['from']} to {s['to']}")
    o = report['outputs']
    print(f"outputs levels {o['levels']} from {o['from']} to {o['to']}")


if __name__ == '__main__':
    main()
