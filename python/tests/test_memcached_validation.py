"""validation/figures/memcached_validation.py: the model's study results beside the published
table."""

import csv

import memcached_validation as mv  # validation/figures/ (conftest.py puts it on sys.path)


def _write_results(path, rows):
    fields = ["run_id", "status", "qps", "label", "achieved_qps", "latency_avg_us",
              "latency_p95_us", "latency_p99_us", "cpu_busy_pct", "interrupts_per_s",
              "cycles_per_req", "interference_us_per_req"]
    with open(path / "results.csv", "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=fields)
        w.writeheader()
        for r in rows:
            w.writerow(r)


def test_published_table_is_complete():
    published = mv.read_published()
    # 12 settings x 6 loads, as in the cover letter of the series.
    assert len(published) == 72
    base_max = published[("base", "MAX")]
    assert int(base_max["qps"]) == 1054805 and int(base_max["cpu"]) == 100


def test_table_pairs_model_and_measurement(tmp_path):
    _write_results(tmp_path, [
        {"run_id": "a", "status": "ok", "qps": "200000", "label": "base",
         "achieved_qps": "195000", "latency_avg_us": "60.4", "latency_p95_us": "210",
         "latency_p99_us": "390", "cpu_busy_pct": "25.2", "interrupts_per_s": "131000",
         "cycles_per_req": "12990.4", "interference_us_per_req": "2"},
        {"run_id": "b", "status": "ok", "qps": "0", "label": "defer50",
         "achieved_qps": "1050000", "latency_avg_us": "nan", "latency_p95_us": "",
         "latency_p99_us": "4000", "cpu_busy_pct": "100", "interrupts_per_s": "0"},
        {"run_id": "c", "status": "failed", "qps": "400000", "label": "base"},
    ])
    rows = mv.table(mv.read_model(tmp_path), mv.read_published())
    by_key = {(r[0], r[1]): r for r in rows[1:]}
    assert by_key[("200K", "base")][2] == "195K / 200K"
    assert by_key[("200K", "base")][3] == "60 / 112"
    assert by_key[("MAX", "defer50")][3] == "nan / 3960"  # undefined stays undefined
    assert by_key[("MAX", "defer50")][4] == "nan / 5216"
    assert by_key[("400K", "base")][3] == "- / 139"  # a failed run is not a result
    assert by_key[("200K", "base")][8] == "12990 / 13040"
    assert by_key[("200K", "base")][9] == "2200"  # 2 us of refill at 1.1 GHz
    assert by_key[("MAX", "defer50")][8] == "nan / 8235"  # a column the run lacks
    text = mv.render(rows, "rst")
    assert text.splitlines()[0].startswith("=====")


def test_no_results_is_an_error(tmp_path):
    _write_results(tmp_path, [])
    assert mv.main([str(tmp_path)]) == 1
