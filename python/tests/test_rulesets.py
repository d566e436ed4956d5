"""Games written in Python against their built-in twins, with and without transforms."""

import numpy as np
import pytest

import grundy
from conftest import PyNim


class PyNimRanked(PyNim):
    options_precede = False

    def rank(self, pos):
        return pos[0] + pos[1]


class PyNimMemo(PyNim):
    """No order given: the engine falls back on its memo solver."""
    options_precede = False


class PySubtraction(grundy.Ruleset):
    coordinates = ("x",)

    def __init__(self, s):
        self.s = s
        self.name = "py-subtraction"

    def rank(self, pos):
        return pos[0]

    def options(self, pos):
        return [(pos[0] - k,) for k in self.s if k <= pos[0]]


class PyKnight(grundy.Ruleset):
    """Corner the Knight: (m-2,n-1), (m-1,n-2), (m-2,n+1), (m+1,n-2); a coordinate may grow."""
    coordinates = ("m", "n")

    def rank(self, pos):
        return pos[0] + pos[1]

    def reach(self, extents):
        a, b = extents
        return (a + (b - 1) // 2, b + (a - 1) // 2)

    def options(self, pos):
        m, n = pos
        moves = ((m - 2, n - 1), (m - 1, n - 2), (m - 2, n + 1), (m + 1, n - 2))
        return [q for q in moves if q[0] >= 0 and q[1] >= 0]


NIMS = [PyNim, PyNimRanked, PyNimMemo]


@pytest.mark.parametrize("cls", NIMS)
@pytest.mark.parametrize("transform", ["", "--pass", "--passes 2", "--forbid 'total % 5 == 0'", "--misere",
                                       "--pass --forbid 'x == 3' --misere", "--pass --pass-from-terminal"])
def test_python_nim_equals_built_in_nim(cls, transform):
    built_in = grundy.game(f"nim -p heaps=2 {transform}")
    g = grundy.game(cls())
    if "--passes 2" in transform:
        g = g.with_pass(2)
    elif "--pass" in transform:
        g = g.with_pass(from_terminal="terminal" in transform)
    if "--forbid 'total" in transform:
        g = g.forbid("total % 5 == 0")
    if "--forbid 'x" in transform:
        g = g.forbid("x == 3")
    if "--misere" in transform:
        g = g.misere()
    assert g.python_defined and not built_in.python_defined
    size = 12
    assert np.array_equal(g.table(size), built_in.table(size))
    assert np.array_equal(g.ppos(size), built_in.ppos(size))
    pos = (7, 5) if g.arity == 2 else (7, 5, 1)
    assert g.outcome(pos) == built_in.outcome(pos)
    if not g.is_misere:
        assert g.value(pos) == built_in.value(pos)
        assert g.moves(pos) == built_in.moves(pos)


def test_python_subtraction_equals_built_in():
    s = [2, 12, 14]
    g = grundy.game(PySubtraction(s))
    b = grundy.game("subtraction", set=s)
    for gg, bb in ((g, b), (g.with_pass(), b.with_pass()), (g.misere(), b.misere())):
        assert np.array_equal(gg.solve(120), bb.solve(120))
    r, rb = g.with_pass().seq(120), b.with_pass().seq(120)
    assert np.array_equal(r.values, rb.values)
    assert (r.preperiod, r.period) == (rb.preperiod, rb.period)
    assert r.status == "observed" and rb.status == "proven"  # no theorem proves a Python game's period
    assert g.name == "py-subtraction"


def test_python_knight_equals_built_in_knight():
    g = grundy.game(PyKnight())
    b = grundy.game("knight")
    assert np.array_equal(g.table(24), b.table(24))
    assert np.array_equal(g.with_pass().table(16), b.with_pass().table(16))
    assert np.array_equal(g.ppos(30), b.ppos(30))
    assert g.value((40, 33)) == b.value((40, 33))


def test_sums_mix_python_and_built_in_games():
    py = grundy.game(PySubtraction([1, 2])) + grundy.game("nim -p heaps=1")
    cli = grundy.game("sum -p 'a=subtraction -p set=1,2' -p 'b=nim -p heaps=1'")
    assert np.array_equal(py.table(12), cli.table(12))
    assert np.array_equal(py.with_pass().table(12), cli.with_pass().table(12))
    assert py.python_defined


def test_analyses_run_on_python_games():
    g = grundy.game(PyNimRanked())
    assert g.check(16, formula="x ^ y").holds
    d = g.discover(12)
    assert d.grundy[0].expression == "x ^ y"
    assert d.check is None  # no spec to write a CLI command with
    assert g.structure(12).symmetries[0].holds


def test_decorator():
    @grundy.ruleset(coordinates=("x", "y"), rank=sum)
    def wythoff(pos):
        x, y = pos
        return ([(x - k, y) for k in range(1, x + 1)] + [(x, y - k) for k in range(1, y + 1)]
                + [(x - k, y - k) for k in range(1, min(x, y) + 1)])

    assert np.array_equal(wythoff.table(20), grundy.game("queen").table(20))
    assert wythoff.name == "wythoff"


def test_options_may_be_a_numpy_array_or_a_generator():
    class ArrayNim(grundy.Ruleset):
        coordinates = ("x",)
        options_precede = True

        def options(self, pos):
            return np.arange(pos[0]).reshape(-1, 1)

    class GenNim(grundy.Ruleset):
        coordinates = ("x",)
        options_precede = True

        def options(self, pos):
            return ((k,) for k in range(pos[0]))

    want = list(range(30))
    assert grundy.game(ArrayNim()).seq(30).values.tolist() == want
    assert grundy.game(GenNim()).seq(30).values.tolist() == want


def test_check_method_marks_non_positions():
    class Staircase(grundy.Ruleset):
        """Positions (y, z) with y <= z / 2: the chocolate bar CB_2(z/2) without the pass."""
        coordinates = ("y", "z")

        def rank(self, pos):
            return pos[0] + pos[1]

        def check(self, pos):
            return "" if pos[0] <= pos[1] // 2 else "y above z/2"

        def options(self, pos):
            y, z = pos
            return [(k, z) for k in range(y)] + [(min(y, k // 2), k) for k in range(z)]

    a = grundy.game(Staircase()).table(14)
    b = grundy.game("chocolate2 -p h=z/2").table(14)
    assert np.array_equal(a, b)
