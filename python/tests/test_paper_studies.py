"""The paper reproductions as study files (examples/studies/papers/): each file is valid, checked
against its program (--PrintHelp, --PrintMetrics) when the program is built, and the smallest,
Walravens and Gaidioz 2006's RDR, runs under the runner in about a second and gives the
paper's answer and the sweep's numbers; the figure scripts (validation/figures/) read a study's
results directory as they read the sweep's CSV."""

import csv
import os
import subprocess
import tomllib
from pathlib import Path

import pytest

import plot_livelock  # validation/figures/ (conftest.py puts it on sys.path)
import plot_rdr
from hostnet.study import Study, run_study, summary_records
from hostnet.study.plot import ONE_RUN, plot_series
from hostnet.study.check import check_study
from hostnet.study.summary import figure_rows

HERE = Path(__file__).resolve().parent
PAPERS = HERE.parents[1] / "examples" / "studies" / "papers"
BUILD = Path(os.environ.get("HOSTNET_BUILD_DIR", HERE.parents[1] / "build")).resolve()

# Study file -> (program, runs): the runs of each example's default sweep.
STUDIES = {
    "salah2007-livelock.toml": ("hostnet-livelock", 3 * 8 * 2),
    "salah2007-selfsimilar.toml": ("hostnet-selfsimilar", 5 * 10 * 10),
    "chang2008-coalescing.toml": ("hostnet-coalescing-goodput", 6 * 11),
    "walravens2006-rdr.toml": ("hostnet-rdr", 2 * 20),
}


def test_every_paper_study_is_listed():
    assert sorted(p.name for p in PAPERS.glob("*.toml")) == sorted(STUDIES)


@pytest.mark.parametrize("name", sorted(STUDIES))
def test_paper_study_is_valid_and_fits_its_program(name):
    program, runs = STUDIES[name]
    study = Study.load(PAPERS / name)
    assert study.program == program and len(study.expand()) == runs
    # Every plotted metric is one the study requires of every run.
    assert {p["metric"] for p in study.plots} <= set(study.metrics)
    binary = BUILD / "examples" / program
    if not binary.exists():
        pytest.skip(f"{program} not built")
    info = check_study(study, binary)
    # The program declares its metrics (--PrintMetrics): the study's are among them.
    assert info.metrics is not None and set(study.metrics) <= set(info.metrics)


RDR = BUILD / "examples" / "hostnet-rdr"


@pytest.mark.skipif(not RDR.exists(), reason="hostnet-rdr not built")
def test_rdr_study_runs_and_matches_the_sweep(tmp_path):
    data = tomllib.loads((PAPERS / "walravens2006-rdr.toml").read_text())
    data["grid"]["sizes"] = [64, 1518]
    data["parameters"] = {"warmupMs": 2, "measureMs": 5}
    data.pop("plots")
    result = run_study(data, out=tmp_path / "study", build_dir=BUILD, progress=False)
    assert (result.ok, result.failed) == (4, 0)
    study = plot_rdr.read_csv(tmp_path / "study")
    assert sorted(study) == ["Allocate", "Recycle"]
    # The paper's answer: at 64 bytes the host is CPU-bound and loses frames under both
    # policies, recycling less (its refill costs 0.23 us instead of 0.8 us per frame); at
    # 1518 bytes (81 Kframes/s) neither loses.
    loss = {(p, r["frame_bytes"]): r["loss"] for p, rows in study.items() for r in rows}
    assert 0 < loss[("Recycle", 64)] < loss[("Allocate", 64)]
    assert loss[("Allocate", 1518)] < 1e-3 and loss[("Recycle", 1518)] < 1e-3
    # One-point mode equals the sweep's rows (same program, same point, nothing random).
    sweep_csv = tmp_path / "sweep.csv"
    subprocess.run([str(RDR), "--sizes=64,1518", "--warmupMs=2", "--measureMs=5",
                    f"--csv={sweep_csv}"], check=True, capture_output=True, timeout=120)
    sweep = plot_rdr.read_csv(sweep_csv)
    for policy, rows in sweep.items():
        for mine, theirs in zip(study[policy], rows):
            for key in ("offered_pps", "received_pps", "received_gbps", "loss"):
                assert mine[key] == pytest.approx(theirs[key], rel=1e-6), (policy, key)
            assert (mine["drop_fifo"], mine["ksoftirqd"]) == (theirs["drop_fifo"],
                                                               theirs["ksoftirqd"])
    # The figure module draws from the study's directory.
    assert plot_rdr.main([str(tmp_path / "study"), str(tmp_path / "rdr.png")]) == 0
    assert (tmp_path / "rdr.png").stat().st_size > 0
    # One replication (nothing random): the runner's figure says so once, not per point.
    rows = [r for r in summary_records(tmp_path / "study", write=False) if r["metric"] == "loss"]
    _, notes = plot_series(rows, "loss", "sizes", "policies", [])
    assert notes == [ONE_RUN]


def test_figure_rows_renames_and_keeps_only_finished_runs(tmp_path):
    with open(tmp_path / "results.csv", "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["run_id", "status", "scheme", "load", "rng_run", "throughput_kpps",
                    "cpu_availability", "latency_mean_us", "latency_p99_us", "drops"])
        w.writerow(["a", "ok", "napi", "150", "1", "149.5", "0.2", "12.5", "", "0"])
        w.writerow(["b", "failed", "napi", "150", "2", "", "", "", "", ""])
    rows = figure_rows(tmp_path, {"load": "load_kpps", "rng_run": "replication"})
    assert [(r["run_id"], r["load_kpps"], r["replication"]) for r in rows] == [("a", "150", "1")]
    # An undefined metric reads as NaN, as the sweep's CSV writes it.
    (row,) = plot_livelock.read_csv(tmp_path)
    assert row["load_kpps"] == 150 and row["throughput_kpps"] == 149.5
    assert row["latency_p99_us"] != row["latency_p99_us"]
    with pytest.raises(ValueError, match="no finished runs"):
        figure_rows(tmp_path / "missing", {})
