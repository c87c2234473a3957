"""Every JSON reply of an LLM is read by one function (providers.llm.parse_json): a fenced reply
(```json ... ```) is used like a bare one by extraction, utility, claims and governance, and a
malformed one falls back in a way the receipt or the extraction result says."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

from memwarden import Memory
from memwarden.admission.scored import ScoredAdmitter
from memwarden.claims.llm import LLMExtractor
from memwarden.config import MemoryConfig
from memwarden.errors import LLMError
from memwarden.models import Turn
from memwarden.providers.llm import ScriptedLLM, complete_json, parse_json

SRC = Path(__file__).parents[1] / "src" / "memwarden"
FACTS = {"facts": [{"text": "Bob moved to Lisbon in May.", "turns": [0]}]}


def fenced(obj: object, lang: str = "json") -> str:
    return f"```{lang}\n{json.dumps(obj)}\n```"


@pytest.mark.parametrize("reply", [json.dumps({"a": 1}), fenced({"a": 1}), fenced({"a": 1}, ""), "  " + fenced({"a": 1}) + "\n",
                                   'Sure! Here it is: {"a": 1} Hope that helps.', "```\n{\"a\": 1}```"])
def test_parse_json_reads_bare_fenced_and_prefaced_replies(reply):
    assert parse_json(reply) == {"a": 1}


@pytest.mark.parametrize("reply", ["", "no json here", "```json\n{\"a\": \n```", "{'a': 1}"])
def test_parse_json_names_a_malformed_reply(reply):
    with pytest.raises(LLMError, match="did not return JSON"):
        parse_json(reply)


def test_no_llm_reply_is_parsed_with_bare_json_loads():
    """The modules that read an LLM's reply call parse_json, never json.loads on it."""
    readers = ["admission/llm.py", "admission/extract.py", "claims/llm.py", "governance/cards.py",
               "governance/pipeline.py", "governance/policy.py"]
    # governance/policy.py reads its shipped classifier file (not a reply) with json.loads(text)
    allowed = {("governance/policy.py", "json.loads(text)")}
    for rel in readers:
        for node in ast.walk(ast.parse((SRC / rel).read_text())):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "loads":
                assert (rel, ast.unparse(node)) in allowed, f"{rel}:{node.lineno} {ast.unparse(node)}"


def _turn_path_memory(llm: ScriptedLLM) -> Memory:
    return Memory(config=MemoryConfig(embedder="hash", claims=False, llm_admission=True), llm=llm)


def test_a_fenced_extraction_reply_is_used_on_the_turn_path():
    llm = ScriptedLLM([fenced(FACTS), fenced({"score": 0.9})])
    with _turn_path_memory(llm) as m:
        res = m.add([{"role": "user", "name": "Bob", "content": "I moved to Lisbon, back in May."}], user_id="b")
    assert [r.text for r in res.results] == ["Bob moved to Lisbon in May."]
    assert res.results[0].fallback is None and res.results[0].scores["utility"] == 0.9  # the fenced score was read too


@pytest.mark.parametrize("reply, why", [("not json", "did not return JSON"), ('{"facts": "x"}', 'no "facts" list'),
                                        (fenced({"facts": [{"text": "x", "turns": [9]}]}), "not among the 1 shown")])
def test_a_malformed_extraction_reply_falls_back_and_the_receipt_says_why(reply, why):
    llm = ScriptedLLM([reply, RuntimeError("down")])
    with _turn_path_memory(llm) as m:
        res = m.add([{"role": "user", "content": "I adopted a cat called Miso."}], user_id="b")
        stored = m.receipts(user_id="b")
    assert [r.text for r in res.results] == ["I adopted a cat called Miso."]  # one candidate per turn: nothing lost
    for r in (res.results[0], stored[0]):  # in the result and as stored
        assert r.fallback and "LLM extraction by scripted failed" in r.fallback and why in r.fallback, r.fallback


@pytest.mark.parametrize("reply, used", [(fenced({"score": 0.93}), True), ("```json\n{\"score\": 0.93", False),
                                         (fenced({"score": 3}), False)])
def test_utility_reads_a_fenced_score_and_names_a_bad_one(reply, used):
    with Memory(config=MemoryConfig(embedder="hash", claims=False), admitter=ScoredAdmitter(llm=ScriptedLLM([reply]))) as m:
        r = m.add("I adopted a beagle called Max last week.", user_id="u").results[0]
    if used:
        assert r.scores["utility"] == 0.93 and "LLM utility failed" not in r.reason
    else:
        assert "LLM utility failed" in r.reason


def test_claims_extraction_and_complete_json_read_fenced_replies():
    claims = {"claims": [{"text": "Bob lives in Lisbon.", "subject": "Bob", "turns": [0]}]}
    llm = ScriptedLLM(lambda msgs: fenced(claims))
    out = LLMExtractor(llm).extract([Turn(role="user", name="Bob", content="I live in Lisbon.", index=0)])
    assert out.fallback is None and [c.text for c in out.claims] == ["Bob lives in Lisbon."], out
    assert complete_json(ScriptedLLM([fenced({"ok": True})]), [{"role": "user", "content": "x"}]) == {"ok": True}
