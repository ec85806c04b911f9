"""The hostnet study runner: many independent ns-3 runs, parallel, resumable, summarized.

From Python::

    from hostnet.study import Study, run_study, load, summarize, format_table, plot_metric

    study = Study.load("examples/studies/datacenter.toml")    # or Study.from_dict({...})
    result = run_study(study, jobs=2)                         # or scheduler="tcp://host:8786"
    print(format_table(summarize(result.out_dir)))
    plot_metric(result.out_dir, "rpc_p99_us", x="load", by="scheme")

    runs = load(result.out_dir)                               # pandas: one row per run
    summarize(runs, by=["scheme", "load"], metrics=["rpc_p99_us"])  # mean, ci95, n, ...

From the shell: ``python -m hostnet run|summary|plot|validate --help``. Importing this
package does not load ns-3.
"""

from .plot import plot_metric, plot_study
from .runner import ResultStore, StudyResult, execute_run, run_study
from .spec import RunSpec, Study, StudyError, load_study
from .summary import (best_by, format_table, load, read_results, summarize, summary_records,
                      t_interval)

__all__ = ["Study", "RunSpec", "StudyError", "load_study", "run_study", "execute_run",
           "StudyResult", "ResultStore", "load", "summarize", "summary_records", "format_table",
           "read_results", "t_interval", "best_by", "plot_metric", "plot_study"]
