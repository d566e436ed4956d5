"""Shared by the Python tests: the CLI they compare with ($GRUNDY, set by ctest)."""

import json
import os
import subprocess

import pytest

import grundy

GRUNDY = os.environ.get("GRUNDY", "grundy")
SANITIZED = os.environ.get("GRUNDY_SANITIZED") == "1"


def cli(*args, check=True):
    """Runs the CLI; its standard output (parsed when it is JSON), or the completed process."""
    env = dict(os.environ)
    env.pop("LD_PRELOAD", None)  # the CLI is built with the sanitizers itself when they are on
    p = subprocess.run([GRUNDY, *args], capture_output=True, text=True, env=env, timeout=300)
    if not check:
        return p
    assert p.returncode in (0, 1), f"grundy {' '.join(args)}: exit {p.returncode}: {p.stderr}"
    out = p.stdout
    return json.loads(out) if out.lstrip().startswith(("{", "[")) else out


def cli_error(*args):
    """The CLI's one-line error for a bad input (exit 2)."""
    p = cli(*args, check=False)
    assert p.returncode == 2, f"grundy {' '.join(args)}: exit {p.returncode}, expected 2: {p.stdout}{p.stderr}"
    return p.stderr.strip().removeprefix("grundy: error: ")


@pytest.fixture
def grundy_cli():
    return cli


class PyNim(grundy.Ruleset):
    """Two-heap Nim written in Python: the tests' ruleset of reference."""
    coordinates = ("x", "y")
    options_precede = True

    def options(self, pos):
        x, y = pos
        return [(k, y) for k in range(x)] + [(x, k) for k in range(y)]
