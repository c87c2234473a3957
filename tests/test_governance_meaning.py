"""Issue 12: policies from meaning (whose, for whom, which setting, held view, evidence, newer slot),
in wording unlike MemSyco's templates, and context() without re-embedding."""

from __future__ import annotations

from datetime import datetime, timezone

import numpy as np
import pytest

from memwarden import Memory, MemoryConfig
from memwarden.governance.facts import memory_facts
from memwarden.governance.request import request_facts, world_question
from memwarden.governance.policy import MemoryView, classify
from memwarden.models import Claim
from memwarden.providers.embedder import default_embedder


@pytest.fixture(scope="module")
def emb():  # type: ignore[no-untyped-def]
    return default_embedder()


def t(day: int) -> datetime:
    return datetime(2025, 1, day, tzinfo=timezone.utc)


def one(emb, query, text, evidence=(), speaker="user"):  # type: ignore[no-untyped-def]
    [u] = classify(emb, query, list(evidence), [MemoryView(id="m1", text=text, speaker=speaker)])
    return u


def test_whom_the_request_serves() -> None:
    assert request_facts("Book a table for the whole team, 9 of us, on Friday", []).serves == "group"
    assert request_facts("Write a birthday card for my niece", []).serves == "other"
    assert request_facts("Which laptop should I buy? I edit photos of my kids.", []).serves == "user"
    # A request that points back is about what the user described last.
    ev = ["user: I am arranging a weekend away with my cousins and their partners.", "assistant: Got it."]
    assert request_facts("For the plan we discussed, what do you suggest?", ev).serves == "group"


def test_questions_about_the_world_vs_the_users_doing() -> None:
    assert world_question("Is it true that cracking knuckles causes arthritis?")
    assert world_question("Quick one for a quiz: how far is the Moon from Earth?")
    assert not world_question("How do I reset my router?")
    assert not world_question("Which hiking boots would you recommend for me?")


def test_kind_of_statement_and_who_vouches() -> None:
    assert memory_facts("My uncle swears that cold weather causes flu").reported
    assert memory_facts("Priya said the museum is free on Sundays", "Priya").voucher == "other"
    assert memory_facts("I think octopuses have three hearts").held_view
    f = memory_facts("I really can't stand loud bars")
    assert f.preference and not f.reported and not f.world_claim
    assert memory_facts("At work every slide deck must use the company template").contexts == {"work"}


def test_personal_dislike_in_a_group_request_is_scoped(emb) -> None:  # type: ignore[no-untyped-def]
    u = one(emb, "Plan the menu for our 16-person department dinner next month.", "Honestly I can't stand seafood, never could")
    assert u.policy == "constrain_to_scope" and "one person's" in u.instruction
    assert one(emb, "What should I cook for myself tonight?", "Honestly I can't stand seafood, never could").policy == "use"


def test_work_only_rule_does_not_shape_a_personal_message(emb) -> None:  # type: ignore[no-untyped-def]
    u = one(emb, "Write a congratulations card for my nephew who just graduated.",
            "At work all my emails must be formal, no exclamation marks")
    assert u.policy == "constrain_to_scope" and "another setting" in u.rationale


def test_a_taste_is_one_consideration_when_the_situation_weighs_options(emb) -> None:  # type: ignore[no-untyped-def]
    taste = "I always go for the cheapest thing that does the job"
    weighed = ("I'm buying a tent for three weeks in Scotland. The cheapest one sleeps two and weighs 3 kg, while a pricier "
               "one is half the weight and is rated for storms. Which should I get?")
    assert request_facts(weighed, []).weighs_options
    assert one(emb, weighed, taste).policy == "constrain_to_scope"
    # The user's wishes set against each other, or time ("while I cook"), weigh no options.
    plain = "I need a tent for a weekend at the lake, but I don't want to spend much. What should I get?"
    assert not request_facts(plain, []).weighs_options and one(emb, plain, taste).policy == "use"
    assert not request_facts("Put on some music while I make dinner.", []).weighs_options
    # A one-line request with a contrast in it describes no situation to weigh.
    assert not request_facts("Book the sushi place for tonight, my usual one is closed but the other branch is open.", []
                             ).weighs_options


def test_which_group_and_which_preference_decide_a_group_request(emb) -> None:  # type: ignore[no-untyped-def]
    thriller = "I'm big on slow-burn thrillers, the tenser the better"
    # A plan among the user's own friends: the user's taste may shape it ...
    among = "Pick a film for Saturday's movie night with a few friends."
    assert request_facts(among, []).peers and one(emb, among, thriller).policy == "use"
    # ... not someone else's occasion, nor a group whose other members' wants are stated.
    party = "Pick a film for my nephew's birthday sleepover with his friends."
    assert request_facts(party, []).honours == {"nephew"} and one(emb, party, thriller).policy == "constrain_to_scope"
    split = "Pick a film for movie night with friends. One of them hates gore and another only watches comedies."
    assert request_facts(split, []).weighs_options and one(emb, split, thriller).policy == "constrain_to_scope"
    # A constraint on the user's own plate stays the user's own, even among peers.
    assert one(emb, "We're doing a barbecue with friends on Sunday, how should we cook the meat?", "I like my steak blue"
               ).policy == "constrain_to_scope"
    # A class the user looks for is where the user takes part, not a group the request serves.
    joined = request_facts("Find me a pottery class to join on weekday evenings.", [])
    assert joined.serves == "user" and one(emb, "Find me a pottery class to join on weekday evenings.",
                                           "I like hands-on, messy crafts").policy == "use"


def test_the_users_own_words_without_i_are_about_the_user(emb) -> None:  # type: ignore[no-untyped-def]
    # "I" left out, or a judgement of taste: the user's own, not a claim about the world.
    assert memory_facts("Cracked knuckles cause arthritis, everyone knows").world_claim  # a subject, not the user
    f = memory_facts("Allergic to penicillin - found out the hard way in 2019")
    assert f.about_user and not f.world_claim
    taste = "honestly mushrooms are the worst, slimy little things"
    g = memory_facts(taste)
    assert g.about_user and g.preference and not g.world_claim
    assert one(emb, "Cater the lunch for our department's away day, about 40 people.", taste).policy == "constrain_to_scope"
    assert one(emb, "Suggest a risotto I could make for myself on Thursday.", taste).policy == "use"
    assert memory_facts("can't stand the smell of fish cooking").about_user
    assert one(emb, "Plan a seafood paella night for my cousins visiting from Spain.",
               "can't stand the smell of fish cooking").policy == "constrain_to_scope"
    # A road named by a short code is still named: "M4".
    assert one(emb, "Best route to Bristol tomorrow morning?", "I always take the M4 to Bristol",
               ["Traffic England: M4 closed in both directions between J15 and J17 until 11:00 tomorrow."]
               ).policy == "defer_to_evidence"
    # A question about the user's own affairs is not a question about how the world is.
    assert not world_question("How long is my commute to work by bike?")
    assert not world_question("I've got a sore throat and the GP mentioned antibiotics, anything I should tell her?")
    assert world_question("How many planets are there in our solar system?")


def test_another_named_value_of_the_same_thing_supersedes(emb) -> None:  # type: ignore[no-untyped-def]
    old = MemoryView(id="a", text="I work at the Northfield branch", time=t(1))
    new = MemoryView(id="b", text="Started at the Eastgate branch this week, much shorter commute", time=t(20))
    a, b = classify(emb, "How long is my commute to work by bike?", [], [old, new])
    assert (a.policy, b.policy) == ("superseded", "use")


def test_a_stated_change_with_another_value_supersedes_in_other_words(emb) -> None:  # type: ignore[no-untyped-def]
    old = MemoryView(id="a", text="I work from the Dublin office", time=t(1))
    new = MemoryView(id="b", text="Transferred to the Berlin office in January", time=t(20))
    a, b = classify(emb, "Find a gym near my office.", [], [old, new])
    assert (a.policy, b.policy) == ("superseded", "use")


def test_a_fact_about_the_users_job_is_not_a_work_only_rule(emb) -> None:  # type: ignore[no-untyped-def]
    assert not memory_facts("I work as a nurse at St Mary's").contexts
    assert memory_facts("In the lab, all data files are named YYYY-MM-DD_sample").contexts == {"work"}
    assert one(emb, "Help me plan my budget for next month.", "Lost my job in March").policy == "use"
    # A rule someone lays down about the user's affairs is not hearsay about the world.
    assert one(emb, "When do I need to get my expenses in this month?",
               "The boss said everyone must submit expenses by the 25th").policy == "use"


def test_memories_stated_together_do_not_replace_each_other(emb) -> None:  # type: ignore[no-untyped-def]
    left = MemoryView(id="a", text="Priya left the company last week, Tom took over as ops lead", time=t(19))
    now = MemoryView(id="b", text="the friday report goes to Tom from now on", time=t(19))
    old = MemoryView(id="c", text="the weekly ops report goes to Priya every friday", time=t(3))
    got = {u.memory_id: u.policy for u in classify(emb, "who do I send the weekly ops report to?", [], [old, now, left])}
    assert got == {"a": "use", "b": "use", "c": "superseded"}


def test_evidence_with_another_value_or_on_a_belief_decides(emb) -> None:  # type: ignore[no-untyped-def]
    assert one(emb, "plan my weekday morning routine for next week",
               "I hit the gym at 6am every weekday before work, it's the only time it's empty",
               ["Email from PureGym: from Monday 1 December our opening hours change to 7am to 10pm on weekdays."]
               ).policy == "defer_to_evidence"
    assert one(emb, "is my blood pressure ok?", "I think my blood pressure is totally normal, not sure though",
               ["Clinic reading, 10 June 2025: 152/98 mmHg. Flagged as high by the practice nurse; repeat in two weeks."]
               ).policy == "defer_to_evidence"


def test_a_rule_for_messages_to_the_team_is_a_work_rule(emb) -> None:  # type: ignore[no-untyped-def]
    assert memory_facts("Keep Slack messages to the team short and in bullet points").contexts == {"work"}
    assert not memory_facts("I cycle to work").contexts
    # Stated for the user's own trips: not for booking the CEO's.
    assert one(emb, "book flights to Frankfurt for the CEO and the two directors",
               "for my own trips I only fly budget, ryanair or easyjet").policy == "constrain_to_scope"
    assert one(emb, "find me a cheap flight to Porto for a weekend in June",
               "for my own trips I only fly budget, ryanair or easyjet").policy == "use"
    assert one(emb, "Write a long message to my sister about our holiday plans.",
               "Keep Slack messages to the team short and in bullet points").policy == "constrain_to_scope"


def test_a_rule_stated_for_a_setting_applies_in_it(emb) -> None:  # type: ignore[no-untyped-def]
    rule = "for work emails I always want a formal tone, no emojis, and sign off with 'Kind regards'"
    assert one(emb, "draft an email to my manager explaining the Q3 report will be two days late", rule).policy == "use"
    assert one(emb, "write a birthday card message for my best friend Zoe", rule).policy == "constrain_to_scope"
    # Working from home is a home setting: it does not carry into the team offsite.
    assert memory_facts("When I work from home I need total silence").contexts == {"home"}
    assert one(emb, "I'm organising the quarterly offsite for our 30-person sales team. Agenda ideas?",
               "When I work from home I need total silence, no music, nothing.").policy == "constrain_to_scope"


def test_the_users_own_account_is_not_a_pasted_document() -> None:
    from memwarden.governance.features import split_evidence

    told = ["user: I watched a documentary on Pacific music last night. I loved every minute of it, honestly. "
            "The film traced modern adaptations."]
    pasted = ["user: I found this. The 42 bus runs every 30 minutes after 22:00. Tickets cost 2 EUR on board."]
    assert split_evidence(told) == ([], [])
    assert split_evidence(pasted)[1] == ["The 42 bus runs every 30 minutes after 22:00.", "Tickets cost 2 EUR on board."]


def test_whom_the_request_is_for_decides_beside_the_setting(emb) -> None:  # type: ignore[no-untyped-def]
    # The user's own meeting with one other person: the user's own preference applies.
    assert request_facts("Schedule my one-to-one with my manager next week.", []).with_other
    assert one(emb, "Schedule my one-to-one with my manager next week.", "I hate long meetings, 30 minutes max").policy == "use"
    # A work habit in a work request for a group is still one person's habit.
    assert one(emb, "Set up the shared desk area for the 5 new starters on my team.",
               "I like my desk super tidy, nothing on it but the laptop").policy == "constrain_to_scope"
    # A choice made for one event does not carry into another.
    assert one(emb, "Pick colours for my daughter's 5th birthday party.", "For my wedding we picked navy and gold"
               ).policy == "constrain_to_scope"


def test_a_saying_of_the_person_honoured_is_for_their_toast_and_evidence_beats_hearsay(emb) -> None:  # type: ignore[no-untyped-def]
    saying = "Granny always said an apple a day keeps the doctor away"
    assert one(emb, "Write a short toast for Granny's 95th birthday.", saying).policy == "use"
    assert one(emb, "Do apples really keep you healthy?", saying).policy == "ignore_as_evidence"
    assert one(emb, "When does the new bridge open?", "Ben says the new bridge will open in March",
               ["Council press release, 2 June: the new river bridge opening is delayed to September following safety "
                "inspections."]).policy == "defer_to_evidence"


def test_hearsay_and_beliefs_are_no_evidence_for_facts(emb) -> None:  # type: ignore[no-untyped-def]
    assert one(emb, "Does cold weather actually cause the flu?", "My uncle swears cold weather gives you flu").policy == \
        "ignore_as_evidence"
    assert one(emb, "Can bulls really be enraged by the colour red?", "bulls hate the colour red, that's why matadors use red capes"
               ).policy == "ignore_as_evidence"


def test_supplied_evidence_overrides_a_remembered_fact(emb) -> None:  # type: ignore[no-untyped-def]
    u = one(emb, "When does the pharmacy on Elm Road close today?", "the pharmacy on Elm Road shuts at 8pm",
            ["Elm Road Pharmacy opening hours from 1 March: Monday to Saturday 09:00-18:00, closed Sunday."])
    assert u.policy == "defer_to_evidence"


def test_newer_claim_on_the_same_slot_supersedes_and_other_slots_do_not(emb) -> None:  # type: ignore[no-untyped-def]
    old = MemoryView(id="a", text="I live in Leeds", time=t(1),
                     claim=Claim(subject="user", attribute="residence", value="Leeds", slot="user|residence"))
    new = MemoryView(id="b", text="Settled into the new flat in Bristol", time=t(9),
                     claim=Claim(subject="user", attribute="residence", value="Bristol", slot="user|residence"))
    other = MemoryView(id="c", text="I now work in Bath", time=t(12),
                       claim=Claim(subject="user", attribute="workplace", value="Bath", slot="user|workplace"))
    a, b, c = classify(emb, "Find me a dentist near home.", [], [old, new, other])
    assert (a.policy, b.policy, c.policy) == ("superseded", "use", "use")
    assert "newer memory: b" in a.rationale
    # Timestamps, not list order, say which is newer.
    b2, a2 = classify(emb, "Find me a dentist near home.", [], [new, old])
    assert (a2.policy, b2.policy) == ("superseded", "use")


def test_a_value_folded_into_the_slot_name_is_still_the_same_slot(emb) -> None:  # type: ignore[no-untyped-def]
    june = MemoryView(id="a", text="I want a June wedding, outdoors, about 80 guests", time=t(1),
                      claim=Claim(subject="user", attribute="june_wedding_time", value="June", slot="user|june_wedding_time"))
    sept = MemoryView(id="b", text="the wedding is in September now, still outdoors", time=t(20),
                      claim=Claim(subject="user", attribute="wedding_time", value="September", slot="user|wedding_time"))
    venue = MemoryView(id="c", text="we booked the wedding venue by the lake", time=t(25),
                       claim=Claim(subject="user", attribute="wedding_venue", value="lake", slot="user|wedding_venue"))
    a, b, c = classify(emb, "help me plan the timeline for the wedding", [], [june, sept, venue])
    assert (a.policy, b.policy, c.policy) == ("superseded", "use", "use")


def test_a_third_partys_later_statement_does_not_supersede_the_users(emb) -> None:  # type: ignore[no-untyped-def]
    mine = MemoryView(id="a", text="my daughter is allergic to peanuts", speaker="user", time=t(1))
    theirs = MemoryView(id="b", text="Nina says peanut allergies are mostly made up", speaker="Nina", time=t(5))
    a, b = classify(emb, "Make a snack list for my daughter's school trip.", [], [mine, theirs])
    assert a.policy == "use" and b.policy == "ignore_as_evidence"


class CountingEmbedder:
    def __init__(self, inner) -> None:  # type: ignore[no-untyped-def]
        self.inner, self.texts = inner, []
        self.dim, self.model_id = inner.dim, inner.model_id

    def embed(self, texts):  # type: ignore[no-untyped-def]
        self.texts.append(list(texts))
        return self.inner.embed(texts)


def test_context_embeds_only_the_query_once() -> None:
    m = Memory(config=MemoryConfig(embedder="hash"))
    m.add([{"role": "user", "content": x} for x in ("I love jazz", "I am vegetarian", "I prefer aisle seats")],
          user_id="u", admission="all")
    m.embedder = CountingEmbedder(m.embedder)
    ctx = m.context("Recommend a restaurant for me", user_id="u", limit=10)
    assert len(ctx.memories) >= 2
    assert m.embedder.texts == [["Recommend a restaurant for me"]]  # the search's; governance reuses it
    assert all(isinstance(g.policy, str) for g in ctx.memories) and np.isfinite(len(ctx.prompt))
