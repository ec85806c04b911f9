"""hostnet.datacenter_table: the README's tables from a study's summary.csv."""

import csv

from hostnet import datacenter_table as dt

FIELDS = ["load", "label", "metric", "n", "mean"]


def _summary(path, rows):
    with open(path / "summary.csv", "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=FIELDS)
        w.writeheader()
        for r in rows:
            w.writerow(r)


def test_tables_mark_starved_and_undefined(tmp_path):
    rows = []
    for label, answered, p99 in [("a", "0.99", "60.4"), ("b", "0.5", "")]:
        rows += [
            {"load": "0.2", "label": label, "metric": "rpc_p50_us", "n": "3", "mean": "20"},
            {"load": "0.2", "label": label, "metric": "rpc_p99_us", "n": "3", "mean": p99},
            {"load": "0.2", "label": label, "metric": "rpc_p999_us", "n": "3", "mean": "80"},
            {"load": "0.2", "label": label, "metric": "rpc_answered", "n": "3", "mean": answered},
            {"load": "0.2", "label": label, "metric": "cpu_cores_busy", "n": "3", "mean": "1.234"},
            {"load": "0.2", "label": label, "metric": "interrupts_per_s", "n": "3",
             "mean": "136000"},
            {"load": "0.2", "label": label, "metric": "bg_goodput_mbps", "n": "3", "mean": "5000"},
        ]
    _summary(tmp_path, rows)
    tables = dt.tables(tmp_path).split("\n\n")
    assert len(tables) == 2 and all(t.count("\n") == 3 for t in tables)  # header, rule, a, b
    text = "\n".join(" ".join(line.split()) for line in "\n".join(tables).splitlines())
    assert "| setting | p50 / p99 / p99.9 us, load 0.2 |" in text
    assert "| a | 20 / 60 / 80 (n = 3) |" in text
    assert "| b | 20 / nan / 80 (n = 3, starved: 50 % answered) |" in text
    assert "| a | 1.23 / 136 k / 5.0 |" in text
