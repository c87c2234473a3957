"""Questions about a named third party against the user's own fact on the same matter (session 19, issues 10/11).

Two small sets of conversations written for the branch (not from any eval set): the user states a fact ("my
dentist is Dr Okafor") and a named friend one of the same kind, either speaking for themselves (a named
user-role turn between unnamed ones) or passed on by the user ("Jess said her dentist is Dr Lind"), in either
order. Probes: the friend's fact first for a question naming them, the user's first for the user's own question,
and (set ``tuned``) the friend's fact as a verdict. ``tuned`` was written first and the step built on it;
``fresh`` was written after, with other attributes and wording, and never tuned on. Each set runs three ways:
unnamed user turns (``plain``), every user turn named "Robin" with ``add(user_name="Robin")`` (``username``,
as bench/named_turns.py does), and named without it (``guess``, the per-call guess).

    PYTHONPATH=src python bench/third_party_questions.py OUT [--set tuned|fresh]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

from named_turns import named  # bench/named_turns.py

# (key, user line, user value, name, their line, the user's relaying line, their value, questions about them,
#  the user's question, a verdict claim about them)
TUNED = [
 ("dentist", "my dentist is Dr Okafor, she's great with nervous patients", "Okafor", "Jess",
  "my dentist is Dr Lind, over on Park Street", "Jess said her dentist is Dr Lind, over on Park Street", "Lind",
  ["Who is Jess's dentist?", "What did Jess say about her dentist?"], "who's my dentist?", "Jess's dentist is Dr Lind"),
 ("live", "I live in Leeds now, moved up last spring", "Leeds", "Tom",
  "I live in Bristol, just off Gloucester Road", "Tom told me he lives in Bristol, just off Gloucester Road", "Bristol",
  ["Where does Tom live?", "Which city is Tom in?"], "where do I live?", "Tom lives in Bristol"),
 ("work", "I work at Hartwell Logistics as a planner", "Hartwell", "Priya",
  "I work at Norbury Bank in the fraud team", "Priya mentioned she works at Norbury Bank in the fraud team", "Norbury",
  ["Where does Priya work?", "Who is Priya's employer?"], "where do I work?", "Priya works at Norbury Bank"),
 ("car", "I drive a grey Skoda Octavia", "Skoda", "Katrin",
  "I bought a red Tesla last week!", "Katrin bought a red Tesla last week, she's so chuffed", "Tesla",
  ["What car did Katrin buy?", "What does Katrin drive?"], "what car do I drive?", "Katrin bought a red Tesla"),
 ("pet", "my dog is called Biscuit, he's a beagle", "Biscuit", "Owen",
  "my dog's called Pepper, a little collie cross", "Owen said his dog is called Pepper, a collie cross", "Pepper",
  ["What is Owen's dog called?", "What's the name of Owen's dog?"], "what's my dog called?", "Owen's dog is called Pepper"),
 ("allergy", "I'm allergic to penicillin, found out as a kid", "penicillin", "Dana",
  "I'm allergic to shellfish, properly allergic", "Dana told me she's allergic to shellfish", "shellfish",
  ["What is Dana allergic to?", "Does Dana have any allergies?"], "what am I allergic to?", "Dana is allergic to shellfish"),
 ("birthday", "my birthday is on 14 March", "14 March", "Leo",
  "my birthday's the 2nd of August", "Leo said his birthday is the 2nd of August", "August",
  ["When is Leo's birthday?", "What date is Leo's birthday?"], "when is my birthday?", "Leo's birthday is on 2 August"),
 ("gym", "I go to PureGym on the high street", "PureGym", "Sam",
  "I go to the Anytime Fitness by the station", "Sam goes to the Anytime Fitness by the station", "Anytime",
  ["Which gym does Sam go to?", "Where does Sam train?"], "which gym do I go to?", "Sam goes to Anytime Fitness"),
 ("phone", "my phone is a Pixel 8", "Pixel", "Nadia",
  "I've got an iPhone 15 now", "Nadia has an iPhone 15 now", "iPhone",
  ["What phone does Nadia have?", "Which phone is Nadia using?"], "what phone do I have?", "Nadia has an iPhone 15"),
 ("school", "my son goes to Ashgrove Primary", "Ashgrove", "Ruth",
  "my daughter goes to St Bede's", "Ruth said her daughter goes to St Bede's", "Bede",
  ["Which school does Ruth's daughter go to?", "Where does Ruth's daughter go to school?"], "which school does my son go to?", "Ruth's daughter goes to St Bede's"),
 ("diet", "I'm vegetarian, have been for ten years", "vegetarian", "Marco",
  "I'm vegan these days", "Marco told me he's vegan these days", "vegan",
  ["What does Marco eat?", "Is Marco vegan or vegetarian?"], "what diet do I follow?", "Marco is vegan"),
 ("doctor", "my GP is Dr Hussain at Elm Surgery", "Hussain", "Bea",
  "my GP is Dr Carver at the Riverside practice", "Bea said her GP is Dr Carver at the Riverside practice", "Carver",
  ["Who is Bea's GP?", "Which doctor does Bea see?"], "who is my GP?", "Bea's GP is Dr Carver"),
 ("hobby", "I play the cello in a community orchestra", "cello", "Finn",
  "I play the trumpet in a brass band", "Finn plays the trumpet in a brass band", "trumpet",
  ["What instrument does Finn play?", "What does Finn play?"], "what instrument do I play?", "Finn plays the trumpet"),
 ("partner", "my partner is called Chris", "Chris", "Elena",
  "my husband's name is Pavel", "Elena said her husband is called Pavel", "Pavel",
  ["What is Elena's husband called?", "Who is Elena married to?"], "what's my partner called?", "Elena's husband is Pavel"),
]

# (key, user line, user value, name, their line, the user's relaying line, their value, questions, the user's question)
FRESH = [
 ("team", "I support Everton, season ticket and everything", "Everton", "Ravi",
  "I'm a Spurs fan, always have been", "Ravi's a massive Spurs fan, he reminded me again", "Spurs",
  ["Which team does Ravi support?"], "which team do I support?"),
 ("job", "I'm a paramedic, on nights this month", "paramedic", "Hannah",
  "I work as a primary school teacher", "Hannah works as a primary school teacher in Kendal", "teacher",
  ["What does Hannah do for a living?"], "what's my job?"),
 ("grewup", "I grew up in Swansea by the sea", "Swansea", "Ollie",
  "I grew up in Inverness", "Ollie grew up in Inverness, he was telling me about the winters", "Inverness",
  ["Where did Ollie grow up?"], "where did I grow up?"),
 ("food", "my favourite food is pho, could eat it daily", "pho", "Mei",
  "my favourite food is lasagne, no contest", "Mei's favourite food is lasagne apparently", "lasagne",
  ["What's Mei's favourite food?"], "what's my favourite food?"),
 ("uni", "I'm studying at Cardiff University, second year", "Cardiff", "Kofi",
  "I'm at the University of Leeds doing chemistry", "Kofi is at the University of Leeds doing chemistry", "Leeds",
  ["Which university is Kofi at?"], "which uni am I at?"),
 ("bank", "I bank with Monzo these days", "Monzo", "Lauren",
  "I bank with Nationwide", "Lauren banks with Nationwide, she swears by them", "Nationwide",
  ["Who does Lauren bank with?"], "who do I bank with?"),
 ("petkind", "I have a tabby cat called Miso", "Miso", "Tariq",
  "I've got a rabbit called Clover", "Tariq has a rabbit called Clover", "Clover",
  ["What pet does Tariq have?"], "what pet do I have?"),
 ("commute", "I cycle to work most days, about 20 minutes", "cycle", "Sofia",
  "I take the tram to work", "Sofia takes the tram to work every day", "tram",
  ["How does Sofia get to work?"], "how do I get to work?"),
 ("lang", "I speak Polish at home with my parents", "Polish", "Tomasz",
  "I speak Portuguese and a bit of French", "Tomasz speaks Portuguese and a bit of French", "Portuguese",
  ["What languages does Tomasz speak?"], "what language do I speak at home?"),
 ("age", "I'm 34, feeling old", "34", "Grace",
  "I turned 29 last week", "Grace turned 29 last week", "29",
  ["How old is Grace?"], "how old am I?"),
]


def build(rows: list, relay: bool, third_first: bool, fresh: bool) -> list[dict]:
    out = []
    for row in rows:
        key, ul, uv, who, tl, rl, tv, tq, uq = row[:9]
        user_ses = {"ts": "2025-03-01T10:00:00Z", "messages": [
            {"role": "user", "content": ul}, {"role": "assistant", "content": "Noted!" if fresh else "Got it, thanks for telling me."}]}
        if relay:
            third_ses = {"ts": "2025-03-08T10:00:00Z", "messages": [
                {"role": "user", "content": rl}, {"role": "assistant", "content": "Ah nice." if fresh else "Good to know."}]}
        else:
            said = [{"role": "user", "name": who, "content": tl if fresh else "hi! " + tl},
                    {"role": "user", "content": "ok I'm back" if fresh else "ok back to me, thanks for waiting"}]
            if fresh:
                said.insert(0, {"role": "user", "content": "my mate's here, passing the phone over"})
            else:
                said.insert(1, {"role": "assistant", "content": "Nice to meet you, " + who + "."})
            third_ses = {"ts": "2025-03-08T10:00:00Z", "messages": said}
        ses = [third_ses, user_ses] if third_first else [user_ses, third_ses]
        if third_first:
            ses[0]["ts"], ses[1]["ts"] = ses[1]["ts"], ses[0]["ts"]
        probes = [{"id": f"{key}-third-{i}", "type": "rank", "query": q, "target": [tv], "stale": [uv]} for i, q in enumerate(tq)]
        probes.append({"id": f"{key}-user", "type": "rank", "query": uq, "target": [uv], "stale": [tv]})
        if len(row) > 9:
            probes.append({"id": f"{key}-verdict", "type": "verdict", "claim": row[9], "expect": "TRUE"})
        out.append({"id": f"{key}-{'relay' if relay else 'said'}-{'tf' if third_first else 'uf'}",
                    "kind": "source_reliability", "sessions": ses, "probes": probes})
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("out", type=Path)
    ap.add_argument("--set", choices=("tuned", "fresh"), default="fresh")
    args = ap.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    fresh = args.set == "fresh"
    rows = FRESH if fresh else TUNED
    src = args.out / "plain.scenarios.json"
    src.write_text(json.dumps({"version": 1, "scenarios": [
        s for relay in (False, True) for tf in (False, True) for s in build(rows, relay, tf, fresh)]}))
    data, _ = named(src, "Robin")
    (args.out / "named.scenarios.json").write_text(json.dumps(data))
    env = dict(os.environ, PYTHONPATH="src")
    res = {}
    for mode, path, extra in (("plain", src, []), ("username", args.out / "named.scenarios.json", ["--user-name", "Robin"]),
                              ("guess", args.out / "named.scenarios.json", [])):
        r = subprocess.run([sys.executable, "-m", "memwarden", "eval", "scenarios", "--data", str(path), "--json", *extra],
                           capture_output=True, text=True, env=env, check=True)
        (args.out / f"{mode}.json").write_text(r.stdout)
        res[mode] = json.loads(r.stdout)["probes"]
    cats: dict[tuple[str, str], list[int]] = {}
    for mode, probes in res.items():
        for p in probes:
            pid = p["probe"]
            cat = ("verdict" if p["type"] == "verdict" else "user-q" if pid.endswith("-user") else "third-q")
            c = cats.setdefault((mode, cat + "/" + p["scenario"].split("-", 1)[1]), [0, 0])
            c[0] += p["passed"]
            c[1] += 1
    for cat in sorted({c for _, c in cats}):
        print(f"{cat:22s}", "  ".join(f"{m}={cats[(m, cat)][0]:2d}/{cats[(m, cat)][1]}" for m in res))


if __name__ == "__main__":
    main()
