"""Every docstring example of the package runs and prints what it says; help() teaches the API."""

import doctest

import numpy as np

import grundy


def test_docstring_examples_run():
    finder = doctest.DocTestFinder()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    objects = [grundy, grundy.game, grundy.ruleset, grundy.verify, grundy.Ruleset, grundy.Result]
    objects += [getattr(grundy.Game, name) for name in dir(grundy.Game) if not name.startswith("_")]
    tried = 0
    for obj in objects:
        for test in finder.find(obj, name=getattr(obj, "__name__", "grundy"), globs={"grundy": grundy, "np": np}):
            runner.run(test)
            tried += len(test.examples)
    assert runner.failures == 0
    assert tried >= 20


def test_every_entry_point_has_a_docstring_with_an_example():
    names = ["game", "ruleset", "verify", "Ruleset"]
    names += [f"Game.{m}" for m in ("value", "values", "outcome", "moves", "table", "solve", "ppos", "seq",
                                    "quotient", "structure", "check", "discover", "with_pass", "forbid", "misere")]
    for name in names:
        obj = grundy
        for part in name.split("."):
            obj = getattr(obj, part)
        assert obj.__doc__ and ">>>" in obj.__doc__, f"{name} has no example in its docstring"
