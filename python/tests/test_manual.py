"""The manual (doc/): one set of parts, two ways to read it.

Standalone, doc/index.rst lists the parts in its contents tree (``./hostnet.sh docs``;
``./hostnet.sh test`` builds it with every Sphinx warning an error). In an ns-3 tree,
doc/hostnet.rst is the module's chapter of ns-3's model library and includes the same parts.
"""

import re
import shutil
from pathlib import Path

import pytest

DOC = Path(__file__).resolve().parents[2] / "doc"


def _toctree_parts():
    text = (DOC / "index.rst").read_text()
    block = text.split(".. toctree::", 1)[1]
    return [line.strip() for line in block.splitlines()[1:]
            if line.startswith("   ") and not line.strip().startswith(":") and line.strip()]


def test_index_and_chapter_name_the_same_parts():
    """Every part is in the contents tree and in the ns-3 chapter (there in ns-3's order:
    model, usage, validation)."""
    included = re.findall(r"^\.\. include:: (\S+)\.rst$", (DOC / "hostnet.rst").read_text(),
                          re.M)
    assert sorted(included) == sorted(_toctree_parts())
    parts = {p.stem for p in DOC.glob("*.rst")} - {"index", "hostnet", "hostnet-attributes"}
    assert parts == set(included), "a part of doc/ is in neither the contents nor the chapter"


def test_chapter_builds_as_ns3_includes_it(tmp_path):
    """doc/hostnet.rst as the root document (as ns-3's doc/models includes it): the parts'
    headings nest under the chapter without a warning (Sphinx's -W)."""
    sphinx = pytest.importorskip("sphinx.cmd.build")
    src = tmp_path / "src"
    src.mkdir()
    for path in DOC.glob("*.rst"):
        shutil.copy(path, src / path.name)
    (src / "figures").symlink_to(DOC / "figures")
    (src / "index.rst").unlink()
    (src / "conf.py").write_text(
        'root_doc = "hostnet"\n'
        'exclude_patterns = ["model.rst", "user-guide.rst", "validation.rst",\n'
        '                    "development.rst", "attributes.rst", "hostnet-attributes.rst"]\n'
        'highlight_language = "default"\n')
    out = tmp_path / "html"
    assert sphinx.build_main(["-W", "-q", "-b", "html", str(src), str(out)]) == 0
    html = (out / "hostnet.html").read_text()
    for title in ("Model Description", "Usage", "Validation", "Development",
                  "Attribute reference"):
        assert f">{title}<" in html, f"section {title} missing from the chapter"
