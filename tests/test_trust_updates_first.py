"""A later statement that updates an earlier one ranks above it (trust.ranking.updates_first)."""

from datetime import datetime, timezone

from memwarden.models import Claim, ScoreParts, SearchHit
from memwarden.trust.ranking import updates_first


def _hit(i: int, text: str, day: int, slot: str | None = None) -> SearchHit:
    when = datetime(2025, 3, day, tzinfo=timezone.utc)
    claim = Claim(subject="user", attribute=slot.split("|")[1], slot=slot) if slot else None
    return SearchHit(id=str(i), memory=text, score=1.0 - i / 10, scores=ScoreParts(fused=1.0 - i / 10), user_id="u",
                     created_at=when, updated_at=when, claim=claim)


def test_a_later_update_cue_sharing_a_word_moves_above_the_older_hit() -> None:
    old = _hit(0, "The user's service runs on python 3.9", 1)
    other = _hit(1, "The user is allergic to cats", 2)
    new = _hit(2, "The user finally bumped the runtime to python 3.12", 20)
    assert [h.id for h in updates_first([old, other, new], "which python version?")] == ["2", "0", "1"]


def test_same_slot_later_claim_moves_up_without_a_cue() -> None:
    old = _hit(0, "The user's plan is Starter", 1, "user|plan")
    new = _hit(1, "The user is on Business", 9, "user|plan")
    assert [h.id for h in updates_first([old, new], "what plan?")] == ["1", "0"]


def test_unrelated_or_older_hits_stay_put() -> None:
    top = _hit(0, "The user is allergic to peanuts", 1)
    cued = _hit(1, "The user moved to Bristol now", 9)  # a cue, but nothing shared with the top hit or query
    assert [h.id for h in updates_first([top, cued], "am I allergic to anything?")] == ["0", "1"]
    older = _hit(2, "The user now runs python 3.12", 1)
    newer = _hit(3, "The user runs python 3.9", 9)  # the cued hit is the older one: no move
    assert [h.id for h in updates_first([newer, older], "python")] == ["3", "2"]


def test_a_cued_hit_without_the_asked_word_does_not_jump_one_that_has_it() -> None:
    old = _hit(0, "The user wrote about kayaks with the old embedder", 1)
    new = _hit(1, "The user wrote about canoes with the new embedder", 9)  # cue "new", shares "embedder"
    assert [h.id for h in updates_first([old, new], "kayaks")] == ["0", "1"]


def _said(i: int, text: str, day: int, vouched_by: str, firmness: str = "stated") -> SearchHit:
    h = _hit(i, text, day)
    return h.model_copy(update={"claim": Claim(subject="user", vouched_by=vouched_by, firmness=firmness)})  # type: ignore[arg-type]


def test_a_firm_word_on_the_same_topic_ranks_above_hearsay() -> None:
    rumour = _said(0, "The boiler service is on the 9th (according to the user's neighbour)", 5, "unknown", "reported")
    letter = _said(1, "Per the letter: the boiler service is booked for the 14th", 2, "document")
    # earlier or later, the written word beats the neighbour's on the boiler
    assert [h.id for h in updates_first([rumour, letter], "when is the boiler service?")] == ["1", "0"]
    hedge = _said(2, "The train leaves at 7 (not certain)", 1, "user", "hedged")
    unrelated = _said(3, "The user's sister lives in Cork", 9, "user")
    assert [h.id for h in updates_first([hedge, unrelated], "when does the train leave?")] == ["2", "3"]


def test_a_firm_word_answering_the_question_beats_hearsay_answering_it_in_other_words() -> None:
    rumour = _said(0, "Everyone is moving to the Leeds office in spring (according to Sam)", 5, "unknown", "reported")
    own = _said(1, "The user's team stays in Bradford", 6, "user")
    # no word in common, but each answers a part of the question: the user's own word first
    assert [h.id for h in updates_first([rumour, own], "Is my team's office moving?")] == ["1", "0"]


def test_in_a_conflict_two_statements_made_together_are_ordered_by_relevance() -> None:
    from memwarden.trust.ranking import order_by_testimony

    a = _said(0, "The user: changed banks last week", 5, "user").model_copy(update={"score": 0.1})
    b = _said(1, "The user banks with Starling now", 5, "user").model_copy(update={"score": 0.9})
    assert [h.id for h in order_by_testimony([a, b])] == ["1", "0"]


def test_a_later_outright_replacement_jumps_an_older_hit_holding_the_asked_word() -> None:
    old = _hit(0, "The user's reading glasses are the tortoiseshell pair from Specsavers", 1)
    new = _hit(1, "The optician took the user off the tortoiseshell pair, varifocals instead", 9)
    assert [h.id for h in updates_first([old, new], "which reading glasses do I wear?")] == ["1", "0"]
    # "new" only describes: the older hit holding the asked words stays first
    desc = _hit(2, "The user's new case for the tortoiseshell pair is blue", 9)
    assert [h.id for h in updates_first([old, desc], "which reading glasses do I wear?")] == ["0", "2"]


def test_when_only_meaning_matched_a_later_own_change_comes_first() -> None:
    def own(i: int, text: str, day: int) -> SearchHit:
        return _hit(i, text, day).model_copy(update={"claim": Claim(subject="user")})

    old = own(0, "The user has the Nationwide flex account", 1)
    new = own(1, "The user: it's Starling these days, way better app", 9)
    assert [h.id for h in updates_first([old, new], "who is my bank?")] == ["1", "0"]
    # a word of the question in the older hit: it answers, the unworded change does not jump it
    worded = own(2, "The user's bank is Nationwide", 1)
    assert [h.id for h in updates_first([worded, new], "who is my bank?")] == ["2", "1"]
    # hearsay saying it changed is not the user's own word
    rumour = _said(3, "Starling is the thing now apparently", 9, "unknown", "reported")
    assert [h.id for h in updates_first([old, rumour], "who is my bank?")] == ["0", "3"]


def test_the_users_own_outright_replacement_near_the_top_needs_no_shared_word() -> None:
    def own(i: int, text: str, day: int) -> SearchHit:
        return _hit(i, text, day).model_copy(update={"claim": Claim(subject="user")})

    old = own(0, "The user's window cleaner is the Brightside lot, every other friday", 1)
    new = own(1, "The user: sacked them and went with a local guy instead", 9)
    assert [h.id for h in updates_first([old, new], "who cleans my windows?")] == ["1", "0"]
    # about someone else the question names: it stays below
    kid = own(2, "The user: the club changed Noor's training to mondays", 9)
    tom = own(3, "Tom has football on thursdays after school", 1)
    assert [h.id for h in updates_first([tom, kid], "when is Tom's football?")] == ["3", "2"]
    # third in line or lower: relevance already said it is far from the question
    filler = [own(5 + k, f"The user: note {k}", 1) for k in range(2)]
    assert [h.id for h in updates_first([old, *filler, new], "who cleans my windows?")][0] == "0"


def test_a_later_contrast_naming_the_old_value_moves_above_it_without_the_asked_word() -> None:
    old = _said(0, "The user's parents evening is in the sports hall", 1, "user")
    other = _said(1, "The user: the school fair raised plenty", 3, "user")
    new = _said(2, "The user: got a text, it's in the library not the sports hall", 9, "user")
    assert [h.id for h in updates_first([old, other, new], "which room is parents evening in?")] == ["2", "0", "1"]
    # a plain negation names nothing replaced: it stays below
    neg = _said(2, "The user: parking is not allowed at the school", 9, "user")
    assert [h.id for h in updates_first([old, other, neg], "which room is parents evening in?")] == ["0", "1", "2"]


def _echo(i: int, text: str, day: int) -> SearchHit:
    h = _hit(i, text, day)
    return h.model_copy(update={"claim": Claim(subject="user", vouched_by="assistant", echo=True)})


def test_the_users_own_words_rank_above_the_assistants_echo_of_them() -> None:
    echo = _echo(0, "The user: a studio flat in Leith for £850 with bills, got it", 3)
    said = _said(1, "The user is renting a studio flat in Leith, 850 a month with bills", 3, "user")
    assert [h.id for h in updates_first([echo, said], "what rent do I pay?")] == ["1", "0"]
    # a later firm word on the echo's matter passes it too, but an echo is no weaker than hearsay's equal:
    # a hedge of the user's own does not jump it
    later = _said(2, "The user's share of the rent on the new flat is 1,100", 9, "user")
    assert [h.id for h in updates_first([echo, later], "what rent do I pay?")][0] == "2"
    hedged = _said(3, "The user thinks the flat rent is 800", 9, "user", "hedged")
    assert [h.id for h in updates_first([echo, hedged], "what rent do I pay?")] == ["0", "3"]


def test_an_echo_and_a_statement_sharing_only_a_name_keep_their_order() -> None:
    echo = _echo(0, "Understood: a low-salt diet and a 1.5 litre fluid cap for Grandpa Ted", 3)
    trip = _said(1, "The user is driving to Whitby on Saturday, Grandpa Ted also coming", 3, "user")
    assert [h.id for h in updates_first([echo, trip], "how much can he drink a day?")] == ["0", "1"]


def test_an_echo_summing_up_a_split_turn_yields_to_the_part_it_restates_most() -> None:
    echo = _echo(0, "Unit 7, 980 rent, a broken boiler", 3)
    place = _said(1, "The user: unit 7, Harbour View", 3, "user")
    repair = _said(2, "The user: rent 980 and the boiler is broken", 3, "user")
    # the repair first (it restates most of the echo), then the place, the echo last
    assert [h.id for h in updates_first([echo, place, repair], "what needs fixing in my unit?")] == ["2", "1", "0"]


def test_an_onset_speaking_of_the_asked_person_by_a_pronoun_passes_the_older_hit_naming_them() -> None:
    old = _said(0, "Dev's swimming lesson is Tuesdays at 5 at the Lido", 1, "user")
    mid = _said(1, "The user drives Dev there", 1, "user")
    new = _said(2, "The user: from the 9th they've moved him to the Thursday 6pm group", 20, "user")
    assert [h.id for h in updates_first([old, mid, new], "When is Dev's swimming these days?")][0] == "2"
    # the pronoun must find the asked person in the older hit: another person's lesson is not passed
    other = _said(3, "Priya's swimming lesson is Tuesdays at 5 at the Lido", 1, "user")
    assert [h.id for h in updates_first([other, mid, new], "When is Dev's swimming these days?")][0] == "3"
    # nor does a change to someone else, named, spoken of by a pronoun
    brother = _said(4, "The user: from the 9th Sami's club moved him to the Thursday 6pm group", 20, "user")
    assert [h.id for h in updates_first([old, mid, brother], "When is Dev's swimming these days?")][0] == "0"
