"""Short, exclamatory or elliptical facts the extractor's own chit-chat filters used to drop
(issue 10, "facts lost"): a clause that carries a fact anchor -- a life state word, a name inside
it, a quoted title, a change that lasts, a pronoun answer to the other side's question -- is
kept, while a pure reaction without one still is not. Wordings are this file's own."""

from __future__ import annotations

import pytest

from memwarden.claims.clauses import fact_anchor, judges
from memwarden.claims.rules import RuleExtractor
from memwarden.models import Turn

R = RuleExtractor()


def texts(*turns: tuple[str, str | None]) -> list[str]:
    return [c.text for c in R.extract([Turn(role="user", content=c, name=n) for c, n in turns]).claims]


@pytest.mark.parametrize("said", ["retired!!", "Divorced. Finally.", "pregnant!! 🎉"])
def test_a_life_state_word_alone_is_a_fact(said: str) -> None:
    out = texts((said, None))
    assert len(out) == 1 and said.split()[0].strip("!.").lower() in out[0].lower(), out


@pytest.mark.parametrize("said", ["wow!!", "lol", "yay!!! 🎉"])
def test_a_one_word_reaction_is_still_dropped(said: str) -> None:
    assert texts((said, None)) == []


def test_a_name_after_an_evaluative_head_is_kept() -> None:
    out = texts(("It's Greta Gerwig!", None))
    assert out and "Greta Gerwig" in out[0]


def test_a_trailing_address_is_not_a_fact_anchor() -> None:
    assert not fact_anchor("that's so kind, Priya")
    assert texts(("That's so kind, Priya!", None)) == []


def test_a_quoted_title_with_a_colon_is_not_cut_as_a_heading() -> None:
    out = texts(("The one I replayed most was 'Hollow Knight: Silksong'", None))
    assert out and "Hollow Knight: Silksong" in out[0]


def test_for_good_is_a_lasting_change_not_a_judgement() -> None:
    assert not judges("done with sugar for good")
    assert judges("the cake was good")
    assert fact_anchor("done with sugar for good")


def test_a_pronoun_answer_to_a_question_is_a_fact() -> None:
    out = texts(("Where did you two first meet?", "Lena"), ("It was at a pottery class downtown.", "Omar"))
    assert any("pottery class" in t for t in out), out


def test_the_same_pronoun_clause_without_a_question_is_a_reaction() -> None:
    assert texts(("I finally tried the new ramen place.", "Lena"), ("It was at a pottery class downtown.", "Omar")) == \
        ["Lena finally tried the new ramen place"]


def test_an_appraisal_answering_a_question_is_still_a_reaction() -> None:
    assert texts(("How was the concert?", "Lena"), ("It was so good!", "Omar")) == []


def test_the_gate_reads_an_elided_subject_state_as_a_state() -> None:
    from memwarden.claims.gate import features

    assert features("retired!!")["state_verb"] == 1.0
    assert features("off sugar for good")["state_verb"] == 1.0
    assert features("sooo tired!!")["state_verb"] == 0.0
    assert texts(("done with gluten from now on", None))


def test_an_ex_is_a_relation_so_a_fact_about_them_is_not_a_mood() -> None:
    out = texts(("my ex kept the good blender lol", None))
    assert out and out[0].startswith("The user's ex kept"), out
    assert texts(("my example was dumb lol", None)) == []
