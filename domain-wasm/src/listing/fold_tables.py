#!/usr/bin/env python3
"""Writes fold_tables.rs (next to this file) for `listing::fold_text`:
the ranges of combining marks (general category M) and, for the blocks
below, what each character becomes under NFKD with marks removed.
Run: python3 domain-wasm/src/listing/fold_tables.py"""
import json
import os
import re
import unicodedata as u

BLOCKS = [(0x00A0, 0x024F), (0x0370, 0x03FF), (0x0400, 0x04FF), (0x0900, 0x0DFF),
          (0x1E00, 0x1EFF), (0x1F00, 0x1FFF), (0x2000, 0x206F), (0x2070, 0x209F),
          (0x2100, 0x214F), (0x2150, 0x218F), (0x2460, 0x24FF), (0xFB00, 0xFB06),
          (0xFF01, 0xFF5E)]


def is_mark(ch):
    return u.category(ch).startswith('M')


def fold(s):
    return ''.join(ch for ch in u.normalize('NFKD', s) if not is_mark(ch))


single, multi = [], []
for a, b in BLOCKS:
    for cp in range(a, b + 1):
        ch = chr(cp)
        if is_mark(ch):
            continue
        f = fold(ch)
        if f == ch:
            continue
        if len(f) == 1 and ord(f) < 0x10000:
            single.append((cp, ord(f)))
        else:
            multi.append((cp, f))
marks, start = [], None
for cp in range(0x110000):
    m = is_mark(chr(cp))
    if m and start is None:
        start = cp
    if not m and start is not None:
        marks.append((start, cp - 1))
        start = None
out = [f"// Generated from Unicode {u.unidata_version} data by fold_tables.py: do not edit by hand.\n",
       "/// Ranges of combining marks (general category M), sorted.\n",
       "pub(super) const MARKS: &[(u32, u32)] = &[\n"]
out += [f"    (0x{a:X}, 0x{b:X}),\n" for a, b in marks]
out += ["];\n\n", "/// Letters whose compatibility decomposition, marks removed, is one other character.\n",
        "pub(super) const FOLD_ONE: &[(u16, u16)] = &[\n"]
out += [f"    (0x{a:04X}, 0x{b:04X}),\n" for a, b in single]
out += ["];\n\n", "/// Characters that fold to several characters.\n",
        "pub(super) const FOLD_MANY: &[(u16, &str)] = &[\n"]
for a, f in multi:
    lit = re.sub(r'\\u([0-9a-fA-F]{4})', lambda m: '\\u{' + m.group(1) + '}', json.dumps(f, ensure_ascii=False))
    out.append(f"    (0x{a:04X}, {lit}),\n")
out.append("];\n")
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), 'fold_tables.rs'), 'w') as fh:
    fh.write(''.join(out))
