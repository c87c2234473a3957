"""Training and labelled-data readers: offline code, never imported by the runtime packages.

``dataset.py`` turns LoCoMo (through :mod:`memwarden.training.locomo`, the one LoCoMo reader) or
labelled JSONL into sessions of labelled turns; ``train.py`` fits admission policies on them
(``memwarden admission train``, ``memwarden eval admission``). scikit-learn is needed here only
(``pip install memwarden[train]``); what it produces is plain JSON that the runtime loads.
"""
