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


def test_thin_quantiles_are_rounded_and_marked(tmp_path):
    """A quantile that rests on fewer than 30 samples beyond it in a run (summary.csv's
    beyond_min) prints to 2 significant figures and marked "~"; one on 30 or more, or one
    whose count is not known, to the microsecond."""
    fields = FIELDS + ["beyond_min"]
    rows = []
    for label, p99, p99_beyond, p999 in [("a", "107.36", "31.6", "137.31"),
                                         ("b", "363.2", "29.1", "4939.07"),
                                         ("c", "8.634", "", "")]:
        rows += [
            {"load": "0.8", "label": label, "metric": "rpc_p50_us", "n": "3", "mean": "45.6",
             "beyond_min": "1579.5"},
            {"load": "0.8", "label": label, "metric": "rpc_p99_us", "n": "3", "mean": p99,
             "beyond_min": p99_beyond},
            {"load": "0.8", "label": label, "metric": "rpc_p999_us", "n": "3", "mean": p999,
             "beyond_min": "3.16"},
            {"load": "0.8", "label": label, "metric": "rpc_answered", "n": "3", "mean": "1"},
        ]
    with open(tmp_path / "summary.csv", "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=fields)
        w.writeheader()
        for r in rows:
            w.writerow(r)
    text = "\n".join(" ".join(line.split()) for line in dt.tables(tmp_path).splitlines())
    assert "| a | 46 / 107 / ~140 (n = 3) |" in text
    assert "| b | 46 / ~360 / ~4900 (n = 3) |" in text
    assert "| c | 46 / 9 / nan (n = 3) |" in text  # count unknown: to the microsecond
    assert dt._quantile(8.634, 3.0) == "~8.6" and dt._quantile(0.0, 3.0) == "0"


def test_readme_tables_are_the_reference_runs():
    """README.md shows the tables that the generator prints for the committed reference
    run (results/reference/datacenter, a real ./hostnet.sh main): regenerate them with
    `python -m hostnet.datacenter_table results/reference/datacenter` after a new reference."""
    from pathlib import Path

    repo = Path(__file__).resolve().parents[2]
    expected = dt.tables(repo / "results" / "reference" / "datacenter")
    assert expected in (repo / "README.md").read_text()


def test_compare_agrees_with_itself_and_names_a_difference(tmp_path):
    """A run agrees with itself; a p99 moved beyond both intervals is named."""
    import shutil
    from pathlib import Path

    reference = Path(__file__).resolve().parents[2] / "results" / "reference" / "datacenter"
    rows = dt.compare(reference, reference)
    assert rows and all(r[6] for r in rows)
    moved = tmp_path / "moved"
    moved.mkdir()
    shutil.copy(reference / "summary.csv", moved / "summary.csv")
    lines = (moved / "summary.csv").read_text().splitlines()
    header = lines[0].split(",")
    mean_at, metric_at = header.index("mean"), header.index("metric")
    for i, line in enumerate(lines[1:], 1):
        cells = line.split(",")
        if cells[metric_at] == "rpc_p99_us" and cells[1] == "suspend" and cells[0] == "0.8":
            cells[mean_at] = str(float(cells[mean_at]) + 100)
            lines[i] = ",".join(cells)
    (moved / "summary.csv").write_text("\n".join(lines) + "\n")
    differ = [r for r in dt.compare(moved, reference) if not r[6]]
    assert [(r[0], r[1]) for r in differ] == [("suspend", "0.8")]
    assert dt.main([str(moved), "--compare", str(reference)]) == 1
