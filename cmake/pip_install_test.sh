#!/usr/bin/env bash
# The test python_pip_install: `pip install --no-build-isolation` of the package (setup.py,
# pyproject.toml, python/grundy) into a temporary target, reusing this build tree's module
# (GRUNDY_BUILD_DIR), then the installed package imports and answers.
# Usage: pip_install_test.sh SOURCE_DIR BUILD_DIR PYTHON
src=$1 build=$2 python=$3
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fail() { echo "pip_install_test: $*" >&2; exit 1; }
# A copy of what the package build reads, so the source tree gets no build/ or egg-info.
mkdir -p "$tmp/src/python"
cp "$src/setup.py" "$src/pyproject.toml" "$src/CMakeLists.txt" "$tmp/src/" && cp -r "$src/python/grundy" "$tmp/src/python/" ||
  fail "copying the package sources"
GRUNDY_BUILD_DIR=$build "$python" -m pip install --no-build-isolation --no-deps --no-index --disable-pip-version-check \
  --target "$tmp/site" "$tmp/src" > "$tmp/pip.log" 2>&1 || { cat "$tmp/pip.log"; fail "pip install failed"; }
for f in __init__.py __init__.pyi py.typed; do
  [ -f "$tmp/site/grundy/$f" ] || fail "grundy/$f not installed"
done
ls "$tmp/site/grundy/"_core*.so > /dev/null 2>&1 || fail "grundy/_core*.so not installed"
cd "$tmp" && PYTHONPATH="$tmp/site" "$python" -c '
import grundy
assert grundy.__file__.startswith("'"$tmp/site"'"), grundy.__file__
assert grundy.game("nim -p heaps=2 --pass").value((3, 5, 1)) == 2
print("ok: grundy", grundy.__version__, "installed by pip")
' || fail "the installed package does not answer"
