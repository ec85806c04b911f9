"""Fig. 8 and Fig. 9 of Gebert et al. 2016 from the discrete-time GI^[X]/GI/1-L model (C++ via
cppyy).

    python validation/figures/gebert2016_figures.py results/figures [--taus 50,100,200] [--no-pdf]

For every aggregation interval tau and every interarrival distribution of the paper
(Sec. VI-A: det, pois, geo, nbin) the model ``ns3::DiscreteTimeBatchModel::Solve`` gives
the mean processing time E[D] of accepted packets (Fig. 8, against the mean interarrival
time E[A] on a log axis) and the loss probability (Fig. 9, one panel per tau, around the
overload point E[A] ~ 7.25 us). The system is the paper's SGW: interrupt overhead
o = 4 us per batch, unfinished-work limit L = 5200 us, and the service-time shape of the
hostnet-gebert2016 suite (mean 8.336 us capped at 16 us to 7.25 us; see doc/validation.rst).

The distributions live on the model's grid dt = 0.5 us, in slots of dt, with mean
mu = E[A] / dt. The model needs a(0) = 0 (two packets of one stream never arrive in the
same slot), so the three random ones are shifted by one slot:

- det: E[A] exactly (split between the two neighbouring slots when off the grid);
- pois: 1 + Poisson(mu - 1), variance mu - 1 (nearly deterministic for large mu);
- geo: geometric on {1, 2, ...}, p = 1 / mu, variance mu (mu - 1);
- nbin: 1 + negative binomial with mean mu - 1 and standard deviation mu (the paper sets
  sigma = mu: coefficient of variation 1).

Writes ``gebert2016_fig8_fig9.csv`` (tau_us, dist, ea_us, mean_d_us, loss) and
``gebert2016_fig8.png`` / ``gebert2016_fig9.png`` (and PDFs) into the directory.
"""

import argparse
import csv
import math
import sys
from pathlib import Path

DT = 0.5e-6
OVERHEAD = 4e-6
LIMIT = 5200e-6
DISTRIBUTIONS = ("det", "pois", "geo", "nbin")
# hostnet-gebert2016's service shape (us, probability), tail capped at 16 us: mean 7.25 us.
SERVICE_US = ((3, 0.05), (4, 0.15), (5, 0.20), (6, 0.20), (7, 0.10), (8, 0.08), (10, 0.06),
              (12, 0.04), (14, 0.02), (16, 0.10))
TAIL = 1e-12


def _truncate(pmf):
    """Cut the tail below TAIL (keeping at least two slots) and renormalise."""
    total = 0.0
    for k, p in enumerate(pmf):
        total += p
        if total >= 1.0 - TAIL and k >= 1:
            pmf = pmf[: k + 1]
            break
    s = sum(pmf)
    return [p / s for p in pmf]


def interarrival_pmf(dist, ea_us):
    """pmf over slots of dt of the interarrival time (a(0) = 0), or None for det."""
    mu = ea_us * 1e-6 / DT
    if mu < 2.0:
        raise ValueError(f"E[A] = {ea_us} us is below two slots of {DT * 1e6} us")
    n = int(mu * 60 + 200)  # far beyond every tail used here; truncated below
    if dist == "pois":
        lam = mu - 1.0
        pmf = [0.0] + [math.exp(-lam + j * math.log(lam) - math.lgamma(j + 1)) for j in range(n)]
    elif dist == "geo":
        p = 1.0 / mu
        pmf = [0.0] + [p * (1.0 - p) ** (k - 1) for k in range(1, n)]
    elif dist == "nbin":
        m, v = mu - 1.0, mu * mu
        q = m / v
        r = m * m / (v - m)
        pmf = [0.0] + [
            math.exp(math.lgamma(j + r) - math.lgamma(r) - math.lgamma(j + 1) + r * math.log(q)
                     + j * math.log1p(-q))
            for j in range(n)
        ]
    else:
        raise ValueError(f"unknown distribution {dist!r}; known: {', '.join(DISTRIBUTIONS)}")
    return _truncate(pmf)


def solve(ns, tau_us, dist, ea_us):
    """Solve the model for one point; return (E[D] in us, loss probability)."""
    import cppyy  # noqa: PLC0415

    vec = cppyy.gbl.std.vector["double"]
    p = ns.DiscreteTimeBatchParameters()
    if dist == "det":
        p.interarrival = ns.DiscreteDistribution.Deterministic(ea_us * 1e-6, DT)
    else:
        p.interarrival = ns.DiscreteDistribution(vec(interarrival_pmf(dist, ea_us)), DT)
    service = [0.0] * (int(round(16 / (DT * 1e6))) + 1)
    for value, prob in SERVICE_US:
        service[int(round(value / (DT * 1e6)))] += prob
    p.service = ns.DiscreteDistribution(vec(service), DT)
    p.aggregation = ns.DiscreteDistribution.Deterministic(tau_us * 1e-6, DT)
    p.overhead = ns.DiscreteDistribution.Deterministic(OVERHEAD, DT)
    p.L = LIMIT
    r = ns.DiscreteTimeBatchModel.Solve(p)
    if not r.converged:
        print(f"warning: tau={tau_us} {dist} E[A]={ea_us}: not converged", file=sys.stderr)
    return r.meanProcessingTime * 1e6, r.lossProbability


def ea_grid_fig8():
    """E[A] values (us) for Fig. 8: 5 to 400 us, about 8 per decade, on the 0.5 us grid."""
    values = sorted({round(5 * 10 ** (i / 8) * 2) / 2 for i in range(0, 16)})
    return [v for v in values if v <= 400]


def ea_grid_fig9():
    """E[A] values (us) for Fig. 9: 5 to 10 us in steps of 0.5 us."""
    return [5 + 0.5 * i for i in range(11)]


def compute(taus_us, ns=None):
    """All points of both figures: list of dicts (tau_us, dist, ea_us, mean_d_us, loss)."""
    if ns is None:
        from hostnet import load  # noqa: PLC0415

        ns = load()
    rows = []
    eas = sorted(set(ea_grid_fig8()) | set(ea_grid_fig9()))
    for tau in taus_us:
        for dist in DISTRIBUTIONS:
            for ea in eas:
                d, loss = solve(ns, tau, dist, ea)
                rows.append({"tau_us": tau, "dist": dist, "ea_us": ea, "mean_d_us": d,
                             "loss": loss})
    return rows


def write_csv(rows, path):
    """Write the points as CSV."""
    with open(path, "w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=["tau_us", "dist", "ea_us", "mean_d_us", "loss"])
        writer.writeheader()
        writer.writerows(rows)


_STYLES = {"det": "-", "pois": "--", "geo": ":", "nbin": "-."}


def plot(rows, out_dir, pdf=True):
    """Draw Fig. 8 and Fig. 9 into out_dir; return the PNG paths."""
    import matplotlib  # noqa: PLC0415

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt  # noqa: PLC0415

    taus = sorted({r["tau_us"] for r in rows})
    colors = {tau: plt.cm.viridis(i / max(1, len(taus) - 1) * 0.85) for i, tau in enumerate(taus)}
    fig8_eas = set(ea_grid_fig8())

    fig, ax = plt.subplots(figsize=(7.5, 5))
    for tau in taus:
        for dist in DISTRIBUTIONS:
            pts = sorted((r["ea_us"], r["mean_d_us"]) for r in rows
                         if r["tau_us"] == tau and r["dist"] == dist and r["ea_us"] in fig8_eas)
            ax.plot([p[0] for p in pts], [p[1] for p in pts], _STYLES[dist], color=colors[tau],
                    label=f"tau={tau:g} us, {dist}")
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel("mean interarrival time E[A] (us)")
    ax.set_ylabel("mean processing time E[D] (us)")
    ax.set_title("Gebert et al. 2016 Fig. 8: E[D] vs E[A] (o = 4 us, L = 5200 us)")
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(fontsize=7, ncol=len(taus))
    fig.tight_layout()
    paths = [Path(out_dir) / "gebert2016_fig8.png"]
    fig.savefig(paths[0], dpi=120)
    if pdf:
        fig.savefig(paths[0].with_suffix(".pdf"))
    plt.close(fig)

    fig9_eas = set(ea_grid_fig9())
    fig, axes = plt.subplots(1, len(taus), figsize=(4 * len(taus), 3.8), sharey=True,
                             squeeze=False)
    for ax, tau in zip(axes[0], taus):
        for dist in DISTRIBUTIONS:
            pts = sorted((r["ea_us"], r["loss"]) for r in rows
                         if r["tau_us"] == tau and r["dist"] == dist and r["ea_us"] in fig9_eas)
            ax.plot([p[0] for p in pts], [p[1] for p in pts], _STYLES[dist], color="k",
                    label=dist)
        ax.set_title(f"tau = {tau:g} us")
        ax.set_xlabel("E[A] (us)")
        ax.grid(True, alpha=0.3)
    axes[0][0].set_ylabel("packet loss probability")
    axes[0][0].legend()
    fig.suptitle("Gebert et al. 2016 Fig. 9: loss vs E[A]")
    fig.tight_layout()
    paths.append(Path(out_dir) / "gebert2016_fig9.png")
    fig.savefig(paths[1], dpi=120)
    if pdf:
        fig.savefig(paths[1].with_suffix(".pdf"))
    plt.close(fig)
    return paths


def main(argv=None):
    parser = argparse.ArgumentParser(
        prog="python validation/figures/gebert2016_figures.py",
        description="Gebert et al. 2016 Fig. 8 (mean processing time) and Fig. 9 (loss) vs E[A] "
        "from the discrete-time model, for several tau and arrival distributions.")
    parser.add_argument("out", help="output directory (CSV, PNG, PDF)")
    parser.add_argument("--taus", default="50,100,200",
                        help="aggregation intervals tau in us, comma separated (default "
                        "50,100,200; each must be a multiple of 0.5 us and > 0)")
    parser.add_argument("--no-pdf", action="store_true", help="write PNG only")
    args = parser.parse_args(argv)
    try:
        taus = [float(t) for t in args.taus.split(",") if t.strip()]
    except ValueError:
        parser.error(f"--taus: {args.taus!r} is not a comma-separated list of numbers (us)")
    if not taus or any(t <= 0 or abs(t * 2 - round(t * 2)) > 1e-9 for t in taus):
        parser.error(f"--taus: every tau must be > 0 and a multiple of 0.5 us, got {args.taus!r}")
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    rows = compute(taus)
    write_csv(rows, out / "gebert2016_fig8_fig9.csv")
    for path in plot(rows, out, pdf=not args.no_pdf):
        print(f"wrote {path}")
    for tau in taus:
        onset = [r["ea_us"] for r in rows
                 if r["tau_us"] == tau and r["dist"] == "det" and r["loss"] > 1e-6]
        print(f"tau = {tau:g} us, det: loss above 1e-6 for E[A] <= {max(onset) if onset else '-'} us")
    return 0


if __name__ == "__main__":
    sys.exit(main())
