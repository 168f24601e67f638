#!/usr/bin/env python3
"""The house's layers, kept: every #include of the project's C++ points to its own layer or a
lower one, and no files include each other round a circle.

    include_layers.py SOURCE_DIR [README]

The layers are README's list under "## Layers" (one numbered line per layer, its folders in
backquotes), so that the list a newcomer reads is the one enforced. A header and its .cpp are
one node. Exit 0 when the house holds; 1 with each upward include (the including file, the
included file and both layers) and each circle (its files, in order); 2 for a README without the
list or an unreadable source."""
import os
import re
import sys

SOURCE_SUFFIXES = (".h", ".cpp", ".inc", ".cc")
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def read_layers(readme):
    """[(number, [folder, ...])] from README's "## Layers" list."""
    try:
        text = open(readme, encoding="utf-8").read()
    except OSError as e:
        print(f"include_layers: {readme}: {e.strerror}", file=sys.stderr)
        sys.exit(2)
    match = re.search(r"^## Layers\n(.*?)(?=^## )", text, re.M | re.S)
    if not match:
        print(f"include_layers: {readme}: no '## Layers' section", file=sys.stderr)
        sys.exit(2)
    layers = []
    for line in match.group(1).splitlines():
        item = re.match(r"(\d+)\.\s+(.*)", line)
        if item:
            folders = re.findall(r"`([^`]+)`", item.group(2))
            layers.append((int(item.group(1)), [f.rstrip("/") for f in folders]))
    if not layers:
        print(f"include_layers: {readme}: the '## Layers' section lists no layer", file=sys.stderr)
        sys.exit(2)
    return layers


def layer_of(path, layers):
    """(number, folder) of the deepest folder holding `path`, or None outside every layer."""
    best = None
    for number, folders in layers:
        for folder in folders:
            if path.startswith(folder + "/") and (best is None or len(folder) > len(best[1])):
                best = (number, folder)
    return best


def node_of(path):
    return os.path.splitext(path)[0]


def main():
    if len(sys.argv) not in (2, 3):
        print(__doc__, file=sys.stderr)
        return 2
    source = sys.argv[1]
    layers = read_layers(sys.argv[2] if len(sys.argv) == 3 else os.path.join(source, "README.md"))
    files = []
    for number, folders in layers:
        for folder in folders:
            for root, _, names in os.walk(os.path.join(source, folder)):
                for name in names:
                    if name.endswith(SOURCE_SUFFIXES):
                        files.append(os.path.relpath(os.path.join(root, name), source))
    known = set(files)
    problems = []
    edges = {}  # node -> {included node: (including file, included file)}
    for path in sorted(set(files)):
        try:
            text = open(os.path.join(source, path), encoding="utf-8", errors="replace").read()
        except OSError as e:
            print(f"include_layers: {path}: {e.strerror}", file=sys.stderr)
            return 2
        here = layer_of(path, layers)
        for included in INCLUDE.findall(text):
            if included not in known:
                continue  # system, third-party or generated
            there = layer_of(included, layers)
            if there[0] > here[0]:
                problems.append(f"{path} (layer {here[0]}, {here[1]}) includes {included} "
                                f"(layer {there[0]}, {there[1]}): a layer may include only its own "
                                "or a lower one")
            a, b = node_of(path), node_of(included)
            if a != b:
                edges.setdefault(a, {}).setdefault(b, (path, included))
    for circle in circles(edges):
        steps = []
        for a, b in zip(circle, circle[1:] + circle[:1]):
            including, included = edges[a][b]
            steps.append(f"{including} includes {included}")
        problems.append("a circle of files: " + "; ".join(steps))
    for p in problems:
        print(p)
    if problems:
        print(f"include_layers: {len(problems)} problem(s)")
        return 1
    print(f"include_layers: {len(known)} files in {len(layers)} layers: every include points down "
          "or across, and no files include each other round a circle")
    return 0


def circles(edges):
    """One circle of nodes for every strongly connected component of more than one node
    (Tarjan's algorithm, iterative)."""
    index, low, on_stack, stack, found = {}, {}, set(), [], []
    counter = 0
    for start in sorted(edges):
        if start in index:
            continue
        work = [(start, iter(sorted(edges.get(start, {}))))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, successors = work[-1]
            advanced = False
            for succ in successors:
                if succ not in index:
                    index[succ] = low[succ] = counter
                    counter += 1
                    stack.append(succ)
                    on_stack.add(succ)
                    work.append((succ, iter(sorted(edges.get(succ, {})))))
                    advanced = True
                    break
                if succ in on_stack:
                    low[node] = min(low[node], index[succ])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(path_through(component, edges))
    return found


def path_through(component, edges):
    """A circle visiting the component's nodes, from its first in sorted order."""
    members = set(component)
    start = min(component)
    # Breadth-first from start back to start, inside the component.
    previous = {start: None}
    queue = [start]
    while queue:
        node = queue.pop(0)
        for succ in sorted(edges.get(node, {})):
            if succ not in members:
                continue
            if succ == start:
                path = [node]
                while previous[path[-1]] is not None:
                    path.append(previous[path[-1]])
                return list(reversed(path))
            if succ not in previous:
                previous[succ] = node
                queue.append(succ)
    return sorted(component)


if __name__ == "__main__":
    sys.exit(main())
