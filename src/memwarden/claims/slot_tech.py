"""The software-stack slots and the place-or-tool test a move reads.

``stack:package_manager`` ("we use yarn classic", "swapped yarn out for pnpm"), ``stack:<language>``
(its version) and ``stack:<kind>`` for a database or framework, the last one named being the new
value; ``place_like``: "moved from MySQL to Postgres" or "we moved from pip to uv" is a switch of
tools, not of home. Called by :func:`.slots.detect_slot` after its cue rules.
"""

from __future__ import annotations

import re

from .slot_guess import SlotGuess

#: The software names (session 22: moved here from ``slot_lexicon.py``, their one reader).
_LANGS = r"python|java(?!script)|javascript|typescript|golang|go(?= \d)|rust|ruby|php|kotlin|swift|scala|elixir|node(?:\.js)?|c#|c\+\+"
_DBS = r"postgres(?:ql)?|mysql|sqlite|mongo(?:db)?|redis|dynamodb|cassandra|mariadb|oracle|sql server|elasticsearch|snowflake|bigquery|supabase|firebase"
_FRAMEWORKS = r"django|flask|fastapi|rails|react|vue|angular|svelte|next\.?js|spring(?: boot)?|express|laravel|nest\.?js|remix|nuxt"
_TECH_CUE = re.compile(r"\b(?:use|uses|using|used|on|run|runs|running|migrat\w+|switch\w*|mov\w+|upgrad\w+|downgrad\w+|stack|written in|built (?:with|on)|codebase|we're on|backend|frontend|database|db)\b", re.I)
_TECH = [(kind, re.compile(rf"(?<![\w.])(?P<t>{names})(?:\s*(?P<ver>\d+(?:\.\d+)*))?(?![\w])", re.I))
         for kind, names in (("language", _LANGS), ("database", _DBS), ("framework", _FRAMEWORKS))]
_FROM = re.compile(r"\bfrom\b", re.I)
#: Package managers: product names that are also everyday words (yarn, bun, poetry, pip) count only beside a
#: second one ("swapped yarn out for pnpm"), a word of software ("deps", "repo", "install") or a version.
_PKG = re.compile(r"(?<![\w.])(?P<t>pnpm|npm|pipenv|conda|yarn|bun|poetry|uv|pip|composer|maven|gradle|bundler)"
                  r"(?:\s+(?P<ver>classic|berry|v?\d+(?:\.\d+)*))?(?![\w])", re.I)
_PKG_SURE = frozenset({"pnpm", "npm", "pipenv", "conda"})
_DEV_WORD = re.compile(r"\b(?:repo|monorepo|project|service|svc|package|packages|deps|dependencies|lockfile|install|"
                       r"build|ci|frontend|backend|codebase|node|python|javascript|typescript|js|ts|workspace)\b", re.I)
_PKG_CUE = re.compile(r"\b(?:still|swap\w*|replac\w*|ditch\w*|drop\w*)\b", re.I)


#: Words of a home: with one in the clause, a move is a move of house whatever the value looks like.
_HOUSING = re.compile(r"\b(?:house|flat|home|apartment|place|area|city|town|village|neighbourhood|street|road|boxes|keys|"
                      r"landlord|lease|mortgage|removals?|rent|uni|university)\b", re.I)


#: Tool names that are everyday words ("every spring", "the express train", "rust on the car", "no remix"): said in
#: lowercase, they name a tool only in a clause about software.
_EVERYDAY = re.compile(r"(?-i:spring(?: boot)?|express|rails|remix|react|swift|rust|ruby|oracle|snowflake|flask|elixir|angular|"
                       r"next|go|redis|cassandra)")


def place_like(value: str, prev: str | None, text: str) -> bool:
    """A residence's value names a place, not a product: "moved from MySQL to Postgres", "we moved from pip to
    uv" or "moved to vitest, the repo's faster" name tools (a package manager, a language, database or framework
    the tech lexicon knows, or any value in a clause about software), unless the clause names a home."""
    if _HOUSING.search(text):
        return True
    tool = lambda v: bool(v) and (any(p.fullmatch(v.strip()) for _, p in _TECH) or bool(_PKG.fullmatch(v.strip())))  # noqa: E731
    if tool(value) or tool(prev or ""):
        return False
    return not _DEV_WORD.search(text)


def _pkg_guess(text: str) -> SlotGuess | None:
    """``stack:package_manager`` ("we use yarn classic", "swapped yarn out for pnpm", "pnpm still")."""
    found = list(_PKG.finditer(text))
    if not found or not (_TECH_CUE.search(text) or _PKG_CUE.search(text) or _DEV_WORD.search(text)):
        return None
    sure = any(m.group("t").lower() in _PKG_SURE or m.group("ver") for m in found)
    if not (sure or len({m.group("t").lower() for m in found}) > 1 or _DEV_WORD.search(text)):
        return None
    m = found[-1]  # "from yarn to pnpm", "swapped yarn out for pnpm": the last named is the new one
    prev = found[-2].group(0).strip() if len(found) > 1 and found[-2].group("t").lower() != m.group("t").lower() else None
    return SlotGuess("stack:package_manager", m.group(0).strip(), previous_value=prev)


def _tech_guess(text: str) -> SlotGuess | None:
    if (pkg := _pkg_guess(text)) is not None:
        return pkg
    if not _TECH_CUE.search(text):
        return None
    dev = bool(_DEV_WORD.search(text))
    for kind, pat in _TECH:
        found = [m for m in pat.finditer(text) if dev or not _EVERYDAY.fullmatch(m.group("t"))]
        if not found:
            continue
        m = found[-1]  # "from MySQL to Postgres": the last named is the new one
        value = m.group(0).strip()
        prev = found[-2].group(0).strip() if len(found) > 1 and _FROM.search(text) else None
        name = m.group("t").lower().replace(".js", "").replace("golang", "go")
        attr = f"stack:{name}" if kind == "language" else f"stack:{kind}"
        if kind == "language" and prev and found[-2].group("t").lower() != m.group("t").lower():
            prev = None  # "from Java to Kotlin": two languages, two slots
        return SlotGuess(attr, value, previous_value=prev)
    return None
