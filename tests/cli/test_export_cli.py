"""``solve export`` and the SVG drawings, as a user runs them."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import networkx as nx
import pytest

from tests.cli.conftest import EXAMPLES

MAYAN = EXAMPLES / "mayan_sample.txt"
LLK = EXAMPLES / "llk_sample.txt"
SVG = "{http://www.w3.org/2000/svg}"


def test_export_mayan(solve, tmp_path):
    out = tmp_path / "states.graphml"
    run = solve("export", "mayan", MAYAN, "-o", out)
    assert run.status == 0 and out.exists()
    graph = nx.read_graphml(out)
    assert graph.graph["answer"] == "2 1 1; 3 1 1; 3 0 1"
    assert max(d["layer"] for _, d in graph.nodes(data=True)) == 3


def test_export_mayan_node_limit(solve, tmp_path):
    out = tmp_path / "states.json"
    run = solve("export", "mayan", MAYAN, "-o", out, "--max-nodes", "40")
    assert run.status == 2 and "--truncate" in run.err and not out.exists()
    run = solve("export", "mayan", MAYAN, "-o", out, "--max-nodes", "40", "--truncate")
    assert run.status == 0 and out.exists()


def test_export_llk(solve, tmp_path):
    out = tmp_path / "cells.graphml"
    run = solve("export", "llk", LLK, "-o", out, "--query", "1 1 3 4")
    assert run.status == 0
    graph = nx.read_graphml(out)
    assert graph.graph["turns"] == 2
    assert sum(d["path"] for _, d in graph.nodes(data=True)) == 8
    gexf = tmp_path / "cells.gexf"  # GEXF keeps the node attributes
    assert solve("export", "llk", LLK, "-o", gexf, "--query", "1 1 3 4").status == 0
    assert sum(d["path"] for _, d in nx.read_gexf(gexf).nodes(data=True)) == 8
    run = solve("export", "llk", LLK, "-o", tmp_path / "c2.json", "--case", "2", "--outside")
    assert run.status == 0


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (("export", "llk", str(LLK), "-o", "x.txt"), "unknown format"),
        (("export", "llk", str(LLK), "-o", "x.json", "--case", "5"), "2 case(s)"),
        (("export", "llk", str(LLK), "-o", "x.json", "--query", "9 9 1 1"), "off the"),
        (("export", "llk", str(LLK), "-o", "x.json", "--query", "a b"), "four"),
        (("export", "mayan", str(MAYAN)), "Missing option"),
    ],
)
def test_export_errors(solve, args, fragment):
    run = solve(*args)
    assert run.status == 2 and fragment in run.err and run.err.count("\n") == 1


def test_mayan_svg(solve, tmp_path):
    out = tmp_path / "steps.svg"
    assert solve("mayan", MAYAN, "--format", "svg", "-o", out).status == 0
    root = ET.parse(out).getroot()
    titles = [t.text for t in root.iter(f"{SVG}text") if t.text and ":" in t.text]
    assert titles == ["1: 2 1 1", "2: 3 1 1", "3: 3 0 1"]
    unsolvable = solve("mayan", "--format", "svg", "-", stdin=b"1 1 0 2 0 0 1 0 0")
    assert "no solution in 1 move" in unsolvable.out


def test_llk_svg(solve, tmp_path):
    out = tmp_path / "path.svg"
    assert solve("llk", LLK, "--format", "svg", "--query", "1 1 3 4", "-o", out).status == 0
    root = ET.parse(out).getroot()
    (line,) = root.iter(f"{SVG}path")
    assert line.get("d").count("L") == 3  # four corner points
    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert "1 1 3 4: YES, 2 turns" in texts
