# test_stubs.py - the type stubs and the docstrings describe the module as it is.
# SPDX-License-Identifier: MIT
import ast
import inspect

import pgnkit
from conftest import ROOT

STUBS = ROOT / "lib/python/pgnkit/__init__.pyi"


def stub_tree():
    return ast.parse(STUBS.read_text())


def public(names):
    return {n for n in names if not n.startswith("_")}


def test_every_public_name_has_a_stub_and_a_docstring():
    tree = stub_tree()
    top = {n.name for n in tree.body if isinstance(n, (ast.FunctionDef, ast.ClassDef))}
    for name in pgnkit.__all__:
        assert name in top, f"{name} has no stub in {STUBS.name}"
        assert getattr(pgnkit, name).__doc__, f"{name} has no docstring"


def test_class_stubs_list_the_real_members():
    tree = stub_tree()
    for cls in (n for n in tree.body if isinstance(n, ast.ClassDef)):
        real = getattr(pgnkit, cls.name)
        stubbed = set()
        for item in cls.body:
            if isinstance(item, ast.FunctionDef):
                stubbed.add(item.name)
            elif isinstance(item, ast.AnnAssign):
                stubbed.add(item.target.id)
        if issubclass(real, BaseException):
            continue
        members = public(vars(real))
        if issubclass(real, tuple):  # struct sequences: their fields
            members = set(real._fields if hasattr(real, "_fields") else
                          [f for f in members if not f.startswith("n_")
                           and f not in ("count", "index")])
        assert members - {"n_fields", "n_sequence_fields", "n_unnamed_fields"} <= stubbed | {"__init__"}, cls.name
        for name in stubbed - {"__init__", "__len__", "__enter__", "__exit__"}:
            assert hasattr(real, name), f"{cls.name}.{name} is in the stubs, not in the module"
            doc = getattr(real, name).__doc__ if not issubclass(real, tuple) else "field"
            assert doc, f"{cls.name}.{name} has no docstring"


def test_functions_signatures_agree():
    assert list(inspect.signature(pgnkit.read).parameters) == ["source", "threads"]
    assert list(inspect.signature(pgnkit.to_records).parameters) == ["games", "columns"]
    assert "threads" in pgnkit.parse_movetext.__doc__


def test_search_and_stats_signatures():
    assert list(inspect.signature(pgnkit.search).parameters) == [
        "source", "where", "position", "threads", "ignore_case", "criteria"]
    assert list(inspect.signature(pgnkit.stats).parameters)[:7] == [
        "source", "report", "tree", "position", "depth", "threads", "ignore_case"]
    assert set(pgnkit.STATS_REPORTS) == {"summary", "openings", "players", "tree", "clock"}


def test_dask_stubs_name_the_module():
    tree = ast.parse((ROOT / "lib/python/pgnkit/dask.pyi").read_text())
    top = {n.name for n in tree.body if isinstance(n, (ast.FunctionDef, ast.ClassDef))}
    text = (ROOT / "lib/python/pgnkit/dask.py").read_text()
    names = ast.literal_eval(text.split("__all__ = ", 1)[1].split("\n", 1)[0])
    assert set(names) <= top
