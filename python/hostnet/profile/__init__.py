"""Host profiles: the TOML files of ``data/hosts/`` and the tools that make them.

A host profile names the ns-3 attributes of one end host (``[cpu]`` = ns3::HostCpu,
``[nic.moderation]`` = an ns3::InterruptModeration subclass, ...; see
``data/hosts/mlx5-100g.toml``) and may inherit the rest from a shipped profile (``base``).

- :mod:`hostnet.profile.from_host`: build a profile from the output of ethtool, lscpu,
  uname, sysctl, /proc/interrupts and sysfs collected on a real Linux host
  (``tools/collect-host-info.sh``), ``python -m hostnet profile from-host DIR``.
- :mod:`hostnet.profile.calibrate`: fit a profile's costs to single-flow measurements of
  a host (throughput, CPU utilisation, copy shares; doc/user-guide.rst, "Calibrating the
  costs") with hostnet's own scenario and a derivative-free optimiser, ``python -m hostnet profile calibrate``.
- :mod:`hostnet.profile.cli`: the ``hostnet profile`` command line, one action per
  subcommand.
"""
