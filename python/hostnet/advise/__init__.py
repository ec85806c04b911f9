"""``hostnet advise``: for a host profile and a workload, the latency/CPU trade-off of every
receive setting, the recommended one and the Linux commands that apply it.

- :mod:`hostnet.advise.catalogue`: the settings (as an operator deploys them) and workloads;
- :mod:`hostnet.advise.host`: what the host profile says (kernel, driver, cores, queues);
- :mod:`hostnet.advise.commands`: the commands of a setting, each with its kernel version;
- :mod:`hostnet.advise.analysis`: Pareto front, starved and dominated settings, the
  recommendation;
- :mod:`hostnet.advise.report`: Markdown, JSON, the figure and the recommended profile;
- :mod:`hostnet.advise.cli`: the command line (``python -m hostnet advise``), on the study
  runner (hostnet.study): resumable runs, adaptive replications.
"""

from .catalogue import SETTINGS, WORKLOADS, AdviseError, Setting
from .cli import main

__all__ = ["SETTINGS", "WORKLOADS", "AdviseError", "Setting", "main"]
