#!/usr/bin/env python3
"""Write data/backbone-frame-sizes.csv: the backbone-like Ethernet frame-size mix of
Salah et al. 2007, Sec. 5.1 (modes at 64, 570, 594 and 1518 bytes, mean 557 bytes).

The paper gives the modes and the mean, not the whole table. This table puts point masses
0.351 / 0.090 / 0.160 / 0.199 on the four modes (the shares such backbone traces show: a
third minimum-size frames, a fifth full-size frames) and spreads the remaining 0.200
uniformly over 65..796 bytes, the range that makes the overall mean 557 bytes:
0.351*64 + 0.09*570 + 0.16*594 + 0.199*1518 + 0.2*430.5 = 556.99.

Format: one row per frame size (bytes, Ethernet header and FCS included), with the
cumulative probability of sizes up to and including it.
"""
from pathlib import Path

MODES = {64: 0.351, 570: 0.090, 594: 0.160, 1518: 0.199}
BACKGROUND = (65, 796, 0.200)


def table():
    mass = dict(MODES)
    lo, hi, share = BACKGROUND
    for size in range(lo, hi + 1):
        mass[size] = mass.get(size, 0.0) + share / (hi - lo + 1)
    rows, cdf = [], 0.0
    for size in sorted(mass):
        cdf += mass[size]
        rows.append((size, cdf))
    rows[-1] = (rows[-1][0], 1.0)
    return rows, sum(s * p for s, p in mass.items())


if __name__ == "__main__":
    rows, mean = table()
    out = Path(__file__).resolve().parent / "backbone-frame-sizes.csv"
    with open(out, "w") as f:
        f.write(f"# Salah et al. 2007 backbone-like frame sizes, mean {mean:.3f} bytes; "
                "made by make-backbone-frame-sizes.py\n")
        f.write("size_bytes,cdf\n")
        for size, cdf in rows:
            f.write(f"{size},{cdf:.9f}\n")
    print(f"wrote {out}: {len(rows)} sizes, mean {mean:.3f} bytes")
