"""The governance questions asked explicitly: named rules over the meaning features of
:mod:`.features`, in order of precedence.

They decide nothing on their own since session 7: which rules' conditions hold and the policy
the first one gives are inputs of the fitted layer (:mod:`.layer`), which weighs them with the
features (``bench/governance_loao.py``). :func:`rule_policy` is the rules-only policy, kept for
the ablation and for ``classify(..., rules_only=True)``.
"""

from __future__ import annotations

from typing import Iterator

from .limits import LIMIT


#: Thresholds of the rules (cosine similarities of the bundled MiniLM embedder). Chosen on
#: MemSyco dev, the dev half of the hand-written cases and the probe cases only; see BENCHMARKS.md.
ON_POINT = 0.45        # a memory this close to the request is about what it asks
SAME_TOPIC = 0.35      # a newer memory this close is about the same attribute
SAME_ATTRIBUTE = 0.50  # ... this close and naming the same things (2+ shared words, 2+ new), it restates it
RELATED = 0.20         # ... this close, with a stated change and another value of a shared thing ("Dublin office" -> "Berlin office")
EVIDENCE_ABOUT = 0.45  # evidence naming what a memory names, this close, is about it
EVIDENCE_SPEAKS = 0.40  # evidence this close to a memory speaks to it
EVIDENCE_NEAR = 0.25   # ... this close, a rule it lays down on what a preference chooses decides
EVIDENCE_SAME = 0.60   # ... this close, it covers the same ground even without a visible contradiction
RESTATED = 0.60        # a request this close to a preference asks for what it prefers
ELSEWHERE = ON_POINT  # a newer memory this far from the request does not speak to what it asks
ASKED_GAP = 0.20      # the request is this much closer to the older memory than to the one that changed part of it
RELEVANT = 0.20        # a held view this close to a question about the world bears on it
NOTICE_NEAR = 0.10     # a notice of change on the memory's own item this close to it speaks to it (session 20)
BEARS = 0.30           # a memory that limits nothing bears on a request for others this close to it
SAID_AGAIN = 0.25      # a newer memory this close that states a change changed it, in words of its own (session 25)


#: The rules of :func:`rule_candidates`, in order of precedence.
RULE_NAMES: tuple[str, ...] = (
    "newer_same_slot", "newer_changes", "newer_change_other_value", "newer_restates", "report_contradicted", "report_of_world",
    "held_view_world_q", "hearsay_asked", "rationale_world_q", "ev_names", "ev_same_point", "ev_other_value", "ev_belief_on_point",
    "ev_rule_on_choice", "ev_dated_change", "ev_notice_on_point", "ev_world_fact", "held_world_q", "setting_rule", "ctx_mismatch", "solo_other_subject",
    "serves_other_subject", "ctx_match", "group_restated", "group_shared_setting", "group_peers", "group_own_method",
    "personal_for_others", "weighs_options", "default",
)


def rule_candidates(f: dict[str, float]) -> Iterator[tuple[str, str, str]]:
    """Every rule whose condition holds, in order of precedence: (rule name, policy, reason).

    The first is the rule policy; the rest are what a rule ablation falls through to and what
    :data:`RULE_NAMES` signals give the fitted policy (bench/governance_loao.py)."""
    if f["newer_same_slot"]:
        yield "newer_same_slot", "superseded", "a newer claim on the same slot"
    # A memory that states several things, and a newer one on the same topic that says nothing about what
    # is asked: it changed another part ("the party moved to our garden" leaves "Wren turns 7 on the 28th,
    # party at the soft play" standing for a gift question).
    elsewhere = f["parts"] >= 2 and f["asked_unchanged"] >= 1 and f["newer_q_shared"] == 0 and f["newer_q_sim"] < ELSEWHERE \
        and f["q_sim"] >= f["newer_q_sim"] + ASKED_GAP and not f.get("newer_gone") \
        and not f.get("newer_whole")  # a thing given up changes all its parts, and so does one said anew (session 24)
    # ... or a change of the same matter (one holder, one thing, made: ``features.CHANGE_NEAR``) said in other words, on
    # a memory that is no view, report or hearsay, with no evidence or world question (the later rules weigh those).
    # (session 25: or a change said this close, SAID_AGAIN, on a memory that bears on the request, under the same guards
    # but ``same_thing``: "physio is tuesdays 2pm" / "I'm doing hydro now instead, thursdays 11" for "when's my physio?")
    near = (f.get("newer_near_change", 0.0) or f.get("newer_guarded_change", 0.0) and f["newer_sim"] >= SAID_AGAIN
            and f["q_sim"] >= RELEVANT) \
        and not (f["ev_external"] or f["world_question"] or f["held_view"] or f["reported"] or f["hearsay"])
    if (f["newer_sim"] >= SAME_TOPIC and (f["newer_change"] or f["newer_conflict"] or f["newer_shift"]) or near) \
            and not elsewhere:
        yield "newer_changes", "superseded", "a newer memory on the same topic states a change" if f["newer_change"] else (
            "a newer memory on the same topic contradicts it" if f["newer_conflict"] else
            "a newer memory on the same topic takes the opposite attitude")
    if f["newer_sim"] >= RELATED and f["newer_change"] and f["newer_conflict"] and not elsewhere:
        yield "newer_change_other_value", "superseded", "a newer memory states a change and another value of what it names"
    if f["newer_top_sim"] >= SAME_ATTRIBUTE and f["newer_shared"] >= 2 and f["newer_novel"] >= 2:
        yield "newer_restates", "superseded", "a newer memory restates the same thing differently"
    held = f["held_view"] or f["reported"] or f["world_claim"]
    if f["reported"] and f["world_claim"] and f["ev_external"] and f["ev_conflict"] and (
            f["ev_shared"] >= 2 or f["ev_sim"] >= EVIDENCE_SPEAKS):
        yield "report_contradicted", "defer_to_evidence", "someone's report, and the supplied evidence says otherwise"
    if f["reported"] and f["world_claim"] and not f["about_beneficiary"]:
        yield "report_of_world", "ignore_as_evidence", "someone's report of how the world is, not evidence"
    if (f["held_view"] or f["reported"]) and f["world_question"] and f["q_sim"] >= RELEVANT:
        yield "held_view_world_q", "ignore_as_evidence", "a view someone holds bears on a question about the world"
    # Hearsay (passed on with a verb of belief: "reckons", "swears") that says how things work, and a question
    # that rests on how they work, even one about the user's own affairs ("can I get a mortgage ...?").
    # So is a view the user holds on how things work ("i reckon you can't get burnt when it's cloudy" for "do I need
    # sunscreen ...?"): the question is the user's, the answer rests on the world.
    if (f["hearsay"] or f["held_view"]) and f["world_claim"] and f["asks"] and f["q_sim"] >= RELEVANT and not (
            f["ev_external"] or f["about_beneficiary"]):
        yield "hearsay_asked", "ignore_as_evidence", ("hearsay" if f["hearsay"] else "a held view") + \
            " about how things work, and the question rests on how they work"
    if f["rationale_asked"] and f["world_question"] and not f["ev_external"]:
        yield "rationale_world_q", "ignore_as_evidence", "a habit kept for a reason about how things work, and the question asks how they work"
    # A notice of change about another item than the memory's (``matter.same_item``: another train, another flight)
    # decides nothing of it: only the rules that read what the evidence names hold.
    other_item = bool(f.get("ev_other_item"))
    if f["ev_external"] and not f["ev_options"]:  # options for a preference to choose among decide nothing
        if ((f["ev_judges"] and f["preference"]) or (f["ev_entity"] and (f["ev_conflict"] or f["ev_sim"] >= EVIDENCE_ABOUT))) \
                and not other_item:
            yield "ev_names", "defer_to_evidence", "the supplied evidence speaks about what it names"
        if f["ev_sim"] >= EVIDENCE_SPEAKS and (f["ev_conflict"] or f["ev_sim"] >= EVIDENCE_SAME) and not other_item:
            yield "ev_same_point", "defer_to_evidence", "the supplied evidence covers the same point" + (
                " and contradicts it" if f["ev_conflict"] else "")
        if f["ev_conflict"] and f["ev_shared"] and f["ev_sim"] >= EVIDENCE_NEAR and not other_item:
            yield "ev_other_value", "defer_to_evidence", "the supplied evidence gives another value for what it names"
        if (f["held_view"] or f["reported"]) and f["ev_sim"] >= EVIDENCE_NEAR and f["q_sim"] >= ON_POINT:
            yield "ev_belief_on_point", "defer_to_evidence", "an uncertain belief, and the request came with evidence on it"
        if (f["ev_rule"] or f["ev_change"]) and f["preference"] and f["ev_sim"] >= EVIDENCE_NEAR:
            yield "ev_rule_on_choice", "defer_to_evidence", "the supplied evidence lays down a rule on, or announces a change to, what it chooses"
        if f["ev_change"] and f["ev_shared"] >= 2 and f["ev_sim"] >= EVIDENCE_SPEAKS and not other_item:
            yield "ev_dated_change", "defer_to_evidence", "the supplied evidence lays down a rule or a dated change on what it names"
        # A notice that the usual way changes, and the memory is the usual way the request asks about (or the
        # notice gives another value of what it names): "collections move one day later" against "bins go out mondays".
        # The notice is read against the memory closest to it and names that memory's own item (``ev_notice``,
        # ``matter.same_item``), so a loose likeness is enough: a timetable, a delay or a closing says in its own words
        # what the memory said in the user's ("I get the 8:15 from Reading" / "from Monday the 8:15 leaves at 8:05"),
        # and a habit kept around the usual way is no taste the notice leaves standing (session 20, after s19-policy2).
        if f["ev_notice"] and f["ev_sim"] >= NOTICE_NEAR and (f["ev_conflict"] or f["ev_shared"] or f["ev_sim"] >= EVIDENCE_NEAR) \
                and (f["q_sim"] >= RELEVANT or f["ev_conflict"]):
            yield "ev_notice_on_point", "defer_to_evidence", "the supplied evidence announces a change to what it says is usual"
        # (a notice of change about another item than the memory's decides nothing of it: ``matter.same_item``)
        if f["world_claim"] and not (f["held_view"] or f["reported"]) and f["q_sim"] >= ON_POINT and f["ev_sim"] >= EVIDENCE_NEAR \
                and not other_item:
            yield "ev_world_fact", "defer_to_evidence", "a remembered fact about the world, and this request came with evidence"
    if held and f["world_question"] and f["q_sim"] >= RELEVANT and not f["about_beneficiary"]:
        yield "held_world_q", "ignore_as_evidence", "a held view bears on a question about the world"
    # A rule or habit stated for a setting, and the request is in that setting: it applies, whoever of that
    # setting the request serves (a work style guide for a report to the leadership team).
    # Only a setting named as such counts: the user's own thing ("I like my desk tidy") stays the user's taste in
    # a request for others (the new starters' desks).
    if f["setting_match"] and not (f["own_portion"] or f["weighs_options"]):
        yield "setting_rule", "use", "stated for the setting this request is in"
    # News of a change ("next of kin on my hospital records is now Seren") is no rule for a setting.
    # (a schedule, "I work every Saturday", in a request that involves no time bears on nothing asked: ``features``)
    if f["ctx_mismatch"] and not (f["plain_fact"] or f.get("schedule_idle")):
        yield "ctx_mismatch", "constrain_to_scope", "stated for another setting than this request"
    # (session 23: or a request the user makes for themselves that names none of the memory's people and takes in
    # nobody else, ``alone_other``: "my sister can't eat nuts" for "what snacks should I pack for my shift?")
    if (f["solo"] or f["own_plate"] or f.get("alone_other")) and f["other_subject"]:
        yield "solo_other_subject", "constrain_to_scope", "another person's need or taste, and this request is for the user alone" \
            if f["solo"] or not f["own_plate"] else "another person's need or taste, and the user alone eats, drinks or takes what is asked about"
    # ... or a group that does not name them ("the user's partner's hearing" for a works do with the team).
    if (f["serves_other"] or f["serves_group"]) and f["other_subject"] and not (f["about_beneficiary"] or f["plain_fact"]):
        yield "serves_other_subject", "constrain_to_scope", "one person's need, taste or rule, and this request serves someone else"
    if f["mem_personal"] and f["ctx_match"] and not (f["own_portion"] or f["weighs_options"] or f["serves_group"]):
        yield "ctx_match", "use", "stated for the setting this request is in"
    if f["mem_personal"] and f["serves_group"] and not (f["about_beneficiary"] or f["own_portion"] or f["group_honours"]
                                                         or f["weighs_options"]):
        # Whom the group is and what the preference is about decide whether it may shape the whole plan.
        if f["q_sim"] >= RESTATED:
            yield "group_restated", "use", "the request itself asks for what it prefers"
        if f["shared_setting"]:
            yield "group_shared_setting", "use", "a preference stated for this kind of gathering"
        if f["group_peers"]:
            yield "group_peers", "use", "the user's own plan among peers"
        if f["method"] and f["own_audience"]:
            yield "group_own_method", "use", "how the user does their own work, for their own audience"
    # Only a taste, habit or bodily constraint can be wrongly made someone else's: news of a change in the
    # user's life or an attribute of the user with no taste in it ("I report to Dan now", "the party is in
    # our garden now", "my blood type is O negative") informs a request for others.
    # A memory that limits nothing ("I have a shed full of old tools", "I'm a primary school teacher") has nothing to
    # carry into a request for others unless it bears on it (a dependant, "I have two dogs", limits a holiday cottage,
    # not a playlist: ``features``).
    limits = f["restricts"] >= LIMIT or f["q_sim"] >= BEARS
    if f["mem_personal"] and not f["plain_fact"] and limits and (
            f["serves_group"] or f["serves_other"] and not f["with_other"]) and not f["about_beneficiary"]:
        yield "personal_for_others", "constrain_to_scope", "one person's " + ("constraint" if f["own_portion"] else "preference") + \
            " in a request that serves " + ("a group" if f["serves_group"] else "someone else")
    if f["mem_personal"] and f["preference"] and f["weighs_options"] and not f["about_beneficiary"]:
        yield "weighs_options", "constrain_to_scope", "the request weighs options on more than the user's taste"
    yield "default", "use", ""


def rule_policy(f: dict[str, float], skip: frozenset[str] = frozenset()) -> tuple[str, str]:
    """The governance questions asked explicitly, in order of precedence: (policy, reason).
    ``skip`` names rules to leave out (an ablation: the memory falls through to the next rule)."""
    for name, policy, why in rule_candidates(f):
        if name not in skip:
            return policy, why
    return "use", ""


#: The guards of the rules above: a condition that keeps a rule from holding because what it would read decides
#: nothing here (session 28). Each is neutralised by :func:`unguarded`: evidence about another item than the
#: memory's (``ev_other_item``), options for a preference to choose among (``ev_options``), a schedule in a request
#: that involves no time (``schedule_idle``), a newer memory that changed another part than the one asked about
#: (``elsewhere``, through ``parts``), a memory that limits nothing in a request for others (``restricts``), and a
#: memory about someone the request serves (``about_beneficiary``: "our eldest gets car sick" for a trip with the kids).
GUARDS: tuple[str, ...] = ("ev_other_item", "ev_options", "schedule_idle", "parts", "restricts", "about_beneficiary")


def unguarded(f: dict[str, float]) -> dict[str, float]:
    """The row with every guard of :data:`GUARDS` lifted (what the rules would read if no guard held)."""
    g = dict(f)
    g.update(ev_other_item=0.0, ev_options=0.0, schedule_idle=0.0, parts=0.0, restricts=max(float(f["restricts"]), LIMIT),
             about_beneficiary=0.0)
    return g


def guarded(f: dict[str, float], first: str | None = None) -> bool:
    """True when the rules fall through to ``use`` because a guard held: without the guards a rule would decide, or
    the memory is about someone the request serves (which no scoping rule takes as another person's limit). The
    rules then settle the memory as ``use`` on purpose (the layer keeps it: :meth:`.layer.PolicyModel.decide`).
    ``first``: the name of the first rule holding on ``f``, when the caller has it (else read here)."""
    first = first if first is not None else next(rule_candidates(f))[0]
    return first == "default" and (bool(f["about_beneficiary"]) or next(rule_candidates(unguarded(f)))[0] != "default")
