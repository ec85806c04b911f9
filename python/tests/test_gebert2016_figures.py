"""Gebert et al. 2016 Fig. 8/9 generator: its distributions, the model through cppyy, the CLI."""

import math

import pytest

import gebert2016_figures as s4  # validation/figures/ (conftest.py puts it on sys.path)


@pytest.mark.parametrize("dist", ["pois", "geo", "nbin"])
@pytest.mark.parametrize("ea_us", [5.0, 37.5, 200.0])
def test_interarrival_moments(dist, ea_us):
    pmf = s4.interarrival_pmf(dist, ea_us)
    assert pmf[0] == 0.0, "two packets never share a slot"
    assert math.isclose(sum(pmf), 1.0, rel_tol=1e-12)
    mu = ea_us * 1e-6 / s4.DT
    mean = sum(k * p for k, p in enumerate(pmf))
    var = sum((k - mean) ** 2 * p for k, p in enumerate(pmf))
    assert math.isclose(mean, mu, rel_tol=1e-6), "E[A] as asked"
    expected_var = {"pois": mu - 1, "geo": mu * (mu - 1), "nbin": mu * mu}[dist]
    assert math.isclose(var, expected_var, rel_tol=1e-4), "the documented variance"


def test_unknown_distribution_is_an_error():
    with pytest.raises(ValueError, match="known: det, pois, geo, nbin"):
        s4.interarrival_pmf("pareto", 10.0)


def test_model_points(ns):
    # One packet per batch, empty system: D = tau + o + E[B] = 200 + 4 + 7.25 us exactly.
    d, loss = s4.solve(ns, 200, "det", 375.0)
    assert d == pytest.approx(211.25, abs=1e-6)
    assert loss == 0.0
    # Loss starts as E[A] drops below E[B] = 7.25 us (eq. 14), for every distribution.
    for dist in s4.DISTRIBUTIONS:
        assert s4.solve(ns, 200, dist, 9.0)[1] < 1e-9, dist
        assert s4.solve(ns, 200, dist, 6.0)[1] > 0.1, dist
    # Bursty arrivals share aggregation intervals: lower E[D] than det beyond tau (Fig. 8).
    assert s4.solve(ns, 200, "geo", 375.0)[0] < 200.0 < d


def test_cli_rejects_bad_taus(tmp_path, capsys):
    for bad in ["abc", "0", "10.3", ""]:
        with pytest.raises(SystemExit):
            s4.main([str(tmp_path), "--taus", bad])
        assert "--taus" in capsys.readouterr().err
