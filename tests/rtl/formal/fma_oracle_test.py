#!/usr/bin/python3
"""scripts/formal's fma oracle (z3's floating-point theory, the sum rounded to odd, then once to
nearest even) equals fusedMultiplyAdd computed here exactly, in rational arithmetic, with
doc/semantics.md's NaN rule (S10: every NaN result is 0x7FFF). Written apart from the oracle, so
that the proofs' reference is itself checked: random triples, subnormal-heavy ones, and triples
whose c cancels the product to the last bit.

    fma_oracle_test.py SCRIPTS_FORMAL [COUNT]      exit 0: no difference; 1: differences
"""
import importlib.machinery
import importlib.util
import random
import re
import subprocess
import sys
from fractions import Fraction

FORMATS = {"f16": (5, 11), "bf16": (8, 8)}  # exponent bits, significand bits


def load_formal(path):
    loader = importlib.machinery.SourceFileLoader("formal", path)
    spec = importlib.util.spec_from_loader("formal", loader)
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


def decode(bits, e, m):
    """(sign, magnitude) of a finite value, ("inf", sign) of an infinity, None for a NaN."""
    sign = -1 if bits >> 15 else 1
    exponent, fraction = (bits >> (m - 1)) & ((1 << e) - 1), bits & ((1 << (m - 1)) - 1)
    bias = (1 << (e - 1)) - 1
    if exponent == (1 << e) - 1:
        return None if fraction else ("inf", sign)
    if exponent == 0:
        return sign, Fraction(fraction) * Fraction(2) ** (1 - bias - (m - 1))
    return sign, Fraction(fraction + (1 << (m - 1))) * Fraction(2) ** (exponent - bias - (m - 1))


def encode(sign, magnitude, e, m):
    """`magnitude` rounded to nearest even in the format, with `sign`."""
    bias = (1 << (e - 1)) - 1
    top = (1 << e) - 1
    sign_bit = 0x8000 if sign < 0 else 0
    if magnitude == 0:
        return sign_bit
    exponent = 1 - bias  # the exponent of the binade, at least the smallest normal's
    while magnitude >= Fraction(2) ** (exponent + 1):
        exponent += 1
    quantum = Fraction(2) ** (exponent - (m - 1))
    units = magnitude / quantum
    whole = units.numerator // units.denominator
    rest = units - whole
    if rest > Fraction(1, 2) or (rest == Fraction(1, 2) and whole % 2):
        whole += 1
    value = whole * quantum
    if value >= Fraction(2) ** (top - bias):
        return sign_bit | (top << (m - 1))  # overflow to infinity
    if value < Fraction(2) ** (1 - bias):
        return sign_bit | int(value / Fraction(2) ** (1 - bias - (m - 1)))
    exponent = 1 - bias
    while value >= Fraction(2) ** (exponent + 1):
        exponent += 1
    fraction = int(value / Fraction(2) ** (exponent - (m - 1))) - (1 << (m - 1))
    return sign_bit | ((exponent + bias) << (m - 1)) | fraction


def fused(a, b, c, e, m):
    x, y, z = decode(a, e, m), decode(b, e, m), decode(c, e, m)
    inf = ((1 << e) - 1) << (m - 1)
    if None in (x, y, z):
        return 0x7FFF
    if x[0] == "inf" or y[0] == "inf":
        other = y if x[0] == "inf" else x
        if other[0] != "inf" and other[1] == 0:
            return 0x7FFF  # inf * 0
        sign = (x[1] if x[0] == "inf" else x[0]) * (y[1] if y[0] == "inf" else y[0])
        if z[0] == "inf" and z[1] != sign:
            return 0x7FFF  # inf - inf
        return (0x8000 if sign < 0 else 0) | inf
    if z[0] == "inf":
        return (0x8000 if z[1] < 0 else 0) | inf
    product = x[0] * y[0] * x[1] * y[1]
    total = product + z[0] * z[1]
    if total == 0:  # an exact zero sum is +0 unless both addends are -0 (S5)
        both_negative = product == 0 and x[0] * y[0] < 0 and z[0] < 0
        return 0x8000 if both_negative else 0
    return encode(1 if total > 0 else -1, abs(total), e, m)


def oracle(formal, fmt, triples):
    """The oracle's expected_bits for each triple, from one z3 run."""
    script = "".join("(declare-fun %s_bits () (_ BitVec 16))\n" % name
                     for name in ("a", "b", "c", "result"))
    script += formal.ieee_result("fma", fmt, set())
    for a, b, c in triples:
        script += ("(push)(assert (= a_bits #x%04x))(assert (= b_bits #x%04x))"
                   "(assert (= c_bits #x%04x))(check-sat)(get-value (expected_bits))(pop)\n"
                   % (a, b, c))
    output = subprocess.run(["z3", "-in"], input=script, stdout=subprocess.PIPE, text=True,
                            check=True).stdout
    return [int(x, 16) for x in re.findall(r"expected_bits #x([0-9a-f]{4})", output)]


def triples(fmt, count, rng):
    e, m = FORMATS[fmt]
    fraction_mask = (1 << (m - 1)) - 1

    def small():  # subnormal or of the lowest binades
        return rng.getrandbits(1) << 15 | rng.choice([0, 1, 2]) << (m - 1) | (
            rng.getrandbits(16) & fraction_mask)

    def tie(x, y):  # whether x*y lies exactly halfway between two neighbours in the format
        product = abs(x[0] * y[0] * x[1] * y[1])
        exponent = 0
        while product >= Fraction(2) ** (exponent + 1):
            exponent += 1
        units = product / Fraction(2) ** (exponent - (m - 1))
        return units - units.numerator // units.denominator == Fraction(1, 2)

    out = []
    # Ties: a*b halfway between two neighbours, at least 4 (so that the smallest subnormal lies
    # below the product's last place), and c that tiny, of either sign: the exact sum falls just
    # off the tie, which a sum rounded twice to nearest would land on.
    while len(out) < count // 4:
        a, b = rng.getrandbits(15), rng.getrandbits(15)
        x, y = decode(a, e, m), decode(b, e, m)
        if None in (x, y) or "inf" in (x[0], y[0]) or x[1] * y[1] < 4 or not tie(x, y):
            continue
        out.append((a | rng.getrandbits(1) << 15, b, rng.choice([0x0001, 0x8001, 0x0000])))
    for k in range(count):
        kind = k % 3
        if kind == 0:
            out.append((rng.getrandbits(16), rng.getrandbits(16), rng.getrandbits(16)))
        elif kind == 1:
            out.append((small(), rng.getrandbits(16), small()))
        else:  # c = -round(a*b), give or take one place: the sum cancels to its last bits
            a, b = rng.getrandbits(16), rng.getrandbits(16)
            x, y = decode(a, e, m), decode(b, e, m)
            if None in (x, y) or "inf" in (x[0], y[0]):
                continue
            product = x[0] * y[0] * x[1] * y[1]
            rounded = encode(1 if product >= 0 else -1, abs(product), e, m)
            out.append((a, b, ((rounded ^ 0x8000) + rng.choice([-1, 0, 1])) & 0xFFFF))
    return out


def main():
    formal = load_formal(sys.argv[1])
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 600
    rng = random.Random(20261128)
    failures = 0
    for fmt, (e, m) in FORMATS.items():
        cases = triples(fmt, count, rng)
        if fmt == "f16":
            cases.append((0x833C, 0x39F0, 0x81D8))  # where z3 4.8.12's fp.fma is wrong
        for (a, b, c), got in zip(cases, oracle(formal, fmt, cases)):
            want = fused(a, b, c, e, m)
            if got != want:
                failures += 1
                print("fma.rn.%s a=0x%04x b=0x%04x c=0x%04x: oracle 0x%04x, exact 0x%04x"
                      % (fmt, a, b, c, got, want))
        print("fma.rn.%s: %d triples compared" % (fmt, len(cases)))
    print("%d differences" % failures)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
