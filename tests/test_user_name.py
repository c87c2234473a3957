"""The scope user's name (session 18, ``add(user_name=)``; :mod:`memwarden.user_name`).

A mem0-style caller names the user's turns (``{"role": "user", "name": "Maya"}``); the scenario
format names third parties the same way. These tests hold the line between the two: the user's
named turns are the user's own once the scope knows the name, every other name stays a third party,
and without a known name nothing changes.
"""

from __future__ import annotations

import pytest

from memwarden import Memory
from memwarden.config import MemoryConfig
from memwarden.errors import InvalidInputError
from memwarden.user_name import about_user, check_user_name, same_person, users_names
from memwarden.models import Turn


@pytest.fixture(scope="module")
def real(minilm) -> Memory:
    m = Memory(config=MemoryConfig(embedder="minilm"), embedder=minilm)
    yield m
    m.close()


def _claims(m: Memory, uid: str) -> dict[str, tuple[str | None, str | None]]:
    """claim text -> (subject, speaker)"""
    return {it.memory: (it.claim.subject if it.claim else None, it.speaker) for it in m.get_all(user_id=uid)}


def _subject_of(claims: dict[str, tuple[str | None, str | None]], word: str) -> set[str | None]:
    return {subj for text, (subj, _) in claims.items() if word in text}


# -- the README example: the user's name is the user_id -----------------------------------------


def test_a_turn_named_as_the_user_id_is_the_user_and_the_name_is_remembered(real: Memory) -> None:
    uid = "maya"
    real.add([{"role": "user", "name": "Maya", "content": "I live in Leeds and I'm allergic to shellfish."},
              {"role": "user", "name": "Tom", "content": "I live in York."}], user_id=uid)
    assert real.store.user_name(uid) == "Maya"
    claims = _claims(real, uid)
    assert _subject_of(claims, "Leeds") == {"user"} and _subject_of(claims, "York") == {"Tom"}
    assert all(sp is None for text, (_, sp) in claims.items() if "Leeds" in text)  # read as an unnamed user turn
    for q in ("Where do I live?", "Where does Maya live?"):
        top = real.search(q, user_id=uid, limit=1).results[0]
        assert "Leeds" in top.memory, q
    assert real.verdict("Maya lives in Leeds", user_id=uid).verdict == "TRUE"
    assert real.verdict("The user lives in Leeds", user_id=uid).verdict == "TRUE"
    assert real.verdict("Maya lives in Leeds", user_id=uid).claim == "Maya lives in Leeds"  # the caller's words back


# -- an explicit name across two adds ---------------------------------------------------------------


def test_an_explicit_user_name_holds_for_later_adds_with_a_named_third_party(real: Memory) -> None:
    uid = "u-explicit"
    real.add([{"role": "user", "name": "Robin", "content": "My dentist is Dr Okafor."}], user_id=uid, user_name="Robin")
    # The second call names only two speakers: without the stored name the per-call guess would not
    # know which is the user; with it, Robin is the user and Priya a third party.
    real.add([{"role": "user", "name": "Priya", "content": "I work at Arup now."},
              {"role": "user", "name": "Robin", "content": "I work at the library."}], user_id=uid)
    claims = _claims(real, uid)
    assert _subject_of(claims, "Okafor") == {"user"}
    assert _subject_of(claims, "library") == {"user"}
    assert _subject_of(claims, "Arup") == {"Priya"}
    top = real.search("Where do I work?", user_id=uid, limit=1).results[0]
    assert "library" in top.memory


def test_only_third_parties_in_a_call_stay_third_parties_once_the_name_is_known(real: Memory) -> None:
    uid = "u-only-tom"
    real.add([{"role": "user", "name": "Robin", "content": "I live in Leeds."}], user_id=uid, user_name="Robin")
    # Today's per-call guess takes a lone named speaker for the user; a known name overrides it.
    real.add([{"role": "user", "name": "Tom", "content": "I live in York and I'm a nurse."}], user_id=uid)
    claims = _claims(real, uid)
    assert _subject_of(claims, "York") == {"Tom"}
    assert real.store.user_name(uid) == "Robin"


def test_the_named_users_own_denial_makes_a_verdict_false(real: Memory) -> None:
    uid = "u-denial"
    real.add([{"role": "user", "name": "Robin", "content": "I'm not allergic to penicillin, the skin test came back negative."},
              {"role": "user", "name": "Tom", "content": "I'm allergic to penicillin."}], user_id=uid, user_name="Robin")
    for claim in ("Robin is allergic to penicillin", "I am allergic to penicillin", "The user is allergic to penicillin"):
        assert real.verdict(claim, user_id=uid).verdict == "FALSE", claim


def test_the_users_word_stored_under_their_name_before_it_was_known_is_first_hand(real: Memory) -> None:
    uid = "u-before"
    # One name on every user turn: today's per-call guess already takes it for the user (subject
    # "user", speaker "Robin"); the verdict used to demote it for not naming Robin.
    real.add([{"role": "user", "name": "Robin", "content": "I moved to Bristol in March."}], user_id=uid)
    assert real.store.user_name(uid) is None
    real.add([{"role": "user", "name": "Robin", "content": "I'm learning Spanish."}], user_id=uid, user_name="Robin")
    assert real.verdict("The user lives in Bristol", user_id=uid).verdict == "TRUE"


def test_the_stored_name_belongs_to_one_tenant(real: Memory) -> None:
    real.add([{"role": "user", "name": "Robin", "content": "I live in Leeds."}], user_id="t-a", user_name="Robin")
    real.add([{"role": "user", "content": "I live in Hull."},
              {"role": "user", "name": "Robin", "content": "I live in York."}], user_id="t-b")
    assert real.store.user_name("t-a") == "Robin" and real.store.user_name("t-b") is None
    assert _subject_of(_claims(real, "t-b"), "York") == {"Robin"}  # another tenant's Robin is a third party there
    real.delete_all(user_id="t-a")
    assert real.store.user_name("t-a") is None


def test_without_a_name_the_scenario_conventions_are_unchanged(mem: Memory) -> None:
    mem.add([{"role": "user", "content": "I live in Hull."},
             {"role": "user", "name": "Priya", "content": "I live in Derby."}], user_id="plain")
    assert mem.store.user_name("plain") is None
    claims = _claims(mem, "plain")
    assert _subject_of(claims, "Hull") == {"user"} and _subject_of(claims, "Derby") == {"Priya"}


# -- bad input ------------------------------------------------------------------------------------


@pytest.mark.parametrize("bad", ["", "   ", "x" * 101, "Robin\nDROP", "12345", "\x00Rob", 42, ["Robin"]])
def test_a_bad_user_name_is_a_clear_error_and_writes_nothing(mem: Memory, bad: object) -> None:
    with pytest.raises(InvalidInputError, match="user_name"):
        mem.add([{"role": "user", "name": "Robin", "content": "I live in Leeds."}], user_id="bad", user_name=bad)
    assert mem.store.user_name("bad") is None and len(mem.get_all(user_id="bad")) == 0


def test_a_name_is_one_line_of_spaces_collapsed() -> None:
    assert check_user_name("  Maya   Okafor ") == "Maya Okafor"
    assert check_user_name("Zoë") == "Zoë" and check_user_name(None) is None


# -- misfires: who is NOT the user ------------------------------------------------------------------


@pytest.mark.parametrize("name,user_id,known", [
    ("Tom", "u1", "Robin"),
    ("Rob", "u1", "Robin"),  # a prefix of the user's name
    ("Robina", "u1", "Robin"),  # a longer name starting with it
    ("Robin Hood", "u1", "Robin"),  # the same first name, another person
    ("Maya", "maya_k", None),  # the user_id's prefix: decided, a third party
    ("Maya Lopez", "maya", None),
    ("Priya", "priya2", None),
    ("Sam", "samantha", None),
    ("Ana", "anna", None),
    ("Jo", "jo-ann", None),
    ("Dr Robin", "u1", "Robin"),
    ("Robin's mum", "u1", "Robin"),
    ("Assistant", "u1", "Robin"),
    ("Alex", "alexa", None),
    ("Lee", "u1", "Leeann"),
])
def test_these_speakers_stay_third_parties(name: str, user_id: str, known: str | None) -> None:
    keys, learned = users_names([Turn(role="user", name=name, content="I live in York.", index=0)], user_id, known)
    assert not (keys and any(same_person(name, k) for k in keys) or same_person(name, known)), name
    assert learned is None


@pytest.mark.parametrize("name,user_id", [("Maya", "maya"), ("maya", "MAYA"), ("Maya K", "maya_k"), ("Maya-K.", "mayak"),
                                          ("Zoë", "zoë")])
def test_a_name_equal_to_the_user_id_is_the_user(name: str, user_id: str) -> None:
    keys, learned = users_names([Turn(role="user", name=name, content="hi", index=0)], user_id, None)
    assert keys and learned == name


@pytest.mark.parametrize("text,name", [
    ("May I bring my dog on Saturday?", "May"),
    ("We fly out in May.", "May"),
    ("May 3rd works for me.", "May"),
    ("Will you remind me at five?", "Will"),
    ("I will call the bank tomorrow.", "Will"),
    ("Mark the invoice as paid.", "Mark"),
    ("Bill me for the repair later.", "Bill"),
    ("Hope you had a nice weekend.", "Hope"),
    ("My dentist is Dr Robin Shah.", "Robin"),
    ("Nurse Robin took my bloods.", "Robin"),
    ("Robin Hood is on at the Playhouse.", "Robin"),
    ("I saw a robin in the garden.", "Robin"),
    ("Robinson's is the shop on the corner.", "Robin"),
    ("where does maya live", "Maya"),  # not written as a name: left alone (documented)
    ("Pat the dog twice.", "Pat"),
    ("Sue them if they don't pay.", "Sue"),
    ("Grace and I booked the hall.", "Robin"),
])
def test_about_user_leaves_what_is_not_the_users_name(text: str, name: str) -> None:
    assert about_user(text, name) == text


@pytest.mark.parametrize("text,name,want", [
    ("Where does Maya live?", "Maya", "Where does the user live?"),
    ("Who is Maya's dentist?", "Maya", "Who is the user's dentist?"),
    ("Is Maya Okafor allergic to nuts?", "Maya Okafor", "Is the user allergic to nuts?"),
    ("Does Will like tea?", "Will", "Does the user like tea?"),
])
def test_about_user_reads_the_users_name_as_the_user(text: str, name: str, want: str) -> None:
    assert about_user(text, name) == want


# -- the API's other doors ----------------------------------------------------------------------------


def test_async_memory_passes_user_name_through() -> None:
    import asyncio

    from memwarden import AsyncMemory

    async def main() -> None:
        async with AsyncMemory(config=MemoryConfig(embedder="hash")) as m:
            await m.add([{"role": "user", "name": "Robin", "content": "I live in Leeds."}], user_id="a1", user_name="Robin")
            assert m.memory.store.user_name("a1") == "Robin"

    asyncio.run(main())


def test_rest_add_body_takes_user_name(tmp_path) -> None:
    pytest.importorskip("fastapi")
    from fastapi.testclient import TestClient

    from memwarden.api_keys import open_keys, parse_tenants
    from memwarden.server.app import create_app

    m = Memory(config=MemoryConfig(database=str(tmp_path / "s.db"), embedder="hash"))
    keys = open_keys(m.store)
    tok = keys.create("alice", parse_tenants(["alice"])).token
    client = TestClient(create_app(m, keys), raise_server_exceptions=False)
    body = {"messages": [{"role": "user", "name": "Robin", "content": "I live in Leeds."},
                         {"role": "user", "name": "Tom", "content": "I live in York."}], "user_id": "alice", "user_name": "Robin"}
    r = client.post("/v1/memories", json=body, headers={"Authorization": f"Bearer {tok}"})
    assert r.status_code == 200, r.text
    assert m.store.user_name("alice") == "Robin"
    r = client.post("/v1/memories", json={**body, "user_name": ""}, headers={"Authorization": f"Bearer {tok}"})
    assert r.status_code in (400, 422) and "user_name" in r.text
    m.close()


# -- the name rides with the cached index (issue 16: no store read per search) ---------------------


def test_search_and_verdict_take_the_name_from_the_cached_index_not_the_store(real: Memory, monkeypatch) -> None:
    uid = "cached-name"
    real.add([{"role": "user", "name": "Inés", "content": "I live in Girona and I work at the ceramics studio."}],
             user_id=uid, user_name="Inés")
    real.search("warm-up", user_id=uid)  # the scope's index is built and cached

    def no_read(user_id: str) -> str | None:
        raise AssertionError("search read the user's name from the store")

    monkeypatch.setattr(real.store, "user_name", no_read)
    assert "Girona" in real.search("Where does Inés live?", user_id=uid, limit=1).results[0].memory
    assert real.verdict("Inés lives in Girona", user_id=uid).verdict == "TRUE"


def test_a_name_set_by_another_process_is_read_at_the_next_search(minilm, tmp_path) -> None:
    cfg = MemoryConfig(embedder="minilm", database=str(tmp_path / "shared.db"))
    a, b = Memory(config=cfg, embedder=minilm), Memory(config=cfg, embedder=minilm)
    try:
        a.add([{"role": "user", "content": "I live in Girona."}], user_id="two")
        assert b.scopes.user_name("two") is None  # b caches the scope, unnamed
        a.add([{"role": "user", "name": "Inés", "content": "I work at the ceramics studio."}], user_id="two",
              user_name="Inés")
        top = b.search("Where does Inés live?", user_id="two", limit=1).results[0]
        assert "Girona" in top.memory and b.scopes.user_name("two") == "Inés"
        b.delete_all(user_id="two")  # clears the name with the rows, in b's cache and for a's next search
        assert b.scopes.user_name("two") is None
        a.search("anything", user_id="two")
        assert a.scopes.user_name("two") is None
    finally:
        a.close()
        b.close()
