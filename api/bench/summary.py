"""Summarises `just bench-api`: the median of each target's wrk runs and the ratios.

usage: summary.py DIR   (DIR holds TARGET-ENCODING-RUN.txt, the output of wrk --latency)
"""

import re
import statistics
import sys
from pathlib import Path

UNITS = {"us": 0.001, "ms": 1.0, "s": 1000.0}


def parse(text):
    rps = float(re.search(r"Requests/sec:\s*([\d.]+)", text).group(1))
    value, unit = re.search(r"^\s*99%\s+([\d.]+)(us|ms|s)\s*$", text, re.M).groups()
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)|Socket errors: (.*)", text)
    return rps, float(value) * UNITS[unit], errors.group(0) if errors else None


def main():
    runs = {}
    for path in sorted(Path(sys.argv[1]).glob("*.txt")):
        target, encoding, _ = path.stem.split("-")
        runs.setdefault((target, encoding), []).append(parse(path.read_text()))
    names = {"api": "API", "poem": "minimal Poem", "nginx": "nginx"}
    medians = {}
    print(f"{'GET /api/mentors/':<28}{'requests/s':>12}{'p99 ms':>9}   runs (requests/s)")
    for encoding in ("gzip", "identity"):
        for target in ("api", "poem", "nginx"):
            results = runs.get((target, encoding))
            if not results:
                continue
            rps = statistics.median(r for r, _, _ in results)
            p99 = statistics.median(p for _, p, _ in results)
            medians[(target, encoding)] = (rps, p99)
            shown = ", ".join(f"{r:.0f}" for r, _, _ in results)
            print(f"{names[target] + ' ' + encoding:<28}{rps:>12.0f}{p99:>9.2f}   {shown}")
            for _, _, error in results:
                if error:
                    print(f"  !! {names[target]} {encoding}: {error}")

    def ratio(a, b):
        return medians[a][0] / medians[b][0]

    print()
    checks = [
        ("API gzip / nginx gzip", ratio(("api", "gzip"), ("nginx", "gzip")), 0.9),
        (
            "API uncompressed / minimal Poem uncompressed",
            ratio(("api", "identity"), ("poem", "identity")),
            0.9,
        ),
    ]
    for label, value, target in checks:
        verdict = "ok" if value >= target else "below target"
        print(f"{label}: {value:.2f} (target {target}: {verdict})")
    print(
        f"minimal Poem gzip / nginx gzip: {ratio(('poem', 'gzip'), ('nginx', 'gzip')):.2f}; "
        f"minimal Poem uncompressed / nginx uncompressed: "
        f"{ratio(('poem', 'identity'), ('nginx', 'identity')):.2f}"
    )
    worst = max(medians[("api", e)][1] for e in ("gzip", "identity"))
    verdict = "ok" if worst < 5 else "above target"
    print(f"API p99 at 64 connections: {worst:.2f} ms at worst (target under 5 ms: {verdict})")


main()
