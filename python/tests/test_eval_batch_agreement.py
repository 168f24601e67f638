"""halfpipe.eval_line and halfpipe.execute against the built `halfpipe eval --batch`, on every
legal PTX form, on vISA MIN_MAX lines and on lines the command rejects."""
import unittest

import numpy as np

import halfpipe
from batch_tool import eval_batch

# Operands per form: every pair of a few corner encodings and a handful of random registers.
CORNERS_16 = [0x0000, 0x8000, 0x0001, 0x03FF, 0x0400, 0x3C00, 0xBC00, 0x7BFF, 0x7C00, 0xFC00,
              0x7FFF, 0x7FF7, 0x3F80, 0xBF80, 0x7F80, 0x0080]
RANDOM_PER_FORM = 24


def register_text(value, packed):
    return f"0x{value:08x}" if packed else f"0x{value:04x}"


class EvalBatchAgreement(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        rng = np.random.default_rng(7)
        cls.forms = halfpipe.legal_forms()
        cls.lines = []
        cls.operands = []  # (form, [a, b, c]) per PTX line, in order
        for form in cls.forms:
            props = halfpipe.decode(form)
            n, packed = props["operands"], props["packed"]
            tuples = []
            for x in CORNERS_16:
                for y in CORNERS_16[::3]:
                    tuples.append([x | (y << 16) if packed else x, y, x][:n])
            width = 1 << (32 if packed else 16)
            for _ in range(RANDOM_PER_FORM):
                tuples.append([int(v) for v in rng.integers(0, width, n, dtype=np.uint64)])
            for t in tuples:
                cls.lines.append(" ".join([form] + [register_text(v, packed) for v in t]))
                cls.operands.append((form, t))
        cls.ptx_count = len(cls.lines)
        cls.lines += [
            "MAX.sat (4, M1) hf ffffffff 0,0,0,0 0x3c00,0xc000,0x7e01,0x3800 -(abs)0x4000,0x0,0x3c00,0x7c00",
            "min (8, M1_NM) b 0 1,2,3,4,5,6,7,8 ff,1,80,7f,0,0,1,2 (abs)0x01,0x02,0x03,0x04,0x05,0x06,0x07,0x08",
            "MAX (2) df 1 0,0 0x3ff0000000000000,0x7ff8000000000001 0x4000000000000000,0",
            "add.f16 0x3c00",                     # one operand short
            "fma.rn.f16 1 2 3 4",                 # one too many
            "add.f16x2 0x3c00 zz",                # not hex
            "add.f16 0x10000 0",                  # too wide
            "frob.f16 0 0",                       # unknown opcode
            "add.sat.relu.f16 0 0",               # illegal combination
            "MAX (3) hf 1 0,0,0 0,0,0 0,0,0",     # exec size not a power of two
            "add.f16 1 2   # a comment after the operands",
        ]
        cls.expected, cls.status = eval_batch(cls.lines)

    def test_every_legal_form_is_covered(self):
        self.assertGreater(len(self.forms), 100)
        self.assertEqual(len(self.expected), len(self.lines))
        self.assertEqual(self.status, 1)  # the error lines fail the batch

    def test_eval_line_gives_the_commands_text_for_every_line(self):
        for line, want in zip(self.lines, self.expected):
            self.assertEqual(halfpipe.eval_line(line), want, line)

    def test_error_lines_are_errors(self):
        for line, want in zip(self.lines[self.ptx_count + 3:-1], self.expected[self.ptx_count + 3:-1]):
            self.assertTrue(want.startswith("error: "), line)

    def test_execute_gives_the_commands_result_for_every_legal_form(self):
        by_form = {}
        for (form, t), want in zip(self.operands, self.expected[:self.ptx_count]):
            by_form.setdefault(form, []).append((t, want))
        for form, rows in by_form.items():
            packed = halfpipe.decode(form)["packed"]
            dtype = np.uint32 if packed else np.uint16
            columns = [np.array([t[k] for t, _ in rows], dtype=dtype) for k in range(len(rows[0][0]))]
            got = halfpipe.execute(form, *columns)
            self.assertEqual(got.dtype, dtype)
            for value, (t, want) in zip(got.tolist(), rows):
                self.assertEqual(register_text(value, packed), want, f"{form} {t}")
            # and one by one, as Python ints
            t, want = rows[0]
            self.assertEqual(register_text(halfpipe.execute(form, *t), packed), want, form)

    def test_visa_minmax_gives_the_commands_elements(self):
        # The first vISA line: every channel enabled, so each element is visa_minmax's.
        got = halfpipe.visa_minmax("max", "hf", np.array([0x3C00, 0xC000, 0x7E01, 0x3800], np.uint16),
                                   np.array([0x4000, 0, 0x3C00, 0x7C00], np.uint16),
                                   sat=True, src1_mod="-(abs)")
        self.assertEqual(",".join(f"0x{v:04x}" for v in got.tolist()), self.expected[self.ptx_count])


if __name__ == "__main__":
    unittest.main()
