"""The README is for a newcomer, and every document's relative links lead somewhere.

Oracle: the files of this checkout, and GitHub's rule for heading anchors (lower case,
punctuation dropped, spaces to hyphens).
"""
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
DOCUMENTS = [README, ROOT / "STYLE.md", ROOT / "benchmarks" / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")


def anchor(heading):
    """GitHub's anchor of a Markdown heading."""
    text = re.sub(r"[`*_]", "", heading.strip().lower())
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def headings(path, level="#+"):
    text = re.sub(r"^```.*?^```", "", path.read_text(encoding="utf-8"), flags=re.M | re.S)  # not in code
    return re.findall(rf"^{level} (.+)$", text, re.M)


def test_anchor_follows_github():
    assert anchor("Credits and licence") == "credits-and-licence"
    assert anchor("The `course` folder: what, where?") == "the-course-folder-what-where"


def test_readme_is_short_with_a_table_of_contents():
    lines = README.read_text(encoding="utf-8").splitlines()
    assert len(lines) <= 200, f"README.md has {len(lines)} lines: move details to docs/ or benchmarks/README.md"
    sections = [h for h in headings(README, "##") if h != "Contents"]
    start = lines.index("## Contents")
    toc = []
    for line in lines[start + 1:]:
        if line.startswith("## "):
            break
        toc += re.findall(r"\]\(#([^)]+)\)", line)
    assert toc == [anchor(h) for h in sections], "the table of contents lists every ## section, in order"


def test_readme_keeps_benchmark_conditions_out():
    text = README.read_text(encoding="utf-8")
    for words in ("load average", "Nov 2026", "A/B", "ablation"):
        assert words not in text, \
            f"README mentions {words!r}: measurements and their history go to benchmarks/README.md"


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda p: str(p.relative_to(ROOT)))
def test_relative_links_exist(document):
    assert document.is_file(), f"{document.relative_to(ROOT)} is missing"
    text = re.sub(r"^```.*?^```", "", document.read_text(encoding="utf-8"), flags=re.M | re.S)
    text = re.sub(r"`[^`\n]*`", "", text)  # an example in inline code is not a link
    for target in LINK.findall(text):
        if re.match(r"[a-z]+:", target):
            continue  # a URL
        path, _, fragment = target.partition("#")
        where = (document.parent / path).resolve() if path else document
        assert where.exists(), f"{document.relative_to(ROOT)} links to {target}, which does not exist"
        assert where.is_relative_to(ROOT), f"{document.relative_to(ROOT)} links outside the repository: {target}"
        if fragment and where.suffix == ".md":
            assert fragment in {anchor(h) for h in headings(where)}, \
                f"{document.relative_to(ROOT)} links to #{fragment}, a heading {where.name} does not have"
