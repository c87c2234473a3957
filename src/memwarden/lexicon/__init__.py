"""Wording shared by every stage: one home per piece of closed-class knowledge.

`kin`: the words of kinship and of the everyday relations between people, in named groups that the
claims, trust, governance and admission readers build their own sets from. `quotes`: curly quotes and
apostrophes written straight, the one normaliser of typographic quotes.

A stage's own wording stays in its own `lexicon.py` (claims, trust, governance); what two stages both
read lives here.
"""
