"""Every call of the module against the CLI's answer on the same game."""

import numpy as np
import pytest

import grundy
from conftest import SANITIZED, cli

# Games as the CLI names them, with a table size and a pin where the game has a third coordinate.
GAMES = [
    ("nim -p heaps=2", 24, None),
    ("nim -p heaps=2 --pass", 24, None),
    ("nim -p heaps=2 --passes 3", 12, {"p": 2}),
    ("nim -p heaps=3 --pass", 10, {"z": 4}),
    ("nim -p heaps=2 --forbid 'total % 5 == 0'", 16, None),
    ("nim -p heaps=2 --misere", 12, None),
    ("fts -p piles=3 -p d=3", 10, {"z": 3}),
    ("chocolate -p F=z/2 --pass", 9, {"z": 6}),
    ("chocolate2 -p h=z/2", 14, None),
    ("knight", 20, None),
    ("knight --pass", 12, None),
    ("queen", 16, None),
    ("king --misere", 10, None),
    ("sum -p 'a=nim -p heaps=1' -p 'b=subtraction -p set=1,2' --pass", 12, None),
]


def words(spec):
    import shlex
    return shlex.split(spec)


def fix_args(fix):
    return [a for k, v in (fix or {}).items() for a in ("--fix", f"{k}={v}")]


@pytest.mark.parametrize("spec,size,fix", GAMES)
def test_table_equals_cli(spec, size, fix):
    g = grundy.game(spec)
    t = g.table(size, fix=fix)
    j = cli("table", *words(spec), "--size", str(size), *fix_args(fix), "--format", "json")
    want = j["values"]
    assert t.ndim == 2
    none = np.iinfo(t.dtype).max
    got = [[None if v == none else (("P" if v == 0 else "N") if g.is_misere else int(v)) for v in row] for row in t]
    assert got == want


@pytest.mark.parametrize("spec,size,fix", GAMES)
def test_ppos_equals_cli(spec, size, fix):
    g = grundy.game(spec)
    p = g.ppos(size, fix=fix)
    j = cli("ppos", *words(spec), "--size", str(size), *fix_args(fix), "--format", "json")
    assert p.shape == (len(j["positions"]), g.arity)
    assert p.tolist() == [q["position"] for q in j["positions"]]


@pytest.mark.parametrize("spec", ["nim -p heaps=3", "nim -p heaps=3 --pass", "knight", "chocolate -p F=z/2 --pass",
                                  "subtraction -p set=2,12,14 --pass", "fts -p piles=3 -p d=5"])
def test_values_and_moves_equal_cli(spec):
    g = grundy.game(spec)
    rng = np.random.default_rng(7)
    positions = []
    for _ in range(12):
        pos = [int(v) for v in rng.integers(0, 20, size=g.arity)]
        if "chocolate" in spec:
            pos[1] = min(pos[1], pos[2] // 2)
        if g.coordinates[-1] == "p":
            pos[-1] = 1
        positions.append(tuple(pos))
    text = "\n".join(",".join(map(str, p)) for p in positions) + "\n"
    import subprocess
    from conftest import GRUNDY
    import json
    import os
    env = {k: v for k, v in os.environ.items() if k != "LD_PRELOAD"}
    out = subprocess.run([GRUNDY, "moves", *words(spec), "--stdin", "--format", "json"], input=text,
                         capture_output=True, text=True, env=env, check=True).stdout
    want = json.loads(out)["positions"]
    for pos, w in zip(positions, want):
        assert g.value(pos) == w["grundy"]
        assert g.outcome(pos) == w["outcome"]
        got = [{"position": list(m.position), "grundy": m.grundy, "outcome": m.outcome, "winning": m.winning}
               for m in g.moves(pos)]
        assert got == w["moves"]
    assert g.values(positions).tolist() == [w["grundy"] for w in want]


def test_value_takes_the_cli_text_and_leaves_the_pass_out():
    g = grundy.game("nim -p heaps=3 --pass")
    assert g.value("3,5,7,1") == g.value((3, 5, 7, 1)) == g.value((3, 5, 7)) == g.value(np.array([3, 5, 7, 1]))
    assert g.value((3, 5, 7)) == cli("value", "nim", "-p", "heaps=3", "--pass", "3,5,7", "--format", "json")[
        "positions"][0]["grundy"]


def test_huge_subtraction_heap_from_the_proven_period():
    g = grundy.game("subtraction -p set=2,12,14 --pass")
    pos = (10**15 + 7, 1)
    j = cli("value", "subtraction", "-p", "set=2,12,14", "--pass", f"{pos[0]},1", "--format", "json")
    assert g.value(pos) == j["positions"][0]["grundy"]


@pytest.mark.parametrize("spec,n", [("subtraction -p set=2,12,14 --pass", 200), ("subtraction -p set=1,2", 50),
                                    ("nim -p heaps=1 --pass", 40), ("subtraction -p set=3,5,8 --misere", 60),
                                    ("subtraction -p set=1,4 --forbid 'x % 7 == 3'", 80)])
def test_seq_equals_cli(spec, n):
    r = grundy.game(spec).seq(n)
    j = cli("seq", *words(spec), "--size", str(n), "--format", "json")
    assert r.values.tolist() == j["values"]
    for key in ("status", "checked_up_to", "why", "size"):
        assert r[key] == j[key], key
    for key in ("preperiod", "period", "saltus"):
        assert r[key] == j.get(key), key
    assert r.proven == (j["status"] == "proven")


def test_seq_values_of_a_known_game():
    r = grundy.game("subtraction", set=[1, 2]).seq(9)
    assert r.values.tolist() == [0, 1, 2] * 3
    assert (r.preperiod, r.period, r.saltus, r.proven) == (0, 3, 0, True)


def test_quotient_equals_cli_and_answers_positions():
    # The misere quotient as the CLI's JSON; a position's outcome is its heaps' product in the
    # P-portion, as the whole-position solver says.
    g = grundy.game("octal -p code=0.75")
    q = g.quotient(12)
    assert q == cli("quotient", "octal", "-p", "code=0.75", "--size", "12", "--format", "json")
    assert q["relations"] == [["a^2", "1"], ["b^3", "b"], ["bc", "ab"], ["c^2", "b^2"]]
    with_pass = grundy.game("octal -p code=0.75 --pass").quotient(12)
    assert with_pass == cli("quotient", "octal", "-p", "code=0.75", "--pass", "--size", "12", "--format", "json")
    assert with_pass["passes"] == 1 and len(with_pass["elements"][0]["p_with_passes_left"]) == 2
    # A position of any number of heaps: 999 heaps of 2 (b, with b^3 = b) and one of 1 (a) is ab.
    answers = g.quotient(12, positions=[[2] * 999 + [1], [3, 5, 7]])["positions"]
    assert [(a["element"], a["p"]) for a in answers] == [("ab", False), ("ab^2", False)]
    with pytest.raises(ValueError, match="positions item 2 = '12': out of range"):
        g.quotient(12, positions=[[1, 12]])
    assert q["complete"] and q["order"] == len(q["elements"]) and q["order"] % 2 == 0
    misere = grundy.game("octal -p code=0.75 -p heaps=3 --misere")
    for pos in [(1, 0, 0), (2, 2, 0), (3, 5, 7), (11, 6, 1), (4, 4, 4)]:
        x = 0
        for h in pos:
            x = q["product"][x][q["heaps"][h]]
        assert ("P" if q["elements"][x]["p"] else "N") == misere.outcome(pos), pos


@pytest.mark.parametrize("spec,size", [("nim -p heaps=2 --pass", "16"), ("fts -p piles=3 -p d=3", "10"),
                                       ("knight", "24")])
def test_structure_and_discover_equal_cli(spec, size):
    g = grundy.game(spec)
    assert g.structure(size) == cli("structure", *words(spec), "--size", size, "--format", "json")
    assert g.discover(size) == cli("discover", *words(spec), "--size", size, "--format", "json")


@pytest.mark.parametrize("kind,expr,holds", [("ppos", "x ^ y ^ z == 0", True), ("formula", "x ^ y ^ z", True),
                                             ("formula", "x + y + z", False)])
def test_check_equals_cli(kind, expr, holds):
    g = grundy.game("nim -p heaps=3")
    r = g.check(12, **{kind: expr})
    assert r == cli("check", "nim", "-p", "heaps=3", "--size", "12", f"--{kind}", expr, "--format", "json")
    assert r.holds is holds


def test_verify_equals_cli():
    rows = grundy.verify("all")
    assert rows == cli("verify", "all", "--format", "json")
    assert {r.status for r in rows} <= {"PASS", "ERRATUM"}
    assert len(rows) > 50


def test_keyword_games_equal_spec_games():
    a = grundy.game("nim", heaps=2, passes=1)
    b = grundy.game("nim -p heaps=2 --pass")
    assert a.spec == b.spec == "nim -p heaps=2 --pass"
    assert np.array_equal(a.table(16), b.table(16))
    c = grundy.game("subtraction", set={14, 2, 12}, passes=2, forbid="x == 5", misere=True)
    assert c.spec == "subtraction -p set=2,12,14 --passes 2 --forbid 'x == 5' --misere"
    assert c.is_misere
    assert repr(b) == "grundy.game('nim -p heaps=2 --pass')"


def test_transforms_return_new_games():
    g = grundy.game("nim -p heaps=2")
    h = g.with_pass().forbid("total % 5 == 0")
    assert g.spec == "nim -p heaps=2" and g.arity == 2
    assert h.spec == "nim -p heaps=2 --pass --forbid 'total % 5 == 0'"
    assert np.array_equal(h.table(16), grundy.game("nim -p heaps=2 --pass --forbid 'total % 5 == 0'").table(16))
    assert g.misere().outcome((0, 0)) == "N"
    assert g.with_pass(3).coordinates == ["x", "y", "p"]


def test_sum_shares_the_pass():
    s = (grundy.game("nim -p heaps=1") + grundy.game("subtraction -p set=1,2")).with_pass()
    t = s.table(12)
    j = cli("table", "sum", "-p", "a=nim -p heaps=1", "-p", "b=subtraction -p set=1,2", "--pass", "--size", "12",
            "--format", "json")
    assert t.tolist() == j["values"]


def test_families_and_version():
    names = [f.name for f in grundy.families()]
    assert "nim" in names and "knight" in names
    assert grundy.__version__ == cli("--version").split()[-1]


def test_table_dtype_is_the_smallest_unsigned():
    assert grundy.game("nim -p heaps=2").table(128).dtype == np.uint8  # values up to 127
    assert grundy.game("nim -p heaps=2").table(300).dtype == np.uint16
    assert grundy.game("nim -p heaps=2 --misere").table(10).dtype == np.uint8


def test_table_is_a_view_of_the_solved_table_not_a_copy():
    g = grundy.game("nim -p heaps=3")
    t = g.table(32, fix={"z": 5})
    assert not t.flags.owndata
    assert type(t.base).__name__ == "PyCapsule"
    # rows x, columns y, at z = 5, inside the solved 32 x 32 x 6 box: strides of that box
    assert t.strides == (32 * 6 * t.itemsize, 6 * t.itemsize)
    assert t[3, 9] == 3 ^ 9 ^ 5
    full = g.solve((4, 5, 6))
    assert full.shape == (4, 5, 6) and not full.flags.owndata
    assert all(full[x, y, z] == x ^ y ^ z for x in range(4) for y in range(5) for z in range(6))


def test_not_a_position_is_the_dtype_max():
    t = grundy.game("chocolate2 -p h=z/2").table(8)
    none = np.iinfo(t.dtype).max
    assert t[7, 0] == none  # y = 7 > h(0) = 0
    assert t[0, 0] != none


def test_table_files_round_trip(tmp_path):
    g = grundy.game("nim -p heaps=2 --pass")
    f = str(tmp_path / "t.grundy")
    a = g.table(20, save=f)
    b = g.table(16, load=f)
    assert np.array_equal(a[:16, :16], b)


def test_seq_files_resume_a_take_and_break_sweep(tmp_path):
    # save= keeps the swept values; load= goes on from them, to the same answer as one run, and a
    # file written by the CLI loads the same way.
    g = grundy.game("octal -p code=0.137")
    f = str(tmp_path / "dawson.gtab")
    first = g.seq(100, search=2048, save=f)
    resumed = g.seq(100, search=4096, load=f)
    direct = g.seq(100, search=4096)
    assert np.array_equal(resumed.values, direct.values) and np.array_equal(first.values, direct.values)
    assert (resumed.preperiod, resumed.period, resumed.proven) == (direct.preperiod, direct.period, True)
    c = str(tmp_path / "cli.gtab")
    cli("seq", "octal", "-p", "code=0.137", "--size", "10", "--search", "2048", "--save", c)
    assert np.array_equal(g.seq(100, load=c).values, direct.values)
    with pytest.raises(ValueError, match="take-and-break"):
        grundy.game("subtraction -p set=1,2").seq(10, save=f)
    with pytest.raises(ValueError, match=r"holds octal\(code=0\.137\)"):  # a file of another game
        grundy.game("octal -p code=0.77").seq(10, load=f)


def test_seq_search_defaults_like_the_cli():
    # A take-and-break game searches 2^20 heap sizes unless told (its sweep costs microseconds a
    # heap size); 0.4! has no period there. search= overrides it, as --search does.
    g = grundy.game("octal -p code=0.4!")
    if not SANITIZED:  # 2 s here, a minute under the sanitizers
        assert "x < 1048576" in g.seq(10).why
    assert "x < 4096" in g.seq(10, search=4096).why
    assert "x < 4096" in cli("seq", "octal", "-p", "code=0.4!", "--size", "10", "--search", "4096")
    with pytest.raises(ValueError, match="search"):
        g.seq(10, search=0)
