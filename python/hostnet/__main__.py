"""``python -m hostnet``: the study runner's command line (see hostnet.study.cli)."""

import sys

from hostnet.study.cli import main

sys.exit(main())
