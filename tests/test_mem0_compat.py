"""mem0 compatibility of the embedded Python API (issue 13, item 1): dict views, scopes named the
mem0 way, search knobs, by-id calls without user_id, mem0 config dicts, infer= and prompt=."""

from __future__ import annotations

import json

import pytest

from memwarden import AddResult, HistoryEvent, Memory, MemoryConfig, MemoryItem, SearchHit, SearchResult
from memwarden.errors import InvalidInputError, NotFoundError
from memwarden.models import MEM0_EVENTS, MemoryList
from memwarden.providers.llm import OpenAICompatibleLLM, ScriptedLLM


@pytest.fixture
def m() -> Memory:
    mem = Memory(config=MemoryConfig(embedder="hash"))
    yield mem
    mem.close()


# -- results that are also mem0's dicts ------------------------------------------------------------


def test_results_answer_as_mem0_dicts(m: Memory) -> None:
    res = m.add("I love sci-fi movies", user_id="alice", metadata={"category": "movies"})
    assert isinstance(res, AddResult)
    item = res["results"][0]
    assert item["event"] == "ADD" and item.event == "admitted"  # mem0's word in the dict, memwarden's on the attribute
    assert item["id"] == item.memory_id and item["receipt_id"] == item.id and item["decision"] == "admitted"
    assert item["memory"] == "The user loves sci-fi movies"  # the claim; its episode keeps the words as said
    assert {"id", "memory", "event"} <= set(item) and "id" in item and "nope" not in item

    found = m.search("sci-fi movies", user_id="alice")
    assert isinstance(found, SearchResult) and found["results"] is found.results
    hit = found["results"][0]
    assert isinstance(hit, SearchHit)
    assert hit["memory"] == item["memory"] and hit["id"] == item["id"]
    assert [e.text for e in hit.episodes] == ["I love sci-fi movies"]
    assert hit.get("score") == hit.score and hit.get("missing", 7) == 7 and hit["metadata"] == {"category": "movies"}
    as_dict = dict(hit)
    assert as_dict["memory"] == hit.memory and list(as_dict) == list(hit.keys()) == list(hit)
    assert dict(hit.items()) == as_dict and len(hit) == len(as_dict)
    with pytest.raises(KeyError):
        hit["nope"]
    with pytest.raises(KeyError):
        hit[0]  # type: ignore[index]

    got = m.get(item["id"])
    assert isinstance(got, MemoryItem) and got["memory"] == got.memory and got["hash"] == got.hash
    assert json.loads(got.model_dump_json())["memory"] == got.memory  # the typed way in is unchanged


def test_get_all_is_a_list_that_answers_results(m: Memory) -> None:
    for t in ("one fact", "another fact"):
        m.add(t, user_id="alice", admission="all")
    res = m.get_all(user_id="alice")
    assert isinstance(res, MemoryList) and isinstance(res, list) and len(res) == 2
    assert res["results"] is res and res.get("results") is res and res.get("x") is None
    assert [r["memory"] for r in res["results"]] == [r.memory for r in res]
    assert res[0] is res["results"][0] and isinstance(res[:1], list)
    with pytest.raises(KeyError):
        res["memories"]
    assert m.get_all(user_id="nobody") == []


def test_history_answers_mem0_keys(m: Memory) -> None:
    mid = m.add("first text", user_id="alice", infer=False)["results"][0]["id"]  # as given: the text is the claim
    m.update(mid, text="second text")
    events = m.history(mid)
    assert all(isinstance(e, HistoryEvent) for e in events)
    assert [e["action"] for e in events] == ["ADD", "UPDATE"]
    assert events[1]["previous_value"] == "first text" and events[1]["new_value"] == "second text"
    assert events[1]["created_at"] == events[1].at


def test_every_receipt_event_has_a_mem0_event() -> None:
    from memwarden.models import ReceiptEvent
    from typing import get_args

    assert set(MEM0_EVENTS) == set(get_args(ReceiptEvent))
    assert set(MEM0_EVENTS.values()) <= {"ADD", "UPDATE", "DELETE", "NONE"}


def test_a_repeat_is_none_in_mem0_terms(m: Memory) -> None:
    assert m.add("I live in Lisbon", user_id="u")["results"][0]["event"] == "ADD"
    again = m.add("I live in Lisbon", user_id="u")["results"][0]
    assert again["event"] == "NONE" and again.event == "duplicate"


# -- scopes named the mem0 way ---------------------------------------------------------------------


def test_scope_keys_in_filters(m: Memory) -> None:
    # infer=False (mem0's "as given"): this test is about scope keys, not what claims are extracted
    m.add("alice likes tea", user_id="alice", agent_id="bot", run_id="s1", infer=False)
    m.add("bob likes coffee", user_id="bob", agent_id="bot", infer=False)
    assert [h.memory for h in m.search("likes", filters={"user_id": "alice"}).results] == ["alice likes tea"]
    assert [i.memory for i in m.get_all(filters={"user_id": "bob"})] == ["bob likes coffee"]
    assert [i.memory for i in m.get_all(filters={"AND": [{"user_id": "alice"}, {"run_id": "s1"}]})] == ["alice likes tea"]
    assert m.get_all(filters={"user_id": "alice", "run_id": "s2"}) == []
    assert len(m.search("likes", filters={"user_id": "alice", "agent_id": "bot", "run_id": "s1"}).results) == 1
    assert len(m.get_all(user_id="alice", filters={"user_id": "alice"})) == 1  # both ways, agreeing
    with pytest.raises(InvalidInputError, match="filters say"):
        m.search("likes", user_id="alice", filters={"user_id": "bob"})
    with pytest.raises(InvalidInputError, match="scope"):
        m.search("likes", filters={"OR": [{"user_id": "alice"}, {"user_id": "bob"}]})
    with pytest.raises(InvalidInputError, match="scope"):
        m.get_all(filters={"user_id": {"in": ["alice", "bob"]}})


def test_agent_or_run_alone_is_its_own_scope(m: Memory) -> None:
    a = m.add("the deploy runs on Fridays", agent_id="ops-bot", infer=False)["results"][0]  # as given: one claim each
    r = m.add("this session is about taxes", run_id="sess-9", infer=False)["results"][0]
    assert m.get(a["id"]).user_id == "agent:ops-bot" and m.get(r["id"]).user_id == "run:sess-9"
    assert [h.id for h in m.search("deploy", agent_id="ops-bot").results] == [a["id"]]
    assert [h.id for h in m.search("deploy", filters={"agent_id": "ops-bot"}).results] == [a["id"]]
    assert [i.id for i in m.get_all(filters={"run_id": "sess-9"})] == [r["id"]]
    # An agent's memories of a user stay in that user's scope, not in the agent's.
    m.add("alice prefers mornings", user_id="alice", agent_id="ops-bot", infer=False)
    assert [i.memory for i in m.get_all(agent_id="ops-bot")] == ["the deploy runs on Fridays"]
    assert m.delete_all(agent_id="ops-bot") == 1
    assert m.get_all(user_id="alice", agent_id="ops-bot")[0].memory == "alice prefers mornings"


def test_delete_all_with_filters(m: Memory) -> None:
    for i in range(6):
        m.add(f"note {i}", user_id="u", metadata={"n": i}, infer=False)  # as given: one claim (and its episode) each
    assert m.delete_all(filters={"user_id": "u", "n": {"gte": 4}}) == 2
    assert sorted(i.metadata["n"] for i in m.get_all(user_id="u")) == [0, 1, 2, 3]
    with pytest.raises(InvalidInputError, match="unknown operator"):
        m.delete_all(user_id="u", filters={"n": {"between": [1, 2]}})
    assert len(m.get_all(user_id="u")) == 4


def test_search_filters_use_the_operator_language(m: Memory) -> None:
    for cat, prio in (("food", 1), ("travel", 5), ("work", 9)):
        m.add(f"a {cat} memory", user_id="u", metadata={"category": cat, "priority": prio}, admission="all")
    hits = m.search("memory", user_id="u", filters={"category": {"in": ["food", "travel"]}}).results
    assert {h.metadata["category"] for h in hits} == {"food", "travel"}
    hits = m.search("memory", user_id="u", filters={"OR": [{"priority": {"gt": 8}}, {"category": "food"}]}).results
    assert {h.metadata["category"] for h in hits} == {"food", "work"}
    with pytest.raises(InvalidInputError, match="unknown operator"):
        m.search("memory", user_id="u", filters={"category": {"regex": "f.*"}})
    with pytest.raises(ValueError):  # mem0's docs catch ValueError: InvalidInputError is one
        m.search("memory", user_id="u", filters={"invalid_operator": {"unknown": "value"}})


# -- search knobs ---------------------------------------------------------------------------------


def test_top_k_limit_threshold_rerank(m: Memory) -> None:
    for i in range(12):
        m.add(f"gardening note {i} about roses", user_id="u", admission="all")
    m.add("quantum chromodynamics lecture", user_id="u", admission="all")
    assert len(m.search("gardening roses", user_id="u").results) == 10  # default
    assert len(m.search("gardening roses", user_id="u", top_k=3).results) == 3
    assert len(m.search("gardening roses", user_id="u", limit=4, top_k=4).results) == 4
    with pytest.raises(InvalidInputError, match="disagree"):
        m.search("gardening roses", user_id="u", limit=4, top_k=5)
    assert len(m.get_all(user_id="u", top_k=5)) == 5
    every = m.search("gardening roses", user_id="u", limit=50).results
    cut = sorted(h.scores.dense for h in every)[len(every) // 2]
    kept = m.search("gardening roses", user_id="u", limit=50, threshold=cut).results
    assert kept and all(h.scores.dense >= cut for h in kept)
    assert {h.id for h in kept} == {h.id for h in every if h.scores.dense >= cut}
    assert m.search("gardening roses", user_id="u", threshold=1.0).results == []
    assert len(m.search("gardening roses", user_id="u", threshold=-1.0, limit=50).results) == len(every)
    assert [h.id for h in m.search("gardening roses", user_id="u", rerank=True).results] == \
        [h.id for h in m.search("gardening roses", user_id="u", rerank=False).results]
    for bad in ({"threshold": 2}, {"threshold": "0.5"}, {"threshold": True}, {"rerank": "yes"}, {"top_k": 0}):
        with pytest.raises(InvalidInputError):
            m.search("gardening roses", user_id="u", **bad)


# -- by id, without user_id -----------------------------------------------------------------------


def test_by_id_calls_without_user_id(m: Memory) -> None:
    mid = m.add("I work at Acme", user_id="alice", infer=False)["results"][0]["id"]  # as given: the text is the claim
    m.add("unrelated", user_id="bob")
    assert m.get(mid).memory == "I work at Acme"
    assert m.update(mid, text="I work at Initech").memory == "I work at Initech"
    assert m.update(memory_id=mid, data="I work at Globex").memory == "I work at Globex"
    assert m.get(mid, user_id="alice").memory == "I work at Globex"
    with pytest.raises(NotFoundError):
        m.get(mid, user_id="bob")  # with a user_id the scope is still enforced
    with pytest.raises(InvalidInputError, match="not both"):
        m.update(mid, "a", text="b")
    assert [e.event for e in m.history(mid)] == ["ADD", "UPDATE", "UPDATE"]
    m.delete(memory_id=mid)
    with pytest.raises(NotFoundError):
        m.get(mid)
    assert [e.event for e in m.history(mid)][-1] == "DELETE"  # history outlives the memory
    with pytest.raises(NotFoundError):
        m.get("no-such-id")


def test_an_id_in_two_scopes_needs_a_user_id() -> None:
    from memwarden.storage import WriteBatch
    from memwarden.storage.sqlite import SQLiteStore

    store = SQLiteStore(":memory:")
    m = Memory(config=MemoryConfig(embedder="hash"), store=store)
    [r] = m.add("shared id", user_id="a", infer=False)["results"]
    rec = store.get("a", [r.memory_id])[0]
    rec.item = rec.item.model_copy(update={"user_id": "b"})
    store.write(WriteBatch(user_id="b", upserts=[rec]))
    with pytest.raises(InvalidInputError, match="more than one scope"):
        m.get(r.memory_id)
    assert m.get(r.memory_id, user_id="b").user_id == "b"


# -- add: infer and prompt ------------------------------------------------------------------------


def test_infer_false_stores_the_messages_as_given(m: Memory) -> None:
    msgs = [{"role": "user", "content": "ok"}, {"role": "assistant", "content": "Sure."},
            {"role": "user", "content": "hmm"}]
    res = m.add(msgs, user_id="u", infer=False)
    assert [r["event"] for r in res["results"]] == ["ADD", "ADD", "ADD"]
    assert sorted(i.memory for i in m.get_all(user_id="u")) == ["Sure.", "hmm", "ok"]
    with pytest.raises(InvalidInputError, match="infer"):
        m.add("x", user_id="u", infer="yes")


def _extracting_llm(claims: list[dict]) -> ScriptedLLM:
    """Answers the claim extractor's call (claims are the unit of memory); anything else gets a score."""
    def reply(messages: list[dict]) -> str:
        text = messages[-1]["content"]
        return json.dumps({"claims": claims}) if "Extract the claims" in text else '{"score": 0.9}'
    return ScriptedLLM(reply)


def test_infer_true_extracts_and_prompt_reaches_the_extractor() -> None:
    llm = _extracting_llm([{"text": "User loves sci-fi movies", "turns": [0], "subject": "user"}])
    m = Memory(config=MemoryConfig(embedder="hash", extraction_prompt="Only movie tastes."), llm=llm)
    res = m.add([{"role": "user", "content": "I love sci-fi movies but not thrillers"}], user_id="u", infer=True,
                admission="all")
    assert [r["memory"] for r in res["results"]] == ["User loves sci-fi movies"]
    assert llm.calls[-1][-1]["content"].startswith("Only movie tastes.")
    m.add("I also like jazz", user_id="u", infer=True, prompt="Only music.", admission="all")
    assert llm.calls[-1][-1]["content"].startswith("Only music.")
    n = len(llm.calls)
    m.add("stored verbatim", user_id="u", infer=False)
    assert len(llm.calls) == n  # infer=False: no LLM call at all
    with pytest.raises(InvalidInputError, match="prompt"):
        m.add("x", user_id="u", prompt=5)


# -- from_config with mem0 dicts ------------------------------------------------------------------


def test_from_config_mem0_dicts(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-from-env")
    m = Memory.from_config({
        "llm": {"provider": "openai", "config": {"model": "gpt-4o-mini", "temperature": 0.1, "max_tokens": 2000,
                                                 "openai_base_url": "http://127.0.0.1:9/v1"}},
        "embedder": {"provider": "memwarden", "config": {"model": "hash"}},
        "history_db_path": str(tmp_path / "history.db"),
        "version": "v1.1",
        "custom_fact_extraction_prompt": "Extract only food preferences.",
    })
    assert isinstance(m.llm, OpenAICompatibleLLM) and m.llm.model == "gpt-4o-mini"
    assert str(m.llm._client.base_url) == "http://127.0.0.1:9/v1/"
    assert m.llm._client.headers["Authorization"] == "Bearer sk-from-env"
    assert m.config.database == str(tmp_path / "history.db") and m.config.embedder == "hash"
    assert m.config.extraction_prompt == "Extract only food preferences." and m.config.llm_admission
    m.add("I like pizza", user_id="u", infer=False)
    m.close()
    assert (tmp_path / "history.db").exists()

    m = Memory.from_config(config_dict={"vector_store": {"provider": "sqlite", "config": {"path": str(tmp_path / "v.db")}},
                                        "embedder": {"provider": "memwarden", "config": {"model": "hash"}}})
    assert m.config.database == str(tmp_path / "v.db") and m.llm is None
    m.close()


def test_from_config_maps_pgvector_and_ollama() -> None:
    from memwarden.compat import from_mem0_config

    cfg, llm = from_mem0_config({
        "vector_store": {"provider": "pgvector", "config": {"user": "me", "password": "p@ss:word", "host": "db",
                                                            "port": 5433, "dbname": "mem", "collection_name": "x"}},
        "llm": {"provider": "ollama", "config": {"model": "llama3.1", "ollama_base_url": "http://gpu:11434"}},
        "embedder": {"provider": "huggingface", "config": {"model": "sentence-transformers/all-MiniLM-L6-v2"}},
    }, environ={})
    assert cfg.database == "postgresql://me:p%40ss%3Aword@db:5433/mem" and cfg.embedder == "minilm"
    assert str(llm._client.base_url) == "http://gpu:11434/v1/" and "Authorization" not in llm._client.headers
    cfg, _ = from_mem0_config({"vector_store": {"provider": "pgvector", "config": {"connection_string": "postgresql://x/y"}}},
                              environ={})
    assert cfg.database == "postgresql://x/y"
    cfg, llm = from_mem0_config({"llm": {"provider": "deepseek", "config": {"api_key": "k"}}}, environ={})
    assert llm.model == "deepseek-chat" and str(llm._client.base_url) == "https://api.deepseek.com/v1/"


@pytest.mark.parametrize("config, named", [
    ({"vector_store": {"provider": "qdrant", "config": {"host": "localhost", "port": 6333}}}, "qdrant"),
    ({"llm": {"provider": "anthropic", "config": {"model": "claude"}}}, "anthropic"),
    ({"embedder": {"provider": "openai", "config": {"model": "text-embedding-3-small"}}}, "openai"),
    ({"graph_store": {"provider": "neo4j", "config": {}}}, "graph"),
    ({"reranker": {"provider": "cohere"}}, "reranker"),
    ({"llm": {"provider": "openai", "config": {"model": "m", "http_client_proxies": "x"}}}, "http_client_proxies"),
    ({"version": "v2.0"}, "version"),
    ({"version": "v1.0"}, "v1.1"),
    ({"llm": {"provider": "openai"}, "bogus": 1}, "bogus"),
    ({"custom_update_memory_prompt": "x"}, "custom_update_memory_prompt"),
])
def test_from_config_names_what_does_not_map(config, named) -> None:
    with pytest.raises(InvalidInputError, match=named):
        Memory.from_config(config)


def test_from_config_keeps_memwarden_configs() -> None:
    m = Memory.from_config({"embedder": "hash", "database": ":memory:"})
    assert m.config.embedder == "hash"
    assert Memory.from_config(MemoryConfig(embedder="hash")).config.embedder == "hash"
    with pytest.raises(InvalidInputError, match="not both"):
        Memory.from_config({"embedder": "hash"}, config_dict={"embedder": "hash"})


# -- both backends ---------------------------------------------------------------------------------


def test_filters_and_locate_through_the_facade_on_postgres(pg_url) -> None:
    from memwarden.storage import open_store

    m = Memory(config=MemoryConfig(embedder="hash"), store=open_store(pg_url))
    try:
        import uuid

        u = f"u-{uuid.uuid4().hex[:8]}"
        for cat, prio in (("food", 1), ("travel", 5), ("work", 9)):
            m.add(f"a {cat} memory", user_id=u, metadata={"category": cat, "priority": prio}, admission="all")
        hits = m.search("memory", filters={"user_id": u, "priority": {"gte": 5}, "NOT": [{"category": "work"}]}).results
        assert [h.metadata["category"] for h in hits] == ["travel"]
        mid = hits[0].id
        assert m.get(mid).user_id == u and m.update(mid, text="moved").memory == "moved"
        assert m.delete_all(filters={"user_id": u, "category": {"icontains": "FOOD"}}) == 1
        assert sorted(i.metadata["category"] for i in m.get_all(filters={"user_id": u})["results"]) == ["travel", "work"]
    finally:
        m.close()


# -- the servers keep enforcing tenants ---------------------------------------------------------------


def test_rest_filters_cannot_name_another_tenant(tmp_path) -> None:
    pytest.importorskip("fastapi")
    from fastapi.testclient import TestClient

    from memwarden.server.app import create_app
    from memwarden.api_keys import open_keys, parse_tenants

    mem = Memory(config=MemoryConfig(database=str(tmp_path / "s.db"), embedder="hash"))
    try:
        bob_id = mem.add("bob's secret plan", user_id="bob", agent_id="bot")["results"][0]["id"]
        mem.add("alice likes tea", user_id="alice", agent_id="bot", metadata={"category": "drinks"}, infer=False)
        keys = open_keys(mem.store)
        auth = {"Authorization": f"Bearer {keys.create('alice', parse_tenants(['alice'])).token}"}
        client = TestClient(create_app(mem, keys), raise_server_exceptions=False)

        def search(filters: dict) -> tuple[int, list[str]]:
            r = client.post("/v1/search", json={"query": "plan tea", "user_id": "alice", "filters": filters}, headers=auth)
            return r.status_code, [h["memory"] for h in r.json().get("results", [])] if r.status_code == 200 else []

        assert search({"user_id": "bob"})[0] == 400
        assert search({"AND": [{"user_id": "bob"}]})[0] == 400
        assert search({"OR": [{"user_id": "bob"}, {"category": "drinks"}]})[0] == 400
        assert search({"agent_id": "bot"}) == (200, ["alice likes tea"])  # the key's tenant, never agent:bot
        assert search({"category": {"in": ["drinks"]}}) == (200, ["alice likes tea"])
        assert search({"category": {"like": "d%"}})[0] == 400
        # By-id calls still need the tenant: no user_id is a validation error, bob's id is not found.
        assert client.get(f"/v1/memories/{bob_id}", headers=auth).status_code == 422
        assert client.get(f"/v1/memories/{bob_id}", params={"user_id": "alice"}, headers=auth).status_code == 404
    finally:
        mem.close()
