"""mem0's own documentation examples, run against memwarden with only the import changed.

The snippets below are copied verbatim from mem0's docs (mem0ai/mem0, Apache-2.0; file and
commit noted per group). The runner changes nothing but the import lines (``mem0`` ->
``memwarden``), executes each top-level statement in order, and counts the calls to the memory
API (``Memory()``, ``from_config``, ``add``, ``search``, ...) in statements that ran without an
exception. The docs' sample memory id (``892db2ae-...``, what their sample ``add`` returned) and
the async page's ``"memory-id-here"`` are seeded into the store first, so the by-id calls find a
memory, as they would after the docs' ``add``.

The expected failures are pinned (``EXPECTED_FAILURES``), so a regression and an improvement
both show here. The last run: see ``test_mem0_docs_examples_run`` (N of N in its assertion).
"""

from __future__ import annotations

import ast
import asyncio
import os
from dataclasses import dataclass, field
from typing import Any

import pytest

from memwarden import AsyncMemory, Memory

QUICKSTART = "docs/open-source/python-quickstart.mdx @26b1d5c9"
ADD = "docs/core-concepts/memory-operations/add.mdx @04e78cc4"
SEARCH = "docs/core-concepts/memory-operations/search.mdx @1154a1f5"
FILTERING = "docs/open-source/features/metadata-filtering.mdx @09dd7d76"
ASYNC = "docs/open-source/features/async-memory.mdx @00099f7c"

# (source, group, code). Groups with the same name share one namespace, in order.
EXAMPLES: list[tuple[str, str, str]] = [
    (QUICKSTART, "quickstart", '''
import os
from mem0 import Memory

os.environ["OPENAI_API_KEY"] = "your-api-key"

m = Memory()
'''),
    (QUICKSTART, "quickstart-async-tab", '''
import os
from mem0 import AsyncMemory

os.environ["OPENAI_API_KEY"] = "your-api-key"

m = AsyncMemory()
'''),
    (QUICKSTART, "quickstart-qdrant-tab", '''
import os
from mem0 import Memory

os.environ["OPENAI_API_KEY"] = "your-api-key"

config = {
    "vector_store": {
        "provider": "qdrant",
        "config": {
            "host": "localhost",
            "port": 6333,
        }
    },
}

m = Memory.from_config(config)
'''),
    (QUICKSTART, "quickstart-graph-tab", '''
import os
from mem0 import Memory

os.environ["OPENAI_API_KEY"] = "your-api-key"

config = {
    "graph_store": {
        "provider": "neo4j",
        "config": {
            "url": "neo4j+s://---",
            "username": "neo4j",
            "password": "---"
        }
    }
}

m = Memory.from_config(config_dict=config)
'''),
    (QUICKSTART, "quickstart", '''
messages = [
    {"role": "user", "content": "I'm planning to watch a movie tonight. Any recommendations?"},
    {"role": "assistant", "content": "How about a thriller movies? They can be quite engaging."},
    {"role": "user", "content": "I'm not a big fan of thriller movies but I love sci-fi movies."},
    {"role": "assistant", "content": "Got it! I'll avoid thriller recommendations and suggest sci-fi movies in the future."}
]

# Store inferred memories (default behavior)
result = m.add(messages, user_id="alice", metadata={"category": "movie_recommendations"})

# Store raw messages without inference
# result = m.add(messages, user_id="alice", metadata={"category": "movie_recommendations"}, infer=False)
'''),
    (QUICKSTART, "quickstart", '''
# Get all memories
all_memories = m.get_all(user_id="alice")
'''),
    (QUICKSTART, "quickstart", '''
# Get a single memory by ID
specific_memory = m.get("892db2ae-06d9-49e5-8b3e-585ef9b85b8e")
'''),
    (QUICKSTART, "quickstart", '''
related_memories = m.search(query="What do you know about me?", user_id="alice")
'''),
    (QUICKSTART, "quickstart", '''
result = m.update(memory_id="892db2ae-06d9-49e5-8b3e-585ef9b85b8e", data="I love India, it is my favorite country.")
'''),
    (QUICKSTART, "quickstart", '''
history = m.history(memory_id="892db2ae-06d9-49e5-8b3e-585ef9b85b8e")
'''),
    (QUICKSTART, "quickstart", '''
# Delete a memory by id
m.delete(memory_id="892db2ae-06d9-49e5-8b3e-585ef9b85b8e")
# Delete all memories for a user
m.delete_all(user_id="alice")
'''),
    (QUICKSTART, "quickstart", '''
m.reset() # Reset all memories
'''),
    (ADD, "add", '''
import os
from mem0 import Memory

os.environ["OPENAI_API_KEY"] = "your-api-key"

m = Memory()

messages = [
    {"role": "user", "content": "I'm planning to watch a movie tonight. Any recommendations?"},
    {"role": "assistant", "content": "How about thriller movies? They can be quite engaging."},
    {"role": "user", "content": "I'm not a big fan of thriller movies but I love sci-fi movies."},
    {"role": "assistant", "content": "Got it! I'll avoid thriller recommendations and suggest sci-fi movies in the future."}
]

# Store inferred memories (default behavior)
result = m.add(messages, user_id="alice", metadata={"category": "movie_recommendations"})

# Optionally store raw messages without inference
result = m.add(messages, user_id="alice", metadata={"category": "movie_recommendations"}, infer=False)
'''),
    (SEARCH, "add", '''
# OSS
m.search("What are Alice's hobbies?", filters={"user_id": "alice"})
'''),
    (SEARCH, "search", '''
from mem0 import Memory

m = Memory()

# Simple search: entity IDs go in `filters`
related_memories = m.search("Should I drink coffee or tea?", filters={"user_id": "alice"})

# Search with additional metadata filters (combine entity + metadata in the same dict)
memories = m.search(
    "food preferences",
    filters={"user_id": "alice", "categories": {"contains": "diet"}},
)
'''),
    (SEARCH, "search", '''
results = m.search(
    "food preferences",
    filters={"user_id": "alice"},
    explain=True,
)

print(results["results"][0]["score_details"])
'''),
    (SEARCH, "search", '''
# Get memories from a specific agent session: entity IDs combined in filters
m.search("query", filters={
    "user_id": "alice",
    "agent_id": "chatbot",
    "run_id": "session-123",
})
'''),
    (FILTERING, "filtering", '''
from mem0 import Memory

m = Memory()

# Search with simple metadata filters
results = m.search(
    "What are my preferences?",
    user_id="alice",
    filters={"category": "preferences"}
)
'''),
    (FILTERING, "filtering", '''
# Greater than / Less than
results = m.search(
    "recent activities",
    user_id="alice",
    filters={
        "score": {"gt": 0.8},
        "priority": {"gte": 5},
        "confidence": {"lt": 0.9},
        "rating": {"lte": 3}
    }
)

# Equality operators
results = m.search(
    "specific content",
    user_id="alice",
    filters={
        "status": {"eq": "active"},
        "archived": {"ne": True}
    }
)
'''),
    (FILTERING, "filtering", '''
# In / Not in operators
results = m.search(
    "multi-category search",
    user_id="alice",
    filters={
        "category": {"in": ["food", "travel", "entertainment"]},
        "status": {"nin": ["deleted", "archived"]}
    }
)
'''),
    (FILTERING, "filtering", '''
# Text matching operators
results = m.search(
    "content search",
    user_id="alice",
    filters={
        "title": {"contains": "meeting"},
        "description": {"icontains": "important"},
        "tags": {"contains": "urgent"}
    }
)
'''),
    (FILTERING, "filtering", '''
# Match any value for a field
results = m.search(
    "all with category",
    user_id="alice",
    filters={
        "category": "*"
    }
)
'''),
    (FILTERING, "filtering", '''
# Logical AND
results = m.search(
    "complex query",
    user_id="alice",
    filters={
        "AND": [
            {"category": "work"},
            {"priority": {"gte": 7}},
            {"status": {"ne": "completed"}}
        ]
    }
)

# Logical OR
results = m.search(
    "flexible query",
    user_id="alice",
    filters={
        "OR": [
            {"category": "urgent"},
            {"priority": {"gte": 9}},
            {"deadline": {"contains": "today"}}
        ]
    }
)

# Logical NOT
results = m.search(
    "exclusion query",
    user_id="alice",
    filters={
        "NOT": [
            {"category": "archived"},
            {"status": "deleted"}
        ]
    }
)

# Complex nested logic
results = m.search(
    "advanced query",
    user_id="alice",
    filters={
        "AND": [
            {
                "OR": [
                    {"category": "work"},
                    {"category": "personal"}
                ]
            },
            {"priority": {"gte": 5}},
            {
                "NOT": [
                    {"status": "archived"}
                ]
            }
        ]
    }
)
'''),
    (FILTERING, "filtering", '''
# Before (v0.x) - simple key-value filtering only
results = m.search(
    "query",
    user_id="alice",
    filters={"category": "work", "status": "active"}
)

# After (v1.0.0) - enhanced filtering with operators
results = m.search(
    "query",
    user_id="alice",
    filters={
        "AND": [
            {"category": "work"},
            {"status": {"ne": "archived"}},
            {"priority": {"gte": 5}}
        ]
    }
)
'''),
    (FILTERING, "filtering", '''
# Find high-priority active tasks
results = m.search(
    "What tasks need attention?",
    user_id="project_manager",
    filters={
        "AND": [
            {"project": {"in": ["alpha", ""]}},
            {"priority": {"gte": 8}},
            {"status": {"ne": "completed"}},
            {
                "OR": [
                    {"assignee": "alice"},
                    {"assignee": "bob"}
                ]
            }
        ]
    }
)
'''),
    (FILTERING, "filtering", '''
# Find recent unresolved tickets
results = m.search(
    "pending support issues",
    agent_id="support_bot",
    filters={
        "AND": [
            {"ticket_status": {"ne": "resolved"}},
            {"priority": {"in": ["high", "critical"]}},
            {"created_date": {"gte": "2024-01-01"}},
            {
                "NOT": [
                    {"category": "spam"}
                ]
            }
        ]
    }
)
'''),
    (FILTERING, "filtering", '''
# Personalized content filtering
results = m.search(
    "recommend content",
    user_id="reader123",
    filters={
        "AND": [
            {
                "OR": [
                    {"genre": {"in": ["sci-fi", "fantasy"]}},
                    {"author": {"contains": "favorite"}}
                ]
            },
            {"rating": {"gte": 4.0}},
            {"read_status": {"ne": "completed"}},
            {"language": "english"}
        ]
    }
)
'''),
    (FILTERING, "filtering", '''
try:
    results = m.search(
        "test query",
        user_id="alice",
        filters={
            "invalid_operator": {"unknown": "value"}
        }
    )
except ValueError as e:
    print(f"Filter error: {e}")
    results = m.search(
        "test query",
        user_id="alice",
        filters={"category": "general"}
    )
'''),
    (ASYNC, "async", '''
import asyncio
from mem0.memory import AsyncMemory

# Initialize with default configuration
memory = AsyncMemory()

# Or initialize with custom configuration
from mem0.configs.base import MemoryConfig
custom_config = MemoryConfig(
    # Your custom configuration here
)
memory = AsyncMemory(config=custom_config)
'''),
    (ASYNC, "async", '''
await memory.add(
    messages=[
        {"role": "user", "content": "I'm travelling to SF"},
        {"role": "assistant", "content": "That's great to hear!"}
    ],
    user_id="alice"
)
'''),
    (ASYNC, "async", '''
await memory.search(
    query="Where am I travelling?",
    user_id="alice"
)
'''),
    (ASYNC, "async", '''
await memory.get_all(user_id="alice")
'''),
    (ASYNC, "async", '''
await memory.get(memory_id="memory-id-here")
'''),
    (ASYNC, "async", '''
await memory.update(
    memory_id="memory-id-here",
    data="I'm travelling to Seattle"
)
'''),
    (ASYNC, "async", '''
await memory.delete(memory_id="memory-id-here")
'''),
    (ASYNC, "async", '''
await memory.delete_all(user_id="alice")
'''),
    (ASYNC, "async", '''
await memory.history(memory_id="memory-id-here")
'''),
]

#: Not run: the async page's "Concurrent Usage with Other APIs" example calls OpenAI's API
#: (openai.chat.completions.create) before touching memory; it needs the network and a key.
NOT_RUN = [(ASYNC, "Example: Concurrent Usage with Other APIs", "calls the OpenAI API (network, key)")]

#: Calls that do not work, and why (pinned: a change either way shows up here).
EXPECTED_FAILURES = {
    ("quickstart-qdrant-tab", "Memory.from_config"): "vector_store provider 'qdrant' is not supported",
    ("quickstart-graph-tab", "Memory.from_config"): "graph memory is not supported",
}

_IMPORTS = {"from mem0 import": "from memwarden import", "from mem0.memory import": "from memwarden import",
            "from mem0.configs.base import": "from memwarden import"}
_API = {"add", "search", "get", "get_all", "update", "delete", "delete_all", "history", "reset", "from_config"}
#: Sample ids the docs use for memories their sample add created.
_DOC_IDS = {"892db2ae-06d9-49e5-8b3e-585ef9b85b8e": ("alice", "User is planning to watch a movie tonight."),
            "memory-id-here": ("alice", "I'm travelling to SF")}


@dataclass
class Outcome:
    group: str
    call: str
    ok: bool
    error: str = ""


@dataclass
class Tally:
    outcomes: list[Outcome] = field(default_factory=list)

    @property
    def working(self) -> int:
        return sum(o.ok for o in self.outcomes)


def _calls(stmt: ast.stmt) -> list[str]:
    """The memory-API calls in a statement: ``Memory()``, ``AsyncMemory(...)``, ``x.<api>(...)``."""
    out = []
    for node in ast.walk(stmt):
        if isinstance(node, ast.Call):
            f = node.func
            if isinstance(f, ast.Name) and f.id in ("Memory", "AsyncMemory"):
                out.append(f.id)
            elif isinstance(f, ast.Attribute) and f.attr in _API and isinstance(f.value, ast.Name):
                out.append(f"{f.value.id}.{f.attr}")
    return out


def _seed(memory: Any) -> None:
    """Store the docs' sample memories under the ids the docs use (what their sample add returned)."""
    from memwarden import MemoryItem
    from memwarden._util import text_hash, utcnow
    from memwarden.retrieval.entry import keyword_tokens
    from memwarden.models import Candidate, HistoryEvent
    from memwarden.storage import MemoryRecord, WriteBatch

    m = memory.memory if isinstance(memory, AsyncMemory) else memory
    for mid, (user, text) in _DOC_IDS.items():
        if m.store.locate(mid):
            continue
        now = utcnow()
        item = MemoryItem(id=mid, memory=text, user_id=user, hash=text_hash(text), created_at=now, updated_at=now)
        rec = MemoryRecord(item, m.embedder.embed([text])[0], keyword_tokens(Candidate(text=text)), m.embedder.model_id)
        m.store.write(WriteBatch(user_id=user, upserts=[rec], history=[
            HistoryEvent(id=f"seed-{mid}", memory_id=mid, user_id=user, event="ADD", new_memory=text, cause="seed", at=now)]))
        m.scopes.drop(user, trust=False)


def run_examples() -> tuple[Tally, dict[str, dict[str, Any]]]:
    tally, spaces = Tally(), {}
    for _source, group, code in EXAMPLES:
        for old, new in _IMPORTS.items():
            code = code.replace(old, new)
        ns = spaces.setdefault(group, {"__name__": f"mem0_docs_{group}"})
        for stmt in ast.parse(code).body:
            calls = _calls(stmt)
            for name in ("m", "memory"):
                if isinstance(ns.get(name), (Memory, AsyncMemory)):
                    _seed(ns[name])
            try:
                compiled = compile(ast.Module([stmt], type_ignores=[]), f"<{group}>", "exec",
                                   flags=ast.PyCF_ALLOW_TOP_LEVEL_AWAIT)
                result = eval(compiled, ns)  # noqa: S307 - the docs' own code, the point of this test
                if asyncio.iscoroutine(result):
                    asyncio.run(result)
                tally.outcomes += [Outcome(group, c, True) for c in calls]
            except Exception as exc:  # noqa: BLE001 - every failure is counted and pinned below
                tally.outcomes += [Outcome(group, c, False, f"{type(exc).__name__}: {exc}") for c in calls]
    return tally, spaces


@pytest.fixture
def restore_env():
    before = dict(os.environ)
    yield
    os.environ.clear()
    os.environ.update(before)


def test_mem0_docs_examples_run(restore_env, capsys) -> None:
    tally, spaces = run_examples()
    failures = {(o.group, o.call): o.error for o in tally.outcomes if not o.ok}
    assert set(failures) == set(EXPECTED_FAILURES), failures
    for key, why in EXPECTED_FAILURES.items():
        assert why in failures[key], (key, failures[key])
    total = len(tally.outcomes)
    with capsys.disabled():
        print(f"\nmem0 docs examples: {tally.working} of {total} memory calls work "
              f"({len(NOT_RUN)} example not run: {NOT_RUN[0][2]})")
    assert (tally.working, total) == (48, 50)

    # What the calls returned is mem0-shaped where the docs read it.
    q = spaces["quickstart"]
    assert q["result"]["memory"] == "I love India, it is my favorite country."
    assert [e["action"] for e in q["history"]] == ["ADD", "UPDATE"]
    assert q["specific_memory"]["id"] == "892db2ae-06d9-49e5-8b3e-585ef9b85b8e"
    assert all("memory" in r and "score" in r for r in q["related_memories"]["results"])
    assert q["all_memories"]["results"] and all(r["user_id"] == "alice" for r in q["all_memories"]["results"])
    a = spaces["add"]
    assert [r["event"] for r in a["result"]["results"]] == ["ADD"] * 4  # infer=False: every message, as given
    assert spaces["search"]["results"]["results"][0]["score_details"]["dense"] is not None  # explain=True
    f = spaces["filtering"]
    assert f["results"]["results"] == []  # the fallback search ran: nothing of category "general"


def test_readme_coming_from_mem0_blocks_run(capsys) -> None:
    """The README's "Coming from mem0" Python blocks run as written."""
    import re
    from pathlib import Path

    readme = (Path(__file__).parents[1] / "README.md").read_text()
    section = readme.split("## Coming from mem0", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```python\n(.*?)```", section, re.S)
    assert blocks
    for block in blocks:
        exec(compile(block, "README.md: Coming from mem0", "exec"), {"__name__": "readme"})  # noqa: S102
    out = capsys.readouterr().out
    # Search prints claims: the user's words with the subject resolved (the turn itself is the claim's episode).
    assert "ADD" in out and "['ADD', 'UPDATE']" in out and "not a big fan of thriller movies" in out
