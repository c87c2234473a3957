"""Session 19 (issue 12, items 1 and 3): a memory that limits nothing and does not bear on a request for others is
no constraint to scope, and a limit stated as who the user is, what they have or what they do still is one.

Everything here is written for this file in everyday wording; none of it comes from a case file. Both sides:
chit-chat and plain facts about the user beside requests that serve a group or another person (``use``), and the
user's own limits in every form people state them (``constrain_to_scope``): a copula with a diet or a condition,
*have* with a condition or a dependant, a schedule or a distance kept, a negated ability. Known misses are
xfail(strict), so a change that fixes one says so.
"""

from __future__ import annotations

import pytest

from memwarden import Memory, MemoryConfig
from memwarden.governance.limits import DEPENDANT, LIMIT, NONE, SCHEDULE, away, restricts
from memwarden.governance.policy import MemoryView, classify
from memwarden.providers.embedder import default_embedder


@pytest.fixture(scope="module")
def emb():  # type: ignore[no-untyped-def]
    return default_embedder()


def _policy(emb, memory: str, request: str) -> str:  # type: ignore[no-untyped-def]
    return classify(emb, request, [], [MemoryView(id="m0", text=memory, speaker="user")])[0].policy


# -- restricts: the structure of a stated limit ----------------------------------------------------------------

LIMITS = [
    "I'm gluten-free.", "I'm vegan.", "I'm lactose intolerant.", "I'm diabetic.", "I'm claustrophobic.",
    "ugh I'm so scared of spiders", "I'm prone to migraines.", "I'm a wheelchair user.",
    "I'm a light sleeper", "i'm not great with crowds", "I'm tee total", "I'm partially deaf", "I'm doing Veganuary",
    "I have a nut allergy.", "I've got a dodgy knee.", "I have a fear of flying.", "I definitely have a sweet tooth",
    "my knees are shot", "I get car sick on long journeys", "I have a 5am start every day",
    "I live an hour out of town.",
    "I live miles from the nearest station.", "I cycle everywhere.", "I don't drive.", "I can't swim.", "I don't do heights", "honestly I can't handle spicy food", "I don't have a car.",
    "I'm big on board games", "the spicier the better",
    # the same limits as the claim extractor stores them
    "The user is gluten-free", "The user has a fear of flying", "The user doesn't drive",
    "The user lives an hour out of town", "The user definitely has a sweet tooth", "The user's knees are shot",
]
NOTHING = [
    "I'm a software engineer at a bank.", "My flat has a small balcony.", "I grew up in Sheffield.", "I'm 34.",
    "I'm from Cork originally.", "I'm a primary school teacher.", "I have a shed full of old tools.",
    "I drive a Skoda Octavia.", "I work at the council offices in town.", "I'm the youngest of three.",
    "I have a big whiteboard in my study.", "I'm reading a crime novel at the moment.", "I have three sisters.",
    "I play the guitar.", "I run a small bakery.", "I don't know what to get him.", "I don't have a clue.",
    "I have issues with my landlord.", "I'm on the committee.", "I live in Leeds.", "I'm free on Saturday.",
    "The user is a primary school teacher", "The user has a shed full of old tools", "The user grew up in Sheffield",
]
# A limit on when the user is free and nothing else (session 20): its own kind, a limit only for a request that
# involves a time (tests/test_governance_schedule.py).
SCHEDULES = ["I'm on nights this month.", "I work Saturdays.", "I work from home Mondays and Fridays", "I start work at 6am.",
             "I'm doing a pottery course on Thursdays", "The user works Saturdays"]
DEPENDANTS = ["I have two dogs.", "I have a toddler.", "I have three kids under five.", "The user has a cat called Biscuit"]


@pytest.mark.parametrize("text", LIMITS)
def test_a_stated_limit_restricts(text: str) -> None:
    assert restricts(text) == LIMIT


@pytest.mark.parametrize("text", NOTHING)
def test_a_state_or_a_thing_restricts_nothing(text: str) -> None:
    assert restricts(text) == NONE


@pytest.mark.parametrize("text", SCHEDULES)
def test_a_schedule_is_its_own_kind(text: str) -> None:
    assert restricts(text) == SCHEDULE


@pytest.mark.parametrize("text", DEPENDANTS)
def test_a_dependant_is_its_own_kind(text: str) -> None:
    assert restricts(text) == DEPENDANT


def test_a_constraint_slot_restricts_whatever_the_words() -> None:
    assert restricts("The user: sin gluten", "user|allergy:gluten") == LIMIT
    assert restricts("The user has a cat called Biscuit", "user|pet:biscuit") == DEPENDANT


def test_time_away_is_read_on_the_request() -> None:
    assert away("Find a holiday cottage for my family in August.")
    assert away("Plan a late-night party for my best friend's 30th.")
    assert not away("Plan a team lunch for eight people next Friday.")


# -- the policy: fillers in requests for others, and the user's own limits --------------------------------------

FILLERS = [
    ("I have a cat called Biscuit.", "Plan a team lunch for eight people next Friday."),
    ("I'm a software engineer at a bank.", "Find a restaurant for my parents' anniversary dinner."),
    ("My flat has a small balcony.", "Suggest some games for my niece's sleepover."),
    ("I grew up in Sheffield.", "Put together a playlist for my sister's wedding reception."),
    ("I did my degree in history.", "Plan a menu for a dinner party for six."),
    ("I'm reading an Ian Rankin novel at the moment.", "Choose a cake for my daughter's christening."),
    ("I'm learning Spanish on an app.", "Book a minibus for the kids' football team."),
    ("I've got a blue road bike.", "Find a venue for my son's 18th."),
    ("I'm 34.", "Plan a family barbecue for Sunday."),
    ("I'm from Cork originally.", "Plan a hen weekend for my sister."),
    ("I'm a primary school teacher.", "Organise a leaving do for my colleague Sam."),
    ("I have a shed full of old tools.", "Plan a picnic for the neighbours."),
    ("I drive a Skoda Octavia.", "Write a thank-you card for my nan."),
    ("I work at the council offices in town.", "Pick a present for my brother's 30th."),
    ("I have a sourdough starter called Doughbi.", "Plan a games night for the family."),
    ("I watched the whole of Succession last month.", "Plan the food for my nephew's christening."),
    ("I have a big whiteboard in my study.", "Choose a restaurant for my in-laws' visit."),
    ("I'm the youngest of three.", "Book somewhere for the team Christmas meal."),
    ("I'm an accountant", "Plan a surprise party for my husband."),
    ("I'm in a book club", "Plan a day out for my dad's birthday."),
    ("I'm the treasurer of the allotment society", "Plan a family Christmas dinner."),
    ("I have a tattoo of a swallow on my arm", "Plan my son's 10th birthday party."),
]

OWN_LIMITS = [
    ("I'm gluten-free.", "Order pizzas for my son's birthday party."),
    ("I'm vegan.", "Plan a barbecue menu for the neighbours."),
    ("I'm diabetic.", "Pick the desserts for my mum's 70th."),
    ("I'm claustrophobic.", "Book an activity for the team away day."),
    ("I'm scared of heights.", "Plan a day out for my nephew's birthday."),
    ("I'm terrified of dogs.", "Find a holiday cottage for the whole family."),
    ("I'm pregnant.", "Plan my sister's hen weekend."),
    ("I'm on nights this month.", "Arrange a family dinner for next week."),
    ("I'm prone to migraines.", "Plan a festival weekend for my cousins."),
    ("I'm hard of hearing.", "Pick a restaurant for my colleague's leaving meal."),
    ("I'm on a low-salt diet.", "Cook something for my brother's housewarming."),
    ("I'm a wheelchair user.", "Plan a walking tour for my parents' visit."),
    ("I'm epileptic.", "Plan a rave for my cousin's 21st."),
    ("I have a nut allergy.", "Choose a caterer for the office party."),
    ("I have two dogs.", "Find a holiday cottage for my family in August."),
    ("I have a bad back.", "Plan a hiking day for my son's scout troop."),
    ("I have coeliac disease.", "Book a restaurant for my team's end-of-year dinner."),
    ("I have a toddler.", "Plan a late-night party for my best friend's 30th."),
    ("I have asthma.", "Organise a bonfire night for the neighbours."),
    ("I've got a dodgy knee.", "Plan a walking holiday with my parents."),
    ("I have a fear of flying.", "Plan a holiday for the family."),
    ("I've got a heart condition.", "Plan a stag do for my brother."),
    ("I work Saturdays.", "Plan a weekend away for my sister's hen do."),
    ("I work nights.", "Organise a family dinner for my grandad's birthday."),
    ("I live an hour out of town.", "Organise drinks for the team after work."),
    ("I don't drive.", "Plan a day trip for my parents."),
    ("I work weekends.", "Plan my niece's christening lunch."),
    ("I start work at 6am.", "Plan a late dinner for my brother's birthday."),
    ("I cycle everywhere.", "Plan a day out for the kids."),
    ("I can't swim.", "Plan a beach day for the kids."),
    ("I don't drink.", "Plan my brother's stag do."),
    ("I can't drive at night.", "Plan a trip to the theatre for my mum."),
    ("I don't eat pork.", "Order food for the family gathering."),
    ("I can't do stairs.", "Find a venue for my dad's 60th."),
    ("I never eat after 8pm.", "Book a table for my wife's birthday dinner."),
    ("my knees are shot", "Plan a walking weekend for my parents."),
    ("I'm a light sleeper", "Book a hotel for the family wedding weekend."),
    ("I definitely have a sweet tooth", "Plan the food for the team's away day."),
]


@pytest.mark.parametrize(("memory", "request_"), FILLERS)
def test_a_memory_that_limits_nothing_is_no_constraint_in_a_request_for_others(emb, memory: str, request_: str) -> None:  # type: ignore[no-untyped-def]
    assert _policy(emb, memory, request_) == "use"


@pytest.mark.parametrize(("memory", "request_"), OWN_LIMITS)
def test_the_users_own_limit_stays_theirs_in_a_request_for_others(emb, memory: str, request_: str) -> None:  # type: ignore[no-untyped-def]
    assert _policy(emb, memory, request_) == "constrain_to_scope"


@pytest.mark.xfail(strict=True, reason="the request is read as the user's own: a fair, the in-laws without 'my', a social")
@pytest.mark.parametrize(("memory", "request_"), [
    ("I'm lactose intolerant.", "Bake something for the school fair."),
    ("I'm a vegetarian.", "Plan a Sunday lunch for the in-laws."),
    ("I live miles from the nearest station.", "Plan the office summer social."),
])
def test_known_miss_request_not_read_as_for_others(emb, memory: str, request_: str) -> None:  # type: ignore[no-untyped-def]
    assert _policy(emb, memory, request_) == "constrain_to_scope"


@pytest.mark.xfail(strict=True, reason="'these days' makes it news of a change, which informs a request for others")
def test_known_miss_a_new_diet_said_as_news(emb) -> None:  # type: ignore[no-untyped-def]
    assert _policy(emb, "I'm dairy-free these days.", "Plan the buffet for the office party.") == "constrain_to_scope"


def test_a_filler_bearing_on_the_request_is_still_scoped(emb) -> None:  # type: ignore[no-untyped-def]
    # no limit, but about what the request asks: the user's own taste in a gift for someone else
    assert _policy(emb, "I collect vinyl records of 70s soul.", "Pick a vinyl record as a present for my dad.") \
        == "constrain_to_scope"


# -- end to end, through Memory.context (claims stored as "The user ...", the search's cosine) ------------------

@pytest.fixture(scope="module")
def mem() -> Memory:
    return Memory(config=MemoryConfig())


@pytest.mark.parametrize(("memory", "request_", "policy"), [
    ("I'm gluten-free.", "Order pizzas for my son's birthday party.", "constrain_to_scope"),
    ("I work Saturdays.", "Plan a weekend away for my sister's hen do.", "constrain_to_scope"),
    ("I've got a heart condition.", "Plan a stag do for my brother.", "constrain_to_scope"),
    ("I have two dogs.", "Find a holiday cottage for my family in August.", "constrain_to_scope"),
    ("I have a cat called Biscuit.", "Plan a team lunch for eight people next Friday.", "use"),
    ("I'm a primary school teacher.", "Organise a leaving do for my colleague Sam.", "use"),
    ("I have a shed full of old tools.", "Plan a picnic for the neighbours.", "use"),
])
def test_context_end_to_end(mem: Memory, memory: str, request_: str, policy: str) -> None:
    uid = f"u{abs(hash(memory)) % 10**8}"
    mem.add([{"role": "user", "content": memory}], user_id=uid)
    got = [g.policy for g in mem.context(request_, user_id=uid).memories]
    assert got and set(got) == {policy}
