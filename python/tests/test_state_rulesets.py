"""Rulesets whose positions are hashable values (coordinates = None), solved by the search with
their components and canonical hooks, against the built-in families and against themselves
without the hooks (the slow twin)."""

import threading

import pytest

import grundy


class Kayles(grundy.Ruleset):
    """Rows of pins as a tuple of lengths; a move knocks down one pin or two side by side."""
    coordinates = None

    def options(self, rows):
        out = []
        for i, n in enumerate(rows):
            rest = rows[:i] + rows[i + 1:]
            out += [rest + (a, n - k - a) for k in (1, 2) for a in range(n - k + 1)]
        return out


class KaylesSplit(Kayles):
    """The same game, split into rows and keyed by the sorted rows."""

    def components(self, rows):
        return [(n,) for n in rows if n > 0]

    def canonical(self, rows):
        return tuple(sorted(n for n in rows if n > 0))

    def size(self, rows):
        return sum(rows)


class Cram(grundy.Ruleset):
    """Cram on a board of free squares, a frozenset of (row, column)."""
    coordinates = None

    def options(self, free):
        return [free - {a, b} for a in free for b in ((a[0], a[1] + 1), (a[0] + 1, a[1])) if b in free]


class CramSplit(Cram):
    """Cram split into the connected regions of the free squares, each moved to the corner."""

    def components(self, free):
        parts, left = [], set(free)
        while left:
            part, todo = set(), [left.pop()]
            while todo:
                r, c = todo.pop()
                part.add((r, c))
                for q in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                    if q in left:
                        left.remove(q)
                        todo.append(q)
            if len(part) > 1:
                parts.append(frozenset(part))
        return parts

    def canonical(self, free):
        r0 = min(r for r, _ in free)
        c0 = min(c for _, c in free)
        return frozenset((r - r0, c - c0) for r, c in free)


def board(rows, cols):
    return frozenset((r, c) for r in range(rows) for c in range(cols))


def test_kayles_equals_octal_077_with_and_without_the_hooks():
    expected = grundy.game("octal -p code=0.77").seq(24).values.tolist()
    split, plain = grundy.game(KaylesSplit()), grundy.game(Kayles())
    assert [split.value((n,)) for n in range(24)] == expected
    assert [plain.value((n,)) for n in range(12)] == expected[:12]
    # A sum of rows is the xor of its rows, by the components or by the plain search.
    assert split.value((5, 7, 9)) == expected[5] ^ expected[7] ^ expected[9]
    assert plain.value((3, 4, 2)) == expected[3] ^ expected[4] ^ expected[2]


def test_values_and_outcomes_of_many_positions():
    g = grundy.game(KaylesSplit())
    assert g.values([(1,), (2, 2), (4,)]).tolist() == [1, 0, 1]
    assert g.outcome((3, 3)) == "P" and g.outcome((3,)) == "N"


@pytest.mark.parametrize("rows,cols", [(1, 5), (2, 3), (2, 4), (3, 3), (3, 4)])
def test_cram_from_python_equals_the_cram_family(rows, cols):
    family = grundy.game("cram", board=f"{rows}x{cols}")
    expected = family.value("/".join(["." * cols] * rows))
    assert grundy.game(CramSplit()).value(board(rows, cols)) == expected
    if rows * cols <= 9:
        assert grundy.game(Cram()).value(board(rows, cols)) == expected


def test_moves_are_positions_as_the_ruleset_wrote_them():
    moves = grundy.game(KaylesSplit()).moves((3,))
    assert [m.position for m in moves if m.winning] == [(1, 1)]
    assert {m.position for m in moves} == {(0, 2), (1, 1), (2, 0), (0, 1), (1, 0)}


def test_misere_outcomes_equal_the_memo_solver_of_octal_077():
    built_in = grundy.game("octal -p code=0.77 --misere")
    g = grundy.game(KaylesSplit()).misere()
    for n in range(10):
        assert g.outcome((n,)) == built_in.outcome((n,)), n
    with pytest.raises(ValueError, match="outcomes, not Grundy values"):
        g.value((3,))


def test_what_needs_coordinates_is_refused_in_one_line():
    g = grundy.game(Kayles())
    for call in (lambda: g.table(5), lambda: g.seq(5), lambda: g.ppos(5), lambda: g.with_pass(),
                 lambda: g.forbid("x == 1"), lambda: g + g, lambda: g.structure(4)):
        with pytest.raises(ValueError, match="hashable values, not coordinates"):
            call()


class Unhashable(grundy.Ruleset):
    coordinates = None

    def options(self, pos):
        return [[pos - 1]] if pos > 0 else []


class Loop(grundy.Ruleset):
    coordinates = None

    def options(self, pos):
        return [(pos + 1) % 4]


class Itself(grundy.Ruleset):
    coordinates = None

    def options(self, pos):
        return [pos]


class BadComponents(Kayles):
    def components(self, rows):
        return 3


class BadSize(Kayles):
    def components(self, rows):
        return [(n,) for n in rows]

    def size(self, rows):
        return "big"


class HookOnCoordinates(grundy.Ruleset):
    coordinates = ("x",)

    def options(self, pos):
        return []

    def canonical(self, pos):
        return pos


def test_bad_rulesets_get_one_clear_line():
    with pytest.raises(ValueError, match=r"position \[1\] is not hashable"):
        grundy.game(Unhashable()).value([1])
    with pytest.raises(ValueError, match=r"is not hashable"):
        grundy.game(Unhashable()).value(2)
    with pytest.raises(ValueError, match="call stack is nearly full"):
        grundy.game(Loop()).value(0)
    with pytest.raises(ValueError, match="not finite"):
        grundy.game(Loop()).misere().outcome(0)
    with pytest.raises(ValueError, match="returned the position itself"):
        grundy.game(Itself()).value("a")
    with pytest.raises(ValueError, match=r"components\(\(3,\)\) did not return an iterable"):
        grundy.game(BadComponents()).value((3,))
    with pytest.raises(ValueError, match="size.*not an integer"):
        grundy.game(BadSize()).value((3, 2))
    with pytest.raises(ValueError, match="set coordinates = None"):
        grundy.game(HookOnCoordinates())


class Line(grundy.Ruleset):
    """A line of n moves: its value alternates; deep, not wide."""
    coordinates = None

    def options(self, n):
        return [n - 1] if n > 0 else []


def test_a_line_of_thousands_of_moves_is_searched():
    assert grundy.game(Line()).value(2000) == 0
    assert grundy.game(Line()).value(2001) == 1


def test_the_deadline_stops_a_long_search():
    with pytest.raises(TimeoutError):
        grundy.game(Cram()).value(board(4, 5), max_seconds=0.2)


def test_several_threads_on_one_game_agree():
    g = grundy.game(KaylesSplit())
    expected = grundy.game("octal -p code=0.77").seq(40).values.tolist()
    got, errors = {}, []

    def work(start):
        try:
            for n in range(start, 40, 4):
                got[n] = g.value((n,))
        except Exception as e:  # noqa: BLE001 - reported below
            errors.append(e)

    threads = [threading.Thread(target=work, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    assert [got[n] for n in range(40)] == expected
