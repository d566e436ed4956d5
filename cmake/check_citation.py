"""Checks CITATION.cff with a YAML parser: python3 check_citation.py CITATION.cff VERSION.

The keys Citation File Format 1.2.0 requires (cff-version, message, title, authors, each author a
person or an entity with a name), the version equal to CMakeLists.txt's, and the types of the
other keys grundy's file uses. Exit 0 when it holds, 1 with one line per problem otherwise.
"""
import datetime
import re
import sys

import yaml

path, version = sys.argv[1], sys.argv[2]
with open(path, encoding="utf-8") as f:
    cff = yaml.safe_load(f)

problems = []
if not isinstance(cff, dict):
    problems.append("not a YAML mapping")
    cff = {}
if cff.get("cff-version") != "1.2.0":
    problems.append(f"cff-version is {cff.get('cff-version')!r}, expected '1.2.0'")
for key in ("message", "title", "abstract", "license"):
    if not isinstance(cff.get(key), str) or not cff[key].strip():
        problems.append(f"{key} missing or not a non-empty string")
authors = cff.get("authors")
if not isinstance(authors, list) or not authors:
    problems.append("authors missing or not a non-empty list")
else:
    for a in authors:
        if not isinstance(a, dict) or not (a.get("name") or a.get("family-names")):
            problems.append(f"author {a!r} has neither name (an entity) nor family-names (a person)")
if str(cff.get("version")) != version:
    problems.append(f"version is {cff.get('version')!r}, CMakeLists.txt says {version!r}")
released = cff.get("date-released")
if not isinstance(released, (str, datetime.date)) or not re.fullmatch(r"\d{4}-\d{2}-\d{2}", str(released)):
    problems.append(f"date-released is {released!r}, expected YYYY-MM-DD")
keywords = cff.get("keywords")
if not isinstance(keywords, list) or not all(isinstance(k, str) and k for k in keywords):
    problems.append("keywords missing or not a list of strings")

for p in problems:
    print(f"{path}: {p}")
sys.exit(1 if problems else 0)
