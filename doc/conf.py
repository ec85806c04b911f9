"""Sphinx configuration of the hostnet manual (``./hostnet.sh docs``: HTML in build/doc/html).

The manual's parts (index.rst lists them) are also one chapter of ns-3's model library in an
ns-3 tree: hostnet.rst includes them there, and is left out here.
"""

from pathlib import Path

project = "hostnet"
author = "the hostnet authors"
version = release = (Path(__file__).resolve().parents[1] / "VERSION").read_text().strip()
root_doc = "index"
exclude_patterns = ["_build", "hostnet.rst", "hostnet-attributes.rst"]
# "default": Python where it lexes, else plain, without a warning (the blocks are C++,
# Python, TOML, shell and console output; each part names C++ blocks as such).
highlight_language = "default"
html_theme = "alabaster"
html_title = f"hostnet {release} manual"
# The figures are referenced as figures/<name>.png from the parts.
