"""Layout rules the import linter cannot see: every SQL statement lives in `backend/store/` (or `backend/db/`,
which runs the migrations and the tenant transaction); every third-party package bot/ and backend/ import is
declared in pyproject.toml, and every one tests/ imports in an extra (a transitive dependency can vanish with
any upgrade of the package that brings it).

The check parses each module of backend/ and bot/ with `ast` and reads its string literals: adjacent
literals are one string once parsed, an f-string is read with its literal parts, docstrings are skipped.
"""

from __future__ import annotations

import ast
import re
import sys
import tomllib
from importlib.metadata import packages_distributions
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Where SQL belongs: the store (every statement of the product) and db/ (migrations, tenant transaction).
# The bench and the test doubles build throwaway databases (CREATE/DROP DATABASE, auto_explain settings):
# tooling, not product.
SQL_HOMES = ("backend/store/", "backend/db/", "backend/bench/", "backend/testing/")

# Folders not yet migrated to the store (issue 12): empty now that answers/, context/, reports/, api/, cli/
# and importer/ read and write through backend/store/. A folder may be listed here only while it still holds
# SQL (the test below fails on a stale entry).
NOT_YET_MIGRATED: tuple[str, ...] = ()

_STATEMENT = re.compile(r"^\s*\(?\s*(SELECT|INSERT|UPDATE|DELETE|WITH|CREATE|ALTER|DROP|TRUNCATE|COPY)\s+\S")
_SELECT_FROM = re.compile(r"\bSELECT\b.*\sFROM\s", re.S)


def looks_like_sql(text: str) -> bool:
    """True for «SELECT … FROM …», «INSERT INTO …», «WITH x AS (…) …» and the like (SQL keywords in
    capitals, as every statement of this code base writes them)."""
    return bool(_STATEMENT.match(text) or _SELECT_FROM.search(text))


def sql_strings(path: Path) -> list[tuple[int, str]]:
    """(line, text) of each SQL-looking string literal of a module, docstrings left out; an f-string is
    read with its literal parts joined around `{}`."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                skip.add(id(first.value))
        if isinstance(node, ast.JoinedStr):
            skip.update(id(v) for v in ast.walk(node) if v is not node)
    found = []
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.JoinedStr):
            text = "".join(v.value if isinstance(v, ast.Constant) else "{}" for v in node.values)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            text = node.value
        else:
            continue
        if looks_like_sql(text):
            found.append((node.lineno, text))
    return sorted(found)


def _modules(folder: str) -> list[Path]:
    return sorted(ROOT.joinpath(folder).rglob("*.py"))


def sql_outside_store() -> list[str]:
    """«path:line: text» for each SQL-looking string outside the SQL homes and the allow-list."""
    found = []
    for path in [*_modules("backend"), *_modules("bot")]:
        rel = path.relative_to(ROOT).as_posix()
        if not rel.startswith(SQL_HOMES + NOT_YET_MIGRATED):
            found += [f"{rel}:{line}: {' '.join(text.split())[:80]}" for line, text in sql_strings(path)]
    return found


def test_sql_lives_in_the_store() -> None:
    assert sql_outside_store() == []


def test_the_sql_detector_tells_statements_from_prose() -> None:
    assert looks_like_sql("SELECT id FROM clients WHERE code = $1")
    assert looks_like_sql("  SELECT 1 ")
    assert looks_like_sql("WITH x AS (SELECT 1) SELECT * FROM x")
    assert looks_like_sql("INSERT INTO usage_log (a) VALUES ($1)")
    assert looks_like_sql("UPDATE chats SET x = 1")
    assert looks_like_sql("DELETE FROM movements")
    assert looks_like_sql("count(*) FILTER (WHERE ok) AS n, (SELECT name FROM companies) AS c")
    assert not looks_like_sql("Select a client from the list")
    assert not looks_like_sql("Delete the note FROM the list")
    assert not looks_like_sql("¿Con qué cliente?")
    assert not looks_like_sql("SELECT")


def test_the_allow_list_only_names_folders_that_still_hold_sql() -> None:
    """An entry whose folder has no SQL left must be removed (the list shrinks to empty)."""
    assert [folder for folder in NOT_YET_MIGRATED if not any(sql_strings(p) for p in _modules(folder))] == []


_REQUIREMENT_NAME = re.compile(r"^\s*([A-Za-z0-9][A-Za-z0-9._-]*)")


def _normalized(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def declared_distributions() -> set[str]:
    """Normalized names of every distribution pyproject.toml requires: dependencies and every extra."""
    project = tomllib.loads(ROOT.joinpath("pyproject.toml").read_text(encoding="utf-8"))["project"]
    requirements = [
        *project["dependencies"],
        *(r for extra in project["optional-dependencies"].values() for r in extra),
    ]
    return {_normalized(match.group(1)) for r in requirements if (match := _REQUIREMENT_NAME.match(r))}


def imported_top_names(path: Path) -> set[str]:
    """Top-level names a module imports (module-level or inside a function), relative imports left out."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


def undeclared_imports() -> list[str]:
    """«module: import name (distribution)» for each third-party import whose distribution pyproject.toml
    does not name (a name no installed distribution provides is reported too)."""
    providers = packages_distributions()
    declared = declared_distributions()
    found = []
    for path in [*_modules("backend"), *_modules("bot"), *_modules("tests")]:
        own = {"bot", "backend", "tests", "__future__"}
        for name in sorted(imported_top_names(path) - set(sys.stdlib_module_names) - own):
            dists = {_normalized(d) for d in providers.get(name, [])}
            if not dists & declared:
                found.append(f"{path.relative_to(ROOT).as_posix()}: {name} ({', '.join(sorted(dists)) or '?'})")
    return found


def test_every_imported_package_is_declared() -> None:
    assert undeclared_imports() == []


def test_the_declared_list_is_read_from_pyproject() -> None:
    declared = declared_distributions()
    assert {"python-telegram-bot", "httpx", "fastapi", "faster-whisper", "pytest"} <= declared
    assert _normalized("Python_Dotenv") == "python-dotenv"


MAX_MODULE_LINES = 300
# Modules still over the limit while work in progress splits them; empty since every module was split.
# An entry may stay only while its module is still too long.
NOT_YET_SPLIT: tuple[str, ...] = ()


def _line_count(rel: str) -> int:
    return len(ROOT.joinpath(rel).read_text(encoding="utf-8").splitlines())


def long_modules() -> list[str]:
    """«path: lines» of each module of bot/, backend/ and tests/ over MAX_MODULE_LINES, the allow-list aside."""
    paths = [*_modules("backend"), *_modules("bot"), *_modules("tests")]
    rels = [p.relative_to(ROOT).as_posix() for p in paths if "tests/data/" not in p.relative_to(ROOT).as_posix()]
    return [
        f"{rel}: {_line_count(rel)}" for rel in rels if rel not in NOT_YET_SPLIT and _line_count(rel) > MAX_MODULE_LINES
    ]


def test_modules_stay_under_the_line_limit() -> None:
    assert long_modules() == []


def test_the_split_allow_list_only_names_modules_still_too_long() -> None:
    assert [rel for rel in NOT_YET_SPLIT if _line_count(rel) <= MAX_MODULE_LINES] == []
