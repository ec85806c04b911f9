"""``python -m hostnet profile ACTION ...``: make and check host profiles.

Each action is one entry of :data:`ACTIONS`: a function that adds its arguments to a
subparser and one that runs it and returns the exit status. A new action (``calibrate``)
adds ``ACTIONS["calibrate"] = (add_arguments, run, help)`` from its own module.
"""

from __future__ import annotations

import argparse
import sys
from datetime import date

from . import calibrate

FROM_HOST_EPILOG = """\
Collect the inputs on the host to model (no root needed on most drivers):
  tools/collect-host-info.sh eth0 hostinfo/
then:
  python -m hostnet profile from-host hostinfo/ --out data/hosts/myhost.toml

PATH may also be one text file holding some of the outputs one after the other, among other
text (ethtool -i, -c, -g, -l, -k, lscpu, uname -r or -a, sysctl net.core, /proc/interrupts, a
napi-get dump): sections are found by their headers, or by their content where a paste lacks
them (an ethtool -c body, "Pre-set maximums:", lscpu lines, a uname -a line, a JSON or ynl
napi list). Several interfaces: the first named is read, --interface chooses. What is missing is listed in the profile ([profile]
unread, defaults) and comes from the base profile.

exit status:
  0  profile written
  2  bad options, PATH missing, nothing recognised in it, --interface not among the
     interfaces the inputs name, or a file that cannot be read (the message names the file
     and line)
"""


def _from_host_arguments(parser):
    parser.add_argument("path", nargs="+", metavar="PATH",
                        help="folder written by tools/collect-host-info.sh, or text files")
    parser.add_argument("--interface", "-i", help="the interface to read where the inputs "
                        "name several (default: README.txt's, else the first named)")
    parser.add_argument("--base", help="the shipped profile to inherit costs and unread "
                        "values from: mlx5-100g, i40e-10g or e1000-1g (default: by driver and "
                        "link speed)")
    parser.add_argument("--name", help="[profile] name (default: <hostname>-<interface>)")
    parser.add_argument("--out", "-o", help="output file (default: standard output)")


def _from_host_run(args) -> int:
    from .from_host import (BASES, ProfileInputError, build_profile, collect, recognised,
                            write_profile)

    if args.base is not None and args.base not in BASES:
        print(f"error: --base {args.base}: allowed: {', '.join(BASES)}", file=sys.stderr)
        return 2
    try:
        info = collect(args.path, args.interface)
    except (FileNotFoundError, ProfileInputError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    if not recognised(info):
        print(f"error: {', '.join(args.path)}: no ethtool, lscpu, uname, sysctl, "
              "/proc/interrupts, sysfs or napi-get output recognised (run "
              "tools/collect-host-info.sh IFACE DIR and give DIR)", file=sys.stderr)
        return 2
    try:
        profile = build_profile(info, base=args.base, name=args.name)
    except ProfileInputError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    header = (f"Made by `hostnet profile from-host {' '.join(args.path)}` on "
              f"{date.today().isoformat()}.\nThe values carry their sources; [profile] "
              "unread and defaults say what came from the base profile.")
    text = write_profile(profile, args.out, header=header)
    if args.out is None:
        sys.stdout.write(text)
    else:
        print(f"wrote {args.out} (base {profile['base']}; "
              f"{len(profile['profile']['unread'])} inputs not read)", file=sys.stderr)
    return 0


def _check_arguments(parser):
    parser.add_argument("profile", help="a shipped profile's name (mlx5-100g, ...) or the path "
                        "of a .toml file")
    parser.add_argument("--build-dir", help="hostnet build directory (default: "
                        "$HOSTNET_BUILD_DIR, else <repository>/build)")


def _reader(args, extra) -> int:
    """Run the C++ reader (examples/hostnet-profile.cc): the same checks as SetPreset."""
    import os
    import subprocess

    from hostnet import build_dir

    directory = args.build_dir or build_dir()
    program = os.path.join(directory, "examples", "hostnet-profile")
    if not os.access(program, os.X_OK):
        print(f"error: {program} not found: build hostnet first (./hostnet.sh build) or give "
              "--build-dir", file=sys.stderr)
        return 2
    return subprocess.run([program, f"--profile={args.profile}", *extra]).returncode


# action -> (add_arguments(parser), run(args) -> exit status, help)
ACTIONS = {
    "from-host": (_from_host_arguments, _from_host_run,
                  "build a profile from ethtool/lscpu/sysctl/... output of a Linux host"),
    "check": (_check_arguments, lambda args: _reader(args, []),
              "check a profile as SetPreset reads it (exit 2 with file:line: what is wrong)"),
    "show": (_check_arguments, lambda args: _reader(args, ["--print"]),
             "print a profile resolved (bases included): every setting with its file, line, "
             "ns-3 value and source"),
}
ACTIONS["calibrate"] = (calibrate.add_arguments, calibrate.run,
                        "fit a profile's costs to single-flow measurements of a host")


def _parser():
    parser = argparse.ArgumentParser(prog="python -m hostnet profile",
                                     description="Make host profiles (data/hosts/*.toml).")
    sub = parser.add_subparsers(dest="action", required=True, metavar="ACTION")
    for action, (add_arguments, _, help_text) in ACTIONS.items():
        p = sub.add_parser(action, help=help_text, description=help_text,
                           epilog=FROM_HOST_EPILOG if action == "from-host" else None,
                           formatter_class=argparse.RawDescriptionHelpFormatter)
        add_arguments(p)
    return parser


def main(argv=None) -> int:
    args = _parser().parse_args(argv)
    return ACTIONS[args.action][1](args)


if __name__ == "__main__":
    sys.exit(main())
