"""MemwardenStore is a working LangGraph BaseStore: the store API (sync and async) and a real
compiled graph whose node reads and writes it, driven by langchain_core's fake chat model."""

from __future__ import annotations

import asyncio

import pytest

pytest.importorskip("langgraph")
from langchain_core.language_models.fake_chat_models import GenericFakeChatModel  # noqa: E402
from langchain_core.messages import AIMessage, HumanMessage  # noqa: E402
from langgraph.graph import START, MessagesState, StateGraph  # noqa: E402
from langgraph.store.base import BaseStore  # noqa: E402

from memwarden import Memory  # noqa: E402
from memwarden.config import MemoryConfig  # noqa: E402
from memwarden.errors import InvalidInputError  # noqa: E402
from memwarden.integrations.langgraph import MemwardenStore  # noqa: E402


@pytest.fixture
def memory(tmp_path):
    m = Memory(tmp_path / "lg.db", config=MemoryConfig(embedder="hash"))
    yield m
    m.close()


def test_put_get_search_delete_list(memory):
    store = MemwardenStore(memory)
    assert isinstance(store, BaseStore)
    store.put(("alice", "memories"), "home", {"text": "Alice lives in Porto", "kind": "fact", "year": 2024})
    store.put(("alice", "memories"), "food", {"text": "Alice is allergic to peanuts", "kind": "health", "year": 2023})
    store.put(("alice", "prefs"), "tea", {"text": "Alice prefers green tea", "kind": "pref", "year": 2025})
    store.put(("bob", "memories"), "home", {"text": "Bob lives in Oslo", "kind": "fact"})
    item = store.get(("alice", "memories"), "home")
    assert item.value == {"text": "Alice lives in Porto", "kind": "fact", "year": 2024} and item.namespace == ("alice", "memories")
    assert store.get(("alice", "memories"), "nope") is None
    # a put under an existing key replaces it (history keeps the old text)
    store.put(("alice", "memories"), "home", {"text": "Alice lives in Braga", "kind": "fact", "year": 2025})
    assert store.get(("alice", "memories"), "home").value["text"] == "Alice lives in Braga"
    [m] = [m for m in memory.get_all(user_id="alice") if m.metadata.get("lg_key") == "home"]
    assert [e.event for e in memory.history(m.id, user_id="alice")] == ["ADD", "UPDATE"]
    hits = store.search(("alice",), query="where does Alice live")
    assert hits[0].key == "home" and hits[0].score is not None
    assert {h.key for h in store.search(("alice", "memories"))} == {"home", "food"}
    assert [h.key for h in store.search(("alice",), filter={"kind": "pref"})] == ["tea"]
    assert {h.key for h in store.search(("alice",), filter={"year": {"$gte": 2024}})} == {"home", "tea"}
    assert len(store.search(("alice",), limit=1)) == 1
    assert all(h.namespace[0] == "alice" for h in store.search(("alice",), query="lives"))  # never bob's
    assert store.list_namespaces(prefix=("alice",)) == [("alice", "memories"), ("alice", "prefs")]
    assert store.list_namespaces(prefix=("alice",), suffix=("prefs",)) == [("alice", "prefs")]
    assert store.list_namespaces(prefix=("alice",), max_depth=1) == [("alice",)]
    store.delete(("alice", "prefs"), "tea")
    assert store.get(("alice", "prefs"), "tea") is None
    assert store.list_namespaces(prefix=("alice",)) == [("alice", "memories")]
    with pytest.raises(InvalidInputError):
        store.list_namespaces()  # whose? memwarden scopes by user


def test_same_text_under_two_keys_stays_two_items(memory):
    store = MemwardenStore(memory, user_id="carol")  # every namespace in carol's scope
    store.put(("notes",), "a", {"text": "Buy milk"})
    store.put(("todo",), "b", {"text": "Buy milk"})
    assert store.get(("notes",), "a").value == store.get(("todo",), "b").value == {"text": "Buy milk"}
    assert store.list_namespaces() == [("notes",), ("todo",)]


def test_async_api(memory):
    store = MemwardenStore(memory)

    async def go():
        await asyncio.gather(*(store.aput(("dana", "m"), f"k{i}", {"text": f"Dana fact number {i}"}) for i in range(5)))
        got = await store.aget(("dana", "m"), "k3")
        found = await store.asearch(("dana",), query="fact number 3")
        await store.adelete(("dana", "m"), "k0")
        return got, found, await store.alist_namespaces(prefix=("dana",)), await store.asearch(("dana", "m"), limit=10)

    got, found, spaces, rest = asyncio.run(go())
    assert got.value == {"text": "Dana fact number 3"} and found[0].key == "k3"
    assert spaces == [("dana", "m")] and {i.key for i in rest} == {"k1", "k2", "k3", "k4"}


def test_a_real_graph_remembers_across_threads(memory):
    store = MemwardenStore(memory)
    model = GenericFakeChatModel(messages=iter([AIMessage("Noted."), AIMessage("You live in Porto.")]))
    seen_prompts: list[str] = []

    def call_model(state: MessagesState, config, *, store: BaseStore):
        user = config["configurable"]["user_id"]
        last = state["messages"][-1].content
        found = store.search((user, "memories"), query=last, limit=3)
        system = "Known about the user: " + "; ".join(i.value["text"] for i in found)
        seen_prompts.append(system)
        if last.lower().startswith("remember"):
            store.put((user, "memories"), f"m{len(found)}", {"text": last.split(":", 1)[1].strip()})
        return {"messages": [model.invoke([HumanMessage(system), *state["messages"]])]}

    builder = StateGraph(MessagesState)
    builder.add_node("call_model", call_model)
    builder.add_edge(START, "call_model")
    graph = builder.compile(store=store)
    cfg = {"configurable": {"user_id": "erin", "thread_id": "1"}}
    out = graph.invoke({"messages": [HumanMessage("Remember: I live in Porto")]}, cfg)
    assert out["messages"][-1].content == "Noted."
    out = graph.invoke({"messages": [HumanMessage("Where do I live?")]}, {"configurable": {"user_id": "erin", "thread_id": "2"}})
    assert out["messages"][-1].content == "You live in Porto."
    assert "I live in Porto" in seen_prompts[-1]  # the second thread read what the first stored, through memwarden
    assert [m.memory for m in memory.get_all(user_id="erin")] == ["I live in Porto"]
