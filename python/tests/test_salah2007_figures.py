"""Tests of validation/figures/plot_salah2007_figures.py (Salah et al. 2007's Fig. 7 and Fig. 11
from CSVs).

Runs on small synthetic CSVs written here; needs matplotlib but neither ns-3 nor the build:
    PYTHONPATH=python .venv/bin/python -m pytest -q python/tests/test_salah2007_figures.py
"""

import ast
import csv
import importlib.util
import math
import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
MODULE_PATH = REPO / "validation" / "figures" / "plot_salah2007_figures.py"
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def _load_module():
    """plot_salah2007_figures by file path (importing the hostnet package would load ns-3)."""
    spec = importlib.util.spec_from_file_location("plot_salah2007_figures_under_test", MODULE_PATH)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


figs = _load_module()


def _write(path, header, rows):
    with open(path, "w", newline="") as f:
        writer = csv.writer(f)
        writer.writerow(header)
        writer.writerows(rows)


def _synthetic_dir(directory):
    """Small fig7_sim, fig7_analysis and fig11_sim CSVs shaped like the example's output."""
    loads = [10, 100, 200, 300]
    sim = []
    for scheme, cap in [("ideal", 187), ("normal", 127), ("count-1", 127), ("pure-polling", 110)]:
        for load in loads:
            for rep in (1, 2, 3):
                thr = min(load, cap) * (1 + 0.01 * (rep - 2))
                avail = max(0.0, 1 - load / cap)
                lat = 10 * (1 + load / 50) ** 2 + rep
                sim.append([scheme, load, rep, thr, avail, lat])
    _write(directory / "fig7_sim.csv", figs.FIG7_SIM_HEADER, sim)
    analysis = []
    for model, cap in [("ideal", 187), ("normal", 127), ("normal-exact", 127),
                       ("disable-enable-exact", 187), ("pure-polling-corrected", 150)]:
        for load in range(2, 302, 20):
            analysis.append([model, load, min(load, cap), max(0.0, 1 - load / cap),
                             5 + 1000 * max(0.0, load / cap - 0.9)])
    _write(directory / "fig7_analysis.csv", figs.FIG7_ANALYSIS_HEADER, analysis)
    fig11 = []
    for family, params in [("count", [1, 8]), ("time", [0, 50]),
                           ("pure-polling-quota", [2, 4]), ("napi-period", [10, 40])]:
        for p in params:
            for load in loads:
                for rep in (1, 2):
                    fig11.append([family, p, load, rep, min(load, 150) - rep, 0.3, 20.0 + rep])
    _write(directory / "fig11_sim.csv", figs.FIG11_SIM_HEADER, fig11)


def _assert_png(path):
    data = Path(path).read_bytes()
    assert data[:8] == PNG_SIGNATURE, f"{path} is not a PNG"
    assert len(data) > 1000, f"{path} is suspiciously small"
    # IHDR follows the signature: width and height are big-endian 32-bit integers.
    assert data[12:16] == b"IHDR"
    width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
    assert width >= 100 and height >= 100


EXPECTED = ["fig7a_throughput", "fig7b_availability", "fig7c_latency_low",
            "fig7d_latency_high", "fig11"]


def test_plotter_writes_all_pngs(tmp_path, capsys):
    """The command line plots every figure from the CSVs and prints where they went.

    (--no-pdf and a low resolution keep the test fast; PDFs are checked separately.)
    """
    _synthetic_dir(tmp_path)
    out = tmp_path / "out"
    assert figs.main([str(tmp_path), "--out", str(out), "--dpi", "40", "--no-pdf"]) == 0
    printed = capsys.readouterr().out
    for stem in EXPECTED:
        _assert_png(out / f"{stem}.png")
        assert not (out / f"{stem}.pdf").exists()
        assert f"wrote {out / (stem + '.png')}" in printed
    assert "fig7 normal: peak 127.0" in printed
    assert "fig11 count \u03c4 = 8" in printed


def test_save_writes_png_and_pdf(tmp_path):
    """Every figure is saved as a PNG and, by default, a PDF next to it."""
    fig, axes = figs._new_figure((3, 2))
    axes[0][0].plot([0, 1], [0, 1])
    written = figs._save(fig, tmp_path / "x.png", dpi=60)
    assert written == [tmp_path / "x.png", tmp_path / "x.pdf"]
    _assert_png(tmp_path / "x.png")
    assert (tmp_path / "x.pdf").read_bytes()[:5] == b"%PDF-"


def test_missing_csvs(tmp_path, capsys):
    """No CSV at all is an error; a missing figure is only a note."""
    assert figs.main([str(tmp_path)]) == 1
    assert figs.main([str(tmp_path / "nonexistent")]) == 2
    capsys.readouterr()


def test_ci_aggregation_on_known_numbers():
    """Mean and 95 % Student-t half width per (key, load), loads sorted, NaN left out."""
    rows = []
    for rep, (thr, avail, lat) in enumerate([(1.0, 0.5, 10.0), (2.0, 0.5, float("nan")),
                                             (3.0, 0.5, 30.0)], start=1):
        rows.append({"scheme": "normal", "load_kpps": 50.0, "replication": rep,
                     "throughput_kpps": thr, "cpu_availability": avail,
                     "latency_mean_us": lat})
    rows.append({"scheme": "normal", "load_kpps": 10.0, "replication": 1,
                 "throughput_kpps": 7.0, "cpu_availability": 0.9, "latency_mean_us": 5.0})
    agg = figs.aggregate(rows, ["scheme"])
    assert list(agg) == ["normal"]
    low, high = agg["normal"]
    assert low["load_kpps"] == 10.0 and high["load_kpps"] == 50.0 and high["n"] == 3
    # 1, 2, 3: mean 2, s = 1, t(0.975, 2) = 4.303 -> 4.303 / sqrt(3) = 2.4843
    mean, hw = high["throughput_kpps"]
    assert mean == pytest.approx(2.0)
    assert hw == pytest.approx(4.303 / math.sqrt(3), rel=1e-3)
    assert high["cpu_availability"] == pytest.approx((0.5, 0.0))
    # NaN dropped: 10, 30 -> mean 20, s = 14.142, t(0.975, 1) = 12.706 -> 127.06
    mean, hw = high["latency_mean_us"]
    assert mean == pytest.approx(20.0)
    assert hw == pytest.approx(12.706 * 14.1421356 / math.sqrt(2), rel=1e-3)
    # A single replication has no interval: undefined (NaN), not 0.
    mean, hw = low["throughput_kpps"]
    assert mean == 7.0 and math.isnan(hw)
    # Two key fields give tuple keys (Fig. 11).
    rows11 = [{"family": "count", "parameter": 8.0, "load_kpps": 10.0, "replication": r,
               "throughput_kpps": 10.0 + r, "cpu_availability": 0.9,
               "latency_mean_us": 300.0} for r in (1, 2, 3, 4)]
    agg11 = figs.aggregate(rows11, ["family", "parameter"])
    mean, hw = agg11[("count", 8.0)][0]["throughput_kpps"]
    # 11..14: mean 12.5, s = 1.29099, t(0.975, 3) = 3.182 -> 2.0539
    assert mean == pytest.approx(12.5)
    assert hw == pytest.approx(3.182 * 1.2909944 / 2, rel=1e-3)


def test_csv_reader_checks_the_header(tmp_path):
    bad = tmp_path / "fig7_sim.csv"
    bad.write_text("scheme,load\nnormal,10\n")
    with pytest.raises(ValueError, match="expected header"):
        figs.read_csv(bad, figs.FIG7_SIM_HEADER, ["load_kpps"])


def test_no_ns3_import():
    """The plotter must stay usable without ns-3: no cppyy, ns or hostnet-package import."""
    tree = ast.parse(MODULE_PATH.read_text())
    imported = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            imported.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            imported.add(node.module.split(".")[0])
    assert not imported & {"cppyy", "ns", "ns3", "hostnet"}


def test_module_entry_point_does_not_load_ns3(tmp_path):
    """``python validation/figures/plot_salah2007_figures.py`` runs without loading cppyy (no
    build needed)."""
    _synthetic_dir(tmp_path)
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(
        [str(REPO / "python")] + [p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p])
    env["HOSTNET_BUILD_DIR"] = str(tmp_path / "no-build")  # loading ns-3 would fail here
    # --help exits before plotting: this checks only the import chain, quickly.
    result = subprocess.run([sys.executable, str(MODULE_PATH), "--help"],
                            env=env, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert "plot_salah2007_figures" in result.stdout
