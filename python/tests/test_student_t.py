"""The package's Student-t quantile and interval (hostnet.study.student_t, no scipy) and the
study runner's lazy imports."""

import json
import math
import os
import subprocess
import sys
from pathlib import Path
from statistics import NormalDist

import pytest

from hostnet.study import student_t
from hostnet.study.student_t import t_cdf, t_quantile
from hostnet.study.summary import t_interval

HERE = Path(__file__).resolve().parent
FAKE = HERE / "data" / "fake_study_program.py"

# Two-sided 95 %, 99 % and one-sided 95 % points of printed t tables (4 decimals).
TABLE = [
    (0.975, 1, 12.7062), (0.975, 2, 4.3027), (0.975, 3, 3.1824), (0.975, 4, 2.7764),
    (0.975, 5, 2.5706), (0.975, 10, 2.2281), (0.975, 20, 2.0860), (0.975, 30, 2.0423),
    (0.975, 60, 2.0003), (0.975, 120, 1.9799),
    (0.995, 1, 63.6567), (0.995, 2, 9.9248), (0.995, 10, 3.1693), (0.995, 30, 2.7500),
    (0.95, 1, 6.3138), (0.95, 2, 2.9200), (0.95, 10, 1.8125), (0.95, 30, 1.6973),
]
PS = [1e-9, 1e-4, 0.01, 0.025, 0.1, 0.3, 0.45, 0.55, 0.7, 0.9, 0.975, 0.99, 0.9999]


@pytest.mark.parametrize("p, df, expected", TABLE)
def test_table_values(p, df, expected):
    assert round(t_quantile(p, df), 4) == expected
    assert t_quantile(1 - p, df) == pytest.approx(-t_quantile(p, df), rel=1e-12)


@pytest.mark.parametrize("p", PS)
def test_closed_forms_of_one_and_two_degrees_of_freedom(p):
    # df = 1 is the Cauchy distribution, t = tan(pi (p - 1/2)) = -1 / tan(pi p) (the form
    # without p - 1/2, which loses digits for small p); df = 2 has
    # t = (2p - 1) / sqrt(2 p (1 - p)).
    assert t_quantile(p, 1) == pytest.approx(-1 / math.tan(math.pi * p), rel=1e-12)
    assert t_quantile(p, 2) == pytest.approx((2 * p - 1) / math.sqrt(2 * p * (1 - p)),
                                             rel=1e-12)
    assert t_cdf(-1 / math.tan(math.pi * p), 1) == pytest.approx(p, rel=1e-12)


@pytest.mark.parametrize("df", [0.3, 1, 2.5, 4, 9, 29, 200, 5000, 99999, 2e5, 1e8])
def test_quantile_inverts_the_distribution_function(df):
    previous = -math.inf
    for p in PS:
        t = t_quantile(p, df)
        assert t > previous  # increasing in p
        previous = t
        if df <= 1e5:  # above, the quantile is the Cornish-Fisher expansion: see below
            assert t_cdf(t, df) == pytest.approx(p, rel=1e-10)


def test_large_df_tends_to_the_normal_and_joins_the_expansion_smoothly():
    z = NormalDist().inv_cdf(0.975)
    assert t_quantile(0.975, 1e12) == pytest.approx(z, rel=1e-11)  # z (z^2 + 1) / 4 df
    assert abs(t_quantile(0.975, 1e6) - z) < 1e-5
    # the two methods on either side of df = 1e5 (bisection, Cornish-Fisher) agree
    for p in (1e-6, 0.025, 0.9):
        assert t_quantile(p, 1e5) == pytest.approx(t_quantile(p, 1e5 * (1 + 1e-12)),
                                                   rel=1e-9)


def test_matches_scipy_where_installed():
    stats = pytest.importorskip("scipy.stats")
    for df in (0.5, 1, 3, 7.5, 19, 150, 3000, 5e5):
        for p in PS:
            assert t_quantile(p, df) == pytest.approx(stats.t.ppf(p, df), rel=1e-9)


@pytest.mark.parametrize("p, df", [(0, 3), (1, 3), (-0.1, 3), (math.nan, 3), (0.5, 0),
                                   (0.5, -1), (0.9, math.inf), (0.9, math.nan)])
def test_bad_arguments(p, df):
    with pytest.raises(ValueError):
        t_quantile(p, df)


def test_t_interval_half_width():
    # 1, 2, 3, 4, 5: mean 3, s = sqrt(2.5), half-width t(0.975, 4) s / sqrt(5)
    mean, std, half = t_interval([1, 2, 3, 4, 5])
    assert (mean, std) == pytest.approx((3.0, math.sqrt(2.5)))
    assert half == pytest.approx(2.7764451 * math.sqrt(2.5) / math.sqrt(5), rel=1e-7)


def test_t_interval_level_and_small_samples():
    # 99 %: t(0.995, 4) = 4.6041 (printed tables); one value: no interval; none: no mean
    _, std, half = student_t.t_interval([1, 2, 3, 4, 5], level=0.99)
    assert half == pytest.approx(4.6041 * std / math.sqrt(5), rel=1e-4)
    mean, std, half = student_t.t_interval([7.5])
    assert mean == 7.5 and math.isnan(std) and math.isnan(half)
    assert all(math.isnan(v) for v in student_t.t_interval([]))
    with pytest.raises(ValueError, match="level"):
        student_t.t_interval([1, 2], level=1.0)


def test_one_interval_in_the_package():
    """The summary and the papers' figure scripts use the same interval, bit for bit."""
    from hostnet import plot_livelock, plot_selfsimilar

    assert t_interval is student_t.t_interval
    for sample in ([1, 2, 3, 4, 5], [10.0, 12.0], [0.1, 0.7, 0.2, 0.9, 0.35, 0.6]):
        mean, _, half = student_t.t_interval(sample)
        assert plot_livelock.mean_ci(sample) == (mean, half)
        assert plot_selfsimilar.mean_ci(sample) == (mean, half)


def test_study_run_imports_no_scientific_stack(tmp_path):
    """A study with an interval to compute and no plots: no scipy, numpy, pandas or
    matplotlib in the runner's process (they are imported only where used)."""
    study = tmp_path / "s.toml"
    study.write_text(f'name = "s"\nprogram = "{FAKE}"\nreplications = 3\n'
                     '[parameters]\nmode = "ok"\n[grid]\nx = [1, 2]\n')
    code = ("import json, runpy, sys\n"
            f"sys.argv = ['hostnet', 'run', {str(study)!r}, '--out', {str(tmp_path / 'o')!r},"
            " '-q']\n"
            "try:\n"
            "    runpy.run_module('hostnet', run_name='__main__')\n"
            "except SystemExit as e:\n"
            "    status = e.code\n"
            "heavy = [m for m in ('scipy', 'numpy', 'pandas', 'matplotlib') if m in sys.modules]\n"
            "print(json.dumps({'status': status, 'heavy': heavy}))\n")
    env = dict(os.environ, PYTHONPATH=str(HERE.parent))
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0, out.stderr
    result = json.loads(out.stdout.strip().splitlines()[-1])
    assert result == {"status": 0, "heavy": []}
    summary = (tmp_path / "o" / "summary.csv").read_text()
    assert "y" in summary  # the intervals were computed (3 replications per configuration)
