"""Refreshes a saved corpus folder from a libFuzzer merge control file.

    python3 select.py CONTROL_FILE CORPUS_DIR MAX

The control file comes from `<target> -merge=1 -merge_control_file=FILE
EMPTY_DIR WORK_DIR CORPUS_DIR`: it lists every input and the coverage edges
(`COV` lines) each reaches. This keeps in CORPUS_DIR the inputs that, chosen
greedily (most new edges first, then the smaller file), reach every edge any
input reaches, at most MAX of them, so the committed corpus stays a few
hundred small files in all. Inputs named `seed-*` (written by hand) and
`crash-*`, `timeout-*`, `oom-*` (failures found, kept for the replay test)
always stay and count as chosen first.
"""

import hashlib
import os
import shutil
import sys

KEPT = ("seed-", "crash-", "timeout-", "oom-")


def main(control, corpus, most):
    with open(control, encoding="utf-8", errors="replace") as f:
        lines = f.read().splitlines()
    count = int(lines[0])
    files = lines[2 : 2 + count]
    edges = {}
    for line in lines[2 + count :]:
        parts = line.split()
        if parts and parts[0] == "COV":
            edges[int(parts[1])] = set(map(int, parts[2:]))

    corpus = os.path.normpath(corpus)
    in_corpus = lambda path: os.path.normpath(os.path.dirname(path)) == corpus
    kept = [i for i, p in enumerate(files) if in_corpus(p) and os.path.basename(p).startswith(KEPT)]
    covered = set().union(*(edges.get(i, set()) for i in kept))
    chosen = []
    candidates = [i for i in edges if i not in kept]
    while len(chosen) < most:
        gain = lambda i: (len(edges[i] - covered), -os.path.getsize(files[i]))
        best = max(candidates, key=gain, default=None)
        if best is None or not edges[best] - covered:
            break
        chosen.append(best)
        covered |= edges[best]
        candidates.remove(best)

    keep_names = {os.path.basename(files[i]) for i in kept}
    for i in chosen:
        with open(files[i], "rb") as f:
            data = f.read()
        name = os.path.basename(files[i]) if in_corpus(files[i]) else hashlib.sha1(data).hexdigest()
        keep_names.add(name)
        target = os.path.join(corpus, name)
        if not os.path.exists(target):
            shutil.copyfile(files[i], target)
    for name in os.listdir(corpus):
        if name not in keep_names and not name.startswith(KEPT):
            os.remove(os.path.join(corpus, name))
    total = set().union(*edges.values()) if edges else set()
    print(f"    {corpus}: {len(keep_names)} inputs reach {len(covered)} of {len(total)} edges")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]))
