"""Bad input raises ValueError with one clear line, the CLI's where the CLI takes the same input."""

import re

import numpy as np
import pytest

import grundy
from conftest import cli_error

NIM2 = "nim -p heaps=2"


def nim2():
    return grundy.game(NIM2)


# (what the Python call does, the CLI command given the same input or None, a part of the message)
CASES = [
    (lambda: grundy.game("chess"), ["value", "chess", "1"], "chess"),
    (lambda: grundy.game(""), None, "empty"),
    (lambda: grundy.game("nim -p heaps=0"), ["value", "nim", "-p", "heaps=0", "1"], "heaps"),
    (lambda: grundy.game("nim -p heaps=abc"), ["value", "nim", "-p", "heaps=abc", "1"], "heaps"),
    (lambda: grundy.game("nim", heaps=99), ["value", "nim", "-p", "heaps=99", "1"], "heaps"),
    (lambda: grundy.game("nim", colour=3), ["value", "nim", "-p", "colour=3", "1"], "colour"),
    (lambda: grundy.game("nim", heaps=True), None, "True"),
    (lambda: grundy.game("subtraction"), ["value", "subtraction", "1"], "set"),
    (lambda: grundy.game("subtraction -p set=0,1"), ["value", "subtraction", "-p", "set=0,1", "1"], "set"),
    (lambda: grundy.game("chocolate -p F=x+"), ["value", "chocolate", "-p", "F=x+", "1,0,1"], "F"),
    (lambda: grundy.game("nim --passes 0"), ["value", "nim", "--passes", "0", "1,1,1"], "--passes"),
    (lambda: grundy.game("nim", passes=65), None, "passes"),
    (lambda: grundy.game("nim --pass").with_pass(), ["value", "nim", "--pass", "--pass", "1,1,1"], "--pass"),
    (lambda: nim2().forbid(""), None, "--forbid"),
    (lambda: nim2().forbid("x +* 2"), ["value", "nim", "-p", "heaps=2", "--forbid", "x +* 2", "1,1"], "--forbid"),
    (lambda: nim2().forbid("x == 1").forbid("y == 1"), None, "--forbid given twice"),
    (lambda: nim2().misere().misere(), None, "--misere given twice"),
    (lambda: nim2().with_pass(0), None, "--passes"),
    (lambda: nim2().with_pass(65), None, "--passes"),
    (lambda: nim2().value((1, -2)), ["value", "nim", "-p", "heaps=2", "1,-2"], "negative"),
    (lambda: nim2().value((1, 2, 3)), ["value", "nim", "-p", "heaps=2", "1,2,3"], "coordinates"),
    (lambda: nim2().value("1,x"), ["value", "nim", "-p", "heaps=2", "1,x"], "1,x"),
    (lambda: nim2().value((1.5, 2)), None, "not an integer"),
    (lambda: nim2().value(7), None, "tuple"),
    (lambda: nim2().value((1, 2**70)), None, "1,1180591620717411303424"),
    (lambda: nim2().misere().value((1, 2)), None, "outcome"),
    (lambda: nim2().table(0), ["table", "nim", "-p", "heaps=2", "--size", "0"], "size"),
    (lambda: nim2().table("12x"), ["table", "nim", "-p", "heaps=2", "--size", "12x"], "size"),
    (lambda: nim2().table(2**41), ["table", "nim", "-p", "heaps=2", "--size", str(2**41)], "size"),
    # The estimates differ from the CLI's by its copy of the slice, which Python does not make.
    (lambda: nim2().table(10**6), None, "memory limit"),
    (lambda: nim2().table(4, fix={"q": 1}), ["table", "nim", "-p", "heaps=2", "--size", "4", "--fix", "q=1"], "q"),
    (lambda: nim2().table(4, fix={"x": "a"}), None, "not an integer"),
    (lambda: grundy.game("nim -p heaps=4").table(4), None, "pin the others with fix"),
    (lambda: grundy.game("nim --pass").table(4, fix={"p": 2}), ["table", "nim", "--pass", "--size", "4", "--fix", "p=2"], "p"),
    (lambda: nim2().table(64, max_memory="1K"), None, "memory limit of 1.0 KiB; raise it with max_memory=72K"),
    (lambda: nim2().table(4, max_memory="lots"), ["table", "nim", "-p", "heaps=2", "--size", "4", "--max-memory", "lots"], "lots"),
    (lambda: nim2().table(4, max_seconds=-1), None, "max_seconds"),
    (lambda: nim2().table(4, load="/nonexistent/t.grundy"), None, "/nonexistent/t.grundy"),
    (lambda: nim2().ppos(4, fix="x"), ["ppos", "nim", "-p", "heaps=2", "--size", "4", "--fix", "x"], "x"),
    (lambda: nim2().seq(10), ["seq", "nim", "-p", "heaps=2", "--size", "10"], "one-heap"),
    (lambda: grundy.game("nim -p heaps=1").seq(0), None, "n"),
    (lambda: nim2().check(4), ["check", "nim", "-p", "heaps=2", "--size", "4"], "exactly one"),
    (lambda: nim2().check(4, formula="x ^ w"), ["check", "nim", "-p", "heaps=2", "--size", "4", "--formula", "x ^ w"], "w"),
    (lambda: nim2().misere().check(4, formula="x"), ["check", "nim", "-p", "heaps=2", "--misere", "--size", "4", "--formula", "x"], "misere"),
    (lambda: grundy.verify("chess"), ["verify", "chess"], "chess"),
    (lambda: nim2() + nim2().misere(), None, "misere"),
    (lambda: grundy.game(3), None, "spec"),
    (lambda: grundy.game(nim2(), heaps=3), None, "heaps"),
]


@pytest.mark.parametrize("call,cli_args,part", CASES, ids=[str(i) for i in range(len(CASES))])
def test_bad_input_raises_value_error_with_one_line(call, cli_args, part):
    with pytest.raises(ValueError) as e:
        call()
    msg = str(e.value)
    assert "\n" not in msg and len(msg) < 400
    assert part in msg
    if cli_args is not None:
        # The same words, with the Python argument where the CLI names its flag.
        assert msg == re.sub(r"--(size|fix)\b", r"\1", cli_error(*cli_args))


class Bad(grundy.Ruleset):
    coordinates = ("x",)

    def __init__(self, options):
        self._options = options

    def rank(self, pos):
        return pos[0]

    def options(self, pos):
        return self._options(pos)


RULESET_CASES = [
    (lambda p: [(p[0] + 1,)] if p[0] else [], "grows"),
    (lambda p: [(p[0],)], "the position itself"),
    (lambda p: [(-1,)], "negative"),
    (lambda p: [(0, 0)], "2 coordinates, expected 1"),
    (lambda p: [("a",)], "not a 64-bit integer"),
    (lambda p: 5, "iterable"),
    (lambda p: [5], "not a sequence"),
]


@pytest.mark.parametrize("options,part", RULESET_CASES)
def test_bad_rulesets_are_named(options, part):
    g = grundy.game(Bad(options))
    with pytest.raises(ValueError, match=part):
        g.table(5)


def test_ruleset_definition_errors():
    class NoCoords(grundy.Ruleset):
        coordinates = "xy"

        def options(self, pos):
            return []

    class NoOptions(grundy.Ruleset):
        coordinates = ("x",)
        options = None

    class BadName(grundy.Ruleset):
        coordinates = ("total",)

        def options(self, pos):
            return []

    for cls, part in ((NoCoords, "tuple of names"), (NoOptions, "options"), (BadName, "total")):
        with pytest.raises(ValueError, match=part):
            grundy.game(cls())


def test_python_exceptions_in_options_propagate_unchanged():
    class Boom(grundy.Ruleset):
        coordinates = ("x",)
        options_precede = True

        def options(self, pos):
            if pos[0] == 3:
                raise ZeroDivisionError("boom at 3")
            return [(k,) for k in range(pos[0])]

    g = grundy.game(Boom())
    with pytest.raises(ZeroDivisionError, match="boom at 3"):
        g.table(10)
    assert g.value((2,)) == 2  # the game still answers below the failing position


def test_a_failed_call_loses_nothing():
    g = nim2()
    before = g.table(16).copy()
    with pytest.raises(ValueError):
        g.table(10**6)
    assert np.array_equal(g.table(16), before)
