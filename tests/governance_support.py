"""One memory's policy for a request, as the governance tests ask it (imported by several test files)."""

from __future__ import annotations

from memwarden.governance.policy import MemoryView, classify


def one_policy(emb, memory: str, request: str, evidence: list[str] | None = None) -> str:  # type: ignore[no-untyped-def]
    """The policy ``classify`` gives the user's ``memory`` for ``request`` (with optional supplied ``evidence``)."""
    return classify(emb, request, evidence or [], [MemoryView(id="m0", text=memory, speaker="user")])[0].policy
