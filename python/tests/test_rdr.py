"""Tests of the RDR study (Walravens and Gaidioz 2006): validation/figures/plot_rdr.py on
synthetic CSVs (no ns-3) and the hostnet-rdr example with small arguments.

    PYTHONPATH=python HOSTNET_BUILD_DIR=build .venv/bin/python -m pytest -q python/tests/test_rdr.py
"""

import csv
import importlib.util
import os
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
BUILD_DIR = Path(os.environ.get("HOSTNET_BUILD_DIR", REPO / "build")).resolve()
EXAMPLE = BUILD_DIR / "examples" / "hostnet-rdr"
MODULE_PATH = REPO / "validation" / "figures" / "plot_rdr.py"
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def _load_module():
    """plot_rdr by file path (importing the hostnet package would load ns-3)."""
    spec = importlib.util.spec_from_file_location("plot_rdr_under_test", MODULE_PATH)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


plot_rdr = _load_module()


def _synthetic(path):
    """A CPU-bound host: 500 (Allocate) or 700 (Recycle) Kframes/s against line rate."""
    with open(path, "w", newline="") as f:
        writer = csv.writer(f)
        writer.writerow(plot_rdr.HEADER)
        for policy, capacity in (("Allocate", 500e3), ("Recycle", 700e3)):
            for size in (64, 128, 256, 512):
                offered = 1e9 / (8 * (size + 20))
                received = min(offered, capacity)
                writer.writerow([policy, size, offered, offered * 8 * size * 1e-9, received,
                                 received * 8 * size * 1e-9, 1 - received / offered, 0, 0,
                                 size / (size + 20), int(received < offered)])


def test_read_and_reduction(tmp_path):
    path = tmp_path / "rdr.csv"
    _synthetic(path)
    by_policy = plot_rdr.read_csv(path)
    assert list(by_policy) == ["Allocate", "Recycle"]
    assert [r["frame_bytes"] for r in by_policy["Allocate"]] == [64, 128, 256, 512]
    line = 1e9 / (8 * 84)
    expected = 1 - (1 - 700e3 / line) / (1 - 500e3 / line)
    assert plot_rdr.loss_reduction(by_policy, 64) == pytest.approx(expected)
    assert plot_rdr.loss_reduction(by_policy, 512) is None  # Allocate loses nothing there
    lines = plot_rdr.summary_lines(by_policy)
    assert lines[0].startswith("Allocate: loss 0.664 at 64 B")
    assert "frames up to 128 B lose" in lines[0]


def test_plot_writes_png(tmp_path):
    path = tmp_path / "rdr.csv"
    _synthetic(path)
    png = tmp_path / "out" / "rdr.png"
    assert plot_rdr.main([str(path), str(png)]) == 0
    assert png.read_bytes()[:8] == PNG_SIGNATURE


def test_read_csv_rejects_wrong_header(tmp_path):
    path = tmp_path / "bad.csv"
    path.write_text("policy,frame_bytes\nAllocate,64\n")
    with pytest.raises(ValueError, match="expected header"):
        plot_rdr.read_csv(path)


def test_example_recycling_loses_fewer(tmp_path):
    if not EXAMPLE.is_file():
        pytest.skip(f"{EXAMPLE} is not built")
    path = tmp_path / "rdr.csv"
    subprocess.run([str(EXAMPLE), "--sizes=64,512", "--warmupMs=5", "--measureMs=5",
                    f"--csv={path}"], check=True, timeout=120, capture_output=True)
    by_policy = plot_rdr.read_csv(path)
    loss = {p: {r["frame_bytes"]: r["loss"] for r in rows} for p, rows in by_policy.items()}
    # Preset capacities 500 and 699 Kframes/s against 1488 Kframes/s of 64-byte frames.
    assert loss["Allocate"][64] == pytest.approx(1 - 500e3 / 1488095, abs=0.01)
    assert loss["Recycle"][64] == pytest.approx(1 - 699.3e3 / 1488095, abs=0.01)
    assert loss["Allocate"][512] == loss["Recycle"][512] == 0
    assert all(r["drop_no_descriptor"] == 0 for rows in by_policy.values() for r in rows)
