"""grundy: Sprague-Grundy values of impartial games, from Python.

The engine is grundy's C++ core (the same code as the ``grundy`` command), so tables of
millions of positions take seconds and every answer is the CLI's.

>>> import grundy
>>> g = grundy.game("nim -p heaps=2 --pass")
>>> g.value((3, 5, 1))
2
>>> t = g.table(8)           # a numpy array, rows x, columns y, with the pass available
>>> t[:3, :3].tolist(), t.dtype
([[0, 2, 1], [2, 1, 0], [1, 0, 2]], dtype('uint8'))

Games come from a spec string as the CLI writes them, from keywords, or from a ruleset written
in Python (:class:`Ruleset`, :func:`ruleset`). Bad input raises ValueError with the CLI's
one-line message; a solve past ``max_seconds`` raises TimeoutError; Ctrl-C stops a long solve
with KeyboardInterrupt.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable, Optional, Sequence

from . import _core

__version__ = _core.__version__

Game = _core.Game

# The keywords of game() that are transforms, not family parameters.
_TRANSFORMS = ("passes", "pass_from_terminal", "forbid", "misere")


class Result(dict):
    """An answer of the engine: a dict (the CLI's JSON keys) whose keys are also attributes.

    >>> r = grundy.game("subtraction -p set=1,2").seq(12)
    >>> r.period, r.proven
    (3, True)
    """

    # A key wins over a dict method of the same name: seq(...).values is the values.
    def __getattribute__(self, name: str) -> Any:
        if dict.__contains__(self, name):
            return dict.__getitem__(self, name)
        return super().__getattribute__(name)

    def __dir__(self):
        return list(self.keys()) + list(super().__dir__())


def _wrap(x: Any) -> Any:
    if isinstance(x, dict):
        return Result({k: _wrap(v) for k, v in x.items()})
    if isinstance(x, list):
        return [_wrap(v) for v in x]
    return x


def _param_text(value: Any) -> str:
    if isinstance(value, bool):
        raise ValueError(f"parameter value {value!r}: give a number, a list or a string")
    if isinstance(value, (list, tuple, set, frozenset, range)):
        items = sorted(value) if isinstance(value, (set, frozenset)) else value
        return ",".join(str(v) for v in items)
    return str(value)


class Ruleset:
    """A game defined in Python by its options; every solver and transform works on it.

    Subclass it and set ``coordinates``; define ``options(pos)`` returning every position one
    move leads to (a list of tuples), once per position. Optional, for speed and for games
    whose moves may raise a coordinate:

    - ``rank(pos)``: an integer that drops along every move (the table is then swept in rank
      order instead of by memoised search);
    - ``options_precede = True``: every option is lexicographically smaller than its position;
    - ``reach(extents)``: for a box of these extents, the extents of a box holding every
      position reachable from it (only for moves that raise a coordinate);
    - ``check(pos)``: ``""`` (or None) if pos is a position of the game, else why not.

    >>> class Wythoff(grundy.Ruleset):
    ...     coordinates = ("x", "y")
    ...     options_precede = True
    ...     def options(self, pos):
    ...         x, y = pos
    ...         return ([(x - k, y) for k in range(1, x + 1)] + [(x, y - k) for k in range(1, y + 1)]
    ...                 + [(x - k, y - k) for k in range(1, min(x, y) + 1)])
    >>> w = grundy.game(Wythoff())
    >>> w.ppos(8).tolist()
    [[0, 0], [1, 2], [2, 1], [3, 5], [4, 7], [5, 3], [7, 4]]

    With ``coordinates = None`` a position is any hashable value (a tuple, a frozenset, a
    string) and the game is solved by search, as the board and graph families are: it takes
    ``value``, ``values``, ``outcome``, ``moves`` and ``misere()``. Optional hooks:

    - ``components(pos)``: the independent parts of pos (a list of positions), whose values xor;
      a part may itself be split no further;
    - ``canonical(pos)``: one representative of the positions equal to pos up to a symmetry,
      so that they are solved once;
    - ``size(pos)``: how big a position is (default ``len(pos)``, else 1); the search values the
      smaller parts and tries the options with the smallest largest part first.

    >>> class Kayles(grundy.Ruleset):
    ...     # Rows of pins; a move knocks down one pin or two side by side.
    ...     coordinates = None                 # a position: a tuple of row lengths
    ...     def options(self, rows):
    ...         out = []
    ...         for i, n in enumerate(rows):
    ...             rest = rows[:i] + rows[i + 1:]
    ...             out += [rest + (a, n - k - a) for k in (1, 2) for a in range(n - k + 1)]
    ...         return out
    ...     def components(self, rows):
    ...         return [(n,) for n in rows if n > 0]
    ...     def canonical(self, rows):
    ...         return tuple(sorted(n for n in rows if n > 0))
    ...     def size(self, rows):
    ...         return sum(rows)
    >>> k = grundy.game(Kayles())
    >>> k.value((5, 7)), [m.position for m in k.moves((3,)) if m.winning]
    (6, [(1, 1)])
    """

    coordinates: Optional[Sequence[str]] = ("x",)
    name: Optional[str] = None
    options_precede: bool = False
    rank: Optional[Callable[[tuple], int]] = None
    check: Optional[Callable[[tuple], Optional[str]]] = None
    reach: Optional[Callable[[tuple], Sequence[int]]] = None
    components: Optional[Callable[[Any], Iterable[Any]]] = None
    canonical: Optional[Callable[[Any], Any]] = None
    size: Optional[Callable[[Any], int]] = None

    def options(self, pos: Any) -> Iterable[Any]:
        raise NotImplementedError("define options(self, pos) in your Ruleset")

    def game(self) -> Game:
        """This ruleset as a grundy.Game."""
        return game(self)


def ruleset(coordinates: Sequence[str], *, name: Optional[str] = None, rank: Optional[Callable] = None,
            options_precede: bool = False, reach: Optional[Callable] = None,
            check: Optional[Callable] = None) -> Callable[[Callable], Game]:
    """Decorator: a function options(pos) becomes a grundy.Game.

    >>> @grundy.ruleset(coordinates=("n",), rank=lambda p: p[0])
    ... def take_1_or_2(pos):
    ...     return [(pos[0] - k,) for k in (1, 2) if k <= pos[0]]
    >>> take_1_or_2.seq(9).values.tolist()
    [0, 1, 2, 0, 1, 2, 0, 1, 2]
    """

    def wrap(fn: Callable) -> Game:
        attrs = {"coordinates": tuple(coordinates), "name": name or fn.__name__,
                 "options_precede": options_precede, "options": staticmethod(fn)}
        for key, f in (("rank", rank), ("reach", reach), ("check", check)):
            if f is not None:
                attrs[key] = staticmethod(f)
        return game(type(fn.__name__, (Ruleset,), attrs)())

    return wrap


def game(spec: Any, /, **kw: Any) -> Game:
    """A game: a spec as the CLI writes it, a family with keyword parameters, or a Ruleset.

    Keywords ``passes`` (K shared passes), ``pass_from_terminal``, ``forbid`` (an expression)
    and ``misere`` are transforms; any other keyword is a family parameter (lists are joined
    with commas).

    >>> grundy.game("nim -p heaps=2 --pass").value((3, 5, 1))
    2
    >>> grundy.game("nim", heaps=2, passes=1).value((3, 5, 1))
    2
    >>> grundy.game("subtraction", set=[2, 12, 14]).with_pass().seq(10).values.shape
    (2, 10)
    """
    passes = kw.pop("passes", 0)
    from_terminal = kw.pop("pass_from_terminal", False)
    forbid = kw.pop("forbid", None)
    misere = kw.pop("misere", False)
    if isinstance(spec, Game):
        if kw:
            raise ValueError(f"game(): parameters {sorted(kw)} given with a Game; they belong to a family spec")
        g = spec
    elif isinstance(spec, Ruleset):
        if kw:
            raise ValueError(f"game(): parameters {sorted(kw)} given with a Ruleset; set them on the ruleset")
        g = _core.game_from_ruleset(spec)
    elif isinstance(spec, str):
        g = _core.game_from_spec(spec, [f"{k}={_param_text(v)}" for k, v in kw.items()])
    else:
        raise ValueError(f"game({spec!r}): give a spec such as 'nim -p heaps=2', a family name, or a grundy.Ruleset")
    if isinstance(passes, bool) or not isinstance(passes, int) or not 0 <= passes <= 64:
        raise ValueError(f"passes = {passes!r}: allowed 0..64")
    if passes or from_terminal:
        g = g.with_pass(passes or 1, from_terminal=bool(from_terminal))
    if forbid is not None:
        g = g.forbid(forbid)
    if misere:
        g = g.misere()
    return g


def verify(which: str = "all", *, max_seconds: float = 0) -> list:
    """The papers' claims checked by computation, as ``grundy verify`` prints them: one row per
    claim with paper, title, claim, status (PASS, FAIL or ERRATUM), range and detail.

    >>> rows = grundy.verify("subtraction")
    >>> all(r.status in ("PASS", "ERRATUM") for r in rows)
    True
    """
    return _wrap(_core.verify(which, max_seconds=max_seconds))


def families() -> list:
    """The game families, as ``grundy games --format json`` lists them."""
    return _wrap(_core.families())


# The analyses return Results; the C++ methods return plain dicts and lists.
def _result_method(raw: Callable, doc: str) -> Callable:
    def method(self, *args, **kw):
        return _wrap(raw(self, *args, **kw))

    method.__name__ = raw.__name__
    method.__doc__ = doc
    return method


_raw = {name: getattr(Game, name) for name in ("moves", "seq", "structure", "check", "discover")}
Game.moves = _result_method(_raw["moves"], """Every option of pos with its value; winning moves marked.

    >>> [m.position for m in grundy.game("nim -p heaps=2").moves((1, 2)) if m.winning]
    [(1, 1)]
    """)
Game.seq = _result_method(_raw["seq"], """The value sequence of a one-heap game for x = 0..n-1 (rows p = 0..K
    with passes), with preperiod, period, saltus and whether the period is proven. For take-and-break
    games, save= and load= write and resume the swept sequence, as the CLI's seq --save and --load.

    >>> r = grundy.game("subtraction -p set=2,12,14 --pass").seq(100)
    >>> r.status, r.values.shape
    ('proven', (2, 100))
    """)
Game.structure = _result_method(_raw["structure"], """Symmetries, translations and per-line periodicity on the box (observed, not proofs).

    >>> grundy.game("nim -p heaps=2").structure(16).symmetries[0].holds
    True
    """)
Game.check = _result_method(_raw["check"], """Checks formula= (the Grundy value) or ppos= (a P-position predicate) on
    every position of the box; .holds, .mismatches, .first counterexamples.

    >>> grundy.game("nim -p heaps=3").check(16, ppos="x ^ y ^ z == 0").holds
    True
    """)
Game.discover = _result_method(_raw["discover"], """The simplest formulas that agree with every position of the box
    (conjectures, not proofs), with symmetries and translations.

    >>> grundy.game("nim -p heaps=2").discover(16).grundy[0].expression
    'x ^ y'
    """)

__all__ = ["Game", "Result", "Ruleset", "families", "game", "ruleset", "verify", "__version__"]
