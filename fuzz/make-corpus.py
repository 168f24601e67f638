#!/usr/bin/env python3
"""Builds the seed corpora of the fuzz targets (fuzz/corpus/<target>/) from the project's own
material: the vectors library (vectors/regression: one corner file per legal PTX form, and
`halfpipe gen`'s random file), the TestFloat samples, the docs (README.md, vectors/FORMAT.md and
the other Markdown pages: their command lines and example lines) and the tests' good and bad
inputs (the string literals of tests/isa, tests/vectors and tests/cli). Crash reproducers kept in
fuzz/regressions/<target>/ are copied in as they are.

Deterministic: the same tree gives the same files, each named by the SHA-1 of its contents (as
libFuzzer names its own). Each target's directory is emptied and rewritten.

Usage: fuzz/make-corpus.py   (from anywhere; it finds the tree from its own path)
"""
import hashlib
import os
import re
import shutil
import sys

TOP = os.path.dirname(os.path.dirname(os.path.realpath(__file__)))
FUZZ = os.path.join(TOP, "fuzz")
MAX_FILES = 400  # per target: a seed corpus, not a test suite

# The PTX opcodes, from the op table's ptx column.
PTX_OPCODES = tuple(re.findall(r'^HALFPIPE_OP\(\w+,\s*\d+,\s*"(\w+)"',
                               open(os.path.join(TOP, "model/uop/ops.def")).read(), re.M))
VISA_TYPES = ["b", "ub", "w", "uw", "d", "ud", "q", "uq", "hf", "f", "df"]
# VISA_Type numbering of the binary form (model/isa/visa.h): MIN_MAX's types and two it refuses.
VISA_BINARY_TYPES = [0x0, 0x1, 0x2, 0x3, 0x4, 0x5, 0x6, 0x7, 0xB, 0xD, 0xE, 0x8, 0xF, 0x10]
# TestFloat functions in testfloat_functions() order: the odd selector byte 1 + 2 * index.
TESTFLOAT = {"f16_add": 0, "f16_sub": 1, "f16_mul": 2, "f16_mulAdd": 3}


def read(path):
    with open(os.path.join(TOP, path), encoding="utf-8") as f:
        return f.read()


def files_under(folder, suffix):
    found = []
    for root, _, names in os.walk(os.path.join(TOP, folder)):
        found += [os.path.join(root, n) for n in names if n.endswith(suffix)]
    return sorted(found)


def string_literals(paths):
    """The C++ string literals of the files, unescaped for the common escapes, in file order."""
    literals = []
    for path in paths:
        with open(path, encoding="utf-8") as f:
            text = f.read()
        for m in re.finditer(r'"((?:[^"\\\n]|\\.)*)"', text):
            s = m.group(1)
            s = s.replace("\\n", "\n").replace("\\t", "\t").replace('\\"', '"').replace("\\\\", "\\")
            literals.append(s)
    return literals


def unique(items):
    seen, out = set(), []
    for item in items:
        if item not in seen:
            seen.add(item)
            out.append(item)
    return out


def legal_ptx_forms():
    """One corner file per legal PTX form in vectors/regression/corner, named FORM.vec."""
    names = os.listdir(os.path.join(TOP, "vectors/regression/corner"))
    return sorted(n[: -len(".vec")] for n in names if n.endswith(".vec"))


def vector_lines(path, count):
    """The header and the first `count` vector lines of a vector file."""
    header, vectors = [], []
    with open(os.path.join(TOP, path), encoding="utf-8") as f:
        for line in f:
            if line.startswith("#"):
                header.append(line)
            elif line.strip() and len(vectors) < count:
                vectors.append(line)
    return header, vectors


def visa_forms():
    """A spread of vISA forms: every type, both ops, .sat, every exec size, some mask controls."""
    forms = []
    sizes = [1, 2, 4, 8, 16, 32]
    for k, t in enumerate(VISA_TYPES):
        for op in ("MIN", "MAX", "MIN.sat", "MAX.sat"):
            size = sizes[(k + len(op)) % len(sizes)]
            forms.append(f"{op} ({size}) {t}")
    forms += ["MAX.sat (16, M5) hf", "MIN (8, M1_NM) w", "max (M8, 4) ub", "MIN (32) df", "MAX (16, M3) f"]
    return forms


def visa_batch_line(form, size, bits):
    digits = bits // 4
    element = lambda v: "0x" + format(v & ((1 << bits) - 1), "0%dx" % digits)
    lists = [",".join(element(v * (i + 1)) for i in range(size)) for v in (0, 0x3C00, 0x8001)]
    return f"{form} 0xffffffff {lists[0]} -{lists[1]} (abs){lists[2]}"


def doc_command_lines(command):
    """Arguments of `halfpipe COMMAND ...` lines in the Markdown docs, placeholders dropped."""
    lines = []
    for path in files_under(".", ".md"):
        if "/build" in path or "/.git/" in path:
            continue
        with open(path, encoding="utf-8") as f:
            text = f.read()
        for m in re.finditer(r"halfpipe %s((?: [^`|#\n\\]*)?)" % command, text):
            args = m.group(1).strip()
            if "[" in args or "..." in args or "{" in args or "<" in args:
                continue
            lines.append(args)
    return unique(lines)


def split_args(line):
    """Shell-like split on blanks, single quotes grouping."""
    return [a.strip("'") for a in re.findall(r"'[^']*'|\S+", line)]


# ---- the corpora ---------------------------------------------------------------------------------

def corpus_ptx_form():
    inputs = []
    forms = legal_ptx_forms()
    inputs += [f.encode() for f in forms]
    # Modifiers in another order and the operand list after the form (decode_ptx takes both).
    inputs += [b"add.f16.rn.ftz d, a, b;", b"fma.relu.rn.bf16x2 d, a, b, c;", b"  tanh.approx.f16x2;"]
    # Under targets: the S23 gates (sm and PTX ISA version), and malformed targets.
    targets = [("sm_53", ""), ("sm_80", "7.0"), ("sm_90", "7.8"), ("sm_75", "6.5"), ("", "8.1"),
               ("sm_100", "9.7"), ("sm_9", "x"), ("90", "7.8.1")]
    for k, form in enumerate(forms):
        sm, ptx = targets[k % len(targets)]
        inputs.append(f"{form}\n{sm}\n{ptx}".encode())
    # The tests' forms, legal and illegal (every literal that starts with a PTX opcode).
    for s in string_literals(files_under("tests/isa", ".cpp")):
        if s.split(".")[0] in PTX_OPCODES and "\n" not in s and " " not in s.split(".")[0]:
            inputs.append(s.encode())
    return inputs


def corpus_visa():
    inputs = []
    # Binary door (even first byte): Encoding bytes, then an execution mask.
    for k, t in enumerate(VISA_BINARY_TYPES):
        for exec_log2 in range(6):
            mask_control = (k + exec_log2) % 16
            op = exec_log2 % 2
            dst = 0x4 if (k + exec_log2) % 3 == 0 else 0
            src0, src1 = exec_log2 % 4, (k % 4)
            inputs.append(bytes([0, 0x45, exec_log2 | mask_control << 4, op, t, dst, src0, src1,
                                 0xFF, 0x0F, 0xF0, 0x55]))
    inputs.append(bytes([0, 0x44, 0, 0, 0xE, 0, 0, 0]))   # a wrong opcode
    inputs.append(bytes([0, 0x45, 0x08, 0, 0xE, 0, 0, 0]))  # the reserved Exec_size bit
    inputs.append(bytes([0, 0x45, 0x85, 0, 0xE, 0, 0, 0]))  # M9: past execution-mask bit 31
    # Text door (odd first byte; bits 1.. pick decode_text's type).
    texts = []
    for form in visa_forms():
        texts.append(form)
        size = int(re.search(r"\((?:M\d_?N?M?, *)?(\d+)", form, re.I).group(1))
        bits = {"b": 8, "ub": 8, "w": 16, "uw": 16, "hf": 16, "d": 32, "ud": 32, "f": 32}.get(
            form.split()[-1], 64)
        texts.append(visa_batch_line(form, size, bits))
        texts.append(re.sub(r" \w+$", " d s0 s1", form))  # decode_text's operand names
    for s in string_literals(files_under("tests/isa", ".cpp") + files_under("tests/vectors", ".cpp")):
        if re.match(r"(?i)\s*m(in|ax)\b", s) and "\n" not in s:
            texts.append(s)
    for k, text in enumerate(unique(texts)):
        inputs.append(bytes([1 + 2 * (k % 11)]) + text.encode())
    return inputs


def corpus_eval_line():
    inputs = []
    # One batch per legal form: its first corner vectors without the EXPECTED column.
    for form in legal_ptx_forms():
        _, vectors = vector_lines(f"vectors/regression/corner/{form}.vec", 3)
        inputs.append("".join(" ".join(v.split()[:-1]) + "\n" for v in vectors).encode())
    _, vectors = vector_lines("vectors/regression/random.vec", 40)
    inputs.append("".join(" ".join(v.split()[:-1]) + "\n" for v in vectors).encode())
    # vISA lines and the tests' batch lines, good and bad, a few to an input; one under a target.
    lines = []
    for form in visa_forms():
        size = int(re.search(r"\((?:M\d_?N?M?, *)?(\d+)", form, re.I).group(1))
        bits = {"b": 8, "ub": 8, "w": 16, "uw": 16, "hf": 16, "d": 32, "ud": 32, "f": 32}.get(
            form.split()[-1], 64)
        lines.append(visa_batch_line(form, size, bits))
    for s in string_literals(files_under("tests/vectors", ".cpp") + files_under("tests/cli", ".cpp")):
        first = s.split(" ")[0].split(".")[0].lower()
        if (first in PTX_OPCODES or first in ("min", "max")) and " " in s:
            lines += s.split("\n")
    lines = unique(l for l in lines if l.strip())
    for k in range(0, len(lines), 3):
        inputs.append(("\n".join(lines[k:k + 3]) + "\n").encode())
    inputs.append(b"# target sm_53 6.5\nadd.f16 3c00 3c00\nmin.NaN.f16 7fff 0\nfma.rn.relu.bf16 3f80 bf80 0\n")
    inputs.append(b"# target sm_90 7.8\ntanh.approx.bf16x2 0x3f803f80\n# comment\n\nex2.approx.ftz.bf16 0\n")
    return inputs


def corpus_vector_file():
    inputs = []
    # Even first byte: vector files. The first vectors of each corner file with its header, the
    # `# vectors:` count made to match (one in eight left wrong: the truncation check).
    for k, form in enumerate(legal_ptx_forms()):
        header, vectors = vector_lines(f"vectors/regression/corner/{form}.vec", 4)
        count = len(vectors) + (1 if k % 8 == 7 else 0)
        header = [re.sub(r"^# vectors: \d+", f"# vectors: {count}", h) for h in header]
        inputs.append(b"\0" + "".join(header + vectors).encode())
    header, vectors = vector_lines("vectors/regression/random.vec", 30)
    header = [re.sub(r"^# vectors: \d+", "# vectors: 30", h) for h in header]
    inputs.append(b"\0" + "".join(header + vectors).encode())
    # The FORMAT.md example, whose header declares more vectors than it shows.
    example = re.search(r"## The file\n\n```\n(.*?)```", read("vectors/FORMAT.md"), re.S).group(1)
    inputs.append(b"\0" + example.encode())
    inputs.append(b"\0" + re.sub(r"# vectors: \d+", "# vectors: 3", example).encode())
    inputs.append(b"\0" + b"add.f16 3C00 3c00 0x4000\r\nneg.bf16x2 0x3f80bf80 0xbf803f80 # both lanes\n")
    inputs.append(b"\0" + b"add.f16 0x3c00 0x3c00 0x4000")  # truncated: no end of line
    # The tests' file contents, good and bad (their multi-line literals), through both doors.
    for k, s in enumerate(unique(string_literals(
            [os.path.join(TOP, "tests/vectors/vector_file_test.cpp"),
             os.path.join(TOP, "tests/vectors/testfloat_test.cpp")]))):
        if "\n" in s:
            inputs.append(b"\0" + s.encode())
            inputs.append(bytes([1 + 2 * (k % len(TESTFLOAT))]) + s.encode())
    # Odd first byte: TestFloat files, one per function, and each under the other functions.
    for path in files_under("tests/vectors/data", ".tf"):
        name = os.path.basename(path)[: -len(".tf")]
        with open(path, "rb") as f:
            text = f.read()
        for function, index in TESTFLOAT.items():
            inputs.append(bytes([1 + 2 * index]) + text)
    return inputs


def corpus_options():
    commands = {"sweep": 0, "cosim": 1, "gen": 2, "explore": 3}
    arg_lists = []
    for command in commands:
        arg_lists += [(command, split_args(line)) for line in doc_command_lines(command)]
    # The tests' command lines (literals holding an option), given to the commands in turn.
    test_lines = [s for s in string_literals(files_under("tests/cli", ".cpp"))
                  if re.match(r"^([\w.']+ )*--[a-z]", s) and "\n" not in s]
    names = list(commands)
    for k, line in enumerate(unique(test_lines)):
        arg_lists.append((names[k % len(names)], split_args(line)))
    # Every option of the vocabulary with a typical value, to every command.
    vocabulary = ["--all-ptx", "--all-visa", "--scalar", "--operands 2", "--vector 3c00,4000",
                  "--vector-file f.vec", "--corner", "--random 100", "--exhaustive", "--seed 0x10",
                  "--shard 2/3", "--c 3c00,0", "--lanes 4", "--depth 2", "--gaps 0.25",
                  "--backpressure 0.5", "--threads 1", "--bare", "--bare-cycles 1000", "-o -",
                  "--output f.vec", "--wave w.fst", "--log l.txt", "--format testfloat",
                  "--regression dir", "--reset-at 5", "--model-latency fma=3",
                  "--inject-rtl-fault 2", "--quantum 64", "--latency add=2", "--ii 2",
                  "--issue-width 2", "--queue 4", "--fill-lanes", "--record r.json", "--job P:1",
                  "--spec 'add.f16 random 10'", "--help", "--gap 0.1", "--stall 0.1", "--count 3",
                  "--all", "--visa", "--vectors f.vec"]
    for option in vocabulary:
        for command in commands:
            arg_lists.append((command, ["add.f16"] + split_args(option)))
    inputs = []
    for command, args in arg_lists:
        inputs.append(bytes([commands[command]]) + b"\0".join(a.encode() for a in args))
    return inputs


CORPORA = {
    "fuzz_ptx_form": corpus_ptx_form,
    "fuzz_visa": corpus_visa,
    "fuzz_eval_line": corpus_eval_line,
    "fuzz_vector_file": corpus_vector_file,
    "fuzz_options": corpus_options,
}


def write_corpus(target, inputs):
    folder = os.path.join(FUZZ, "corpus", target)
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(folder)
    inputs = unique(inputs)
    if len(inputs) > MAX_FILES:
        sys.exit(f"make-corpus: {target}: {len(inputs)} inputs, more than {MAX_FILES}")
    regressions = os.path.join(FUZZ, "regressions", target)
    if os.path.isdir(regressions):
        for name in sorted(os.listdir(regressions)):
            with open(os.path.join(regressions, name), "rb") as f:
                inputs.append(f.read())
    for data in unique(inputs):
        with open(os.path.join(folder, hashlib.sha1(data).hexdigest()), "wb") as f:
            f.write(data)
    print(f"{target}: {len(unique(inputs))} inputs")


def main():
    targets = sys.argv[1:] or list(CORPORA)
    for target in targets:
        if target not in CORPORA:
            sys.exit(f"make-corpus: unknown target '{target}'; targets: {' '.join(CORPORA)}")
        write_corpus(target, CORPORA[target]())


if __name__ == "__main__":
    main()
