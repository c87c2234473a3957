"""Trusted and governed use of memories, the facade's stages 2 and 3: ``verdict`` (trust) and
``card`` / ``context`` / ``answer`` (governance).

:class:`TrustedUse` is a base class of :class:`~memwarden.memory.Memory` and holds no state of its
own: its methods read through ``Memory.search`` and ``Memory.scopes`` and hand over to
:func:`memwarden.trust.verdict.verdict` and :mod:`memwarden.governance.service`. Split from
``memory.py`` in session 21, so the facade's module keeps its write and read paths.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .messages import check_query, check_user_id
from .trust.verdict import verdict as _verdict
from .user_name import about_user, users_own_word

if TYPE_CHECKING:  # governance is imported on first use: most callers never ask for a card
    from .config import MemoryConfig
    from .governance.models import BoundaryCard, CalibratedContext, GovernedAnswer
    from .models import SearchResult, Verdict
    from .scopes import Scopes

__all__ = ["TrustedUse"]


class TrustedUse:
    """``Memory``'s verdict, boundary cards, calibrated context and governed answers."""

    if TYPE_CHECKING:  # what Memory provides
        config: MemoryConfig
        scopes: Scopes

        def search(self, query: str, **kwargs: Any) -> SearchResult: ...

    # -- trusted use (stage 2) -----------------------------------------------------------

    def verdict(self, claim: str, *, user_id: str, as_of: Any = None) -> "Verdict":
        """TRUE / FALSE / UNKNOWN for a yes/no claim from reliability-weighted memories (no LLM)."""
        user_id = check_user_id(user_id)
        said = check_query(claim, what="claim", max_chars=self.config.max_message_chars)
        name = self.scopes.user_name(user_id)
        while True:
            claim = about_user(said, name)  # "Maya lives in Leeds" is the user's matter when the user is Maya
            # Claims and the turns they came from: a turn whose extraction lost its sense still testifies
            # as said (the verdict keeps one reading per source turn).
            found = self.search(claim, user_id=user_id, limit=self.config.trust.verdict_candidates, trust=True,
                                as_of=as_of, kind="any")
            # The index the search verified carries the current name; another process may have renamed the
            # user meanwhile: ask again only when the new name reads the claim otherwise (as the search does).
            name = self.scopes.user_name(user_id)
            if about_user(said, name) == claim:
                break
        from .claims.reading import slot_reading  # one-valued slots read as the claims read them

        out = _verdict(claim, users_own_word(found, name), self.config.trust, slot_reading)
        return out if claim == said else out.model_copy(update={"claim": said})

    # -- governed use (stage 3) ---------------------------------------------------------

    def card(self, memory_id: str, *, user_id: str, refresh: bool = False) -> "BoundaryCard":
        """The memory's boundary card, computed once per text and cached on the memory."""
        from .governance.service import card_for

        return card_for(self, check_user_id(user_id), memory_id, refresh=refresh)

    def context(self, query: str, *, user_id: str, evidence: Any = None, enforcement: str = "strict",
                limit: int = 10, use_llm_policy: bool = False, **search_kw: Any) -> "CalibratedContext":
        """Calibrated context: memories, reliability, policies, instructions and a prompt block."""
        from .governance.service import context_for

        return context_for(self, query, user_id=check_user_id(user_id), evidence=evidence, enforcement=enforcement, limit=limit,
                           use_llm_policy=use_llm_policy, **search_kw)

    def answer(self, query: str, *, user_id: str, evidence: Any = None, trace: bool = False,
               enforcement: str = "strict", llm: Any = None, **kw: Any) -> "GovernedAnswer":
        """An evidence-checked answer (needs an LLM); the support trace when ``trace=True``."""
        from .governance.service import answer_for

        return answer_for(self, query, user_id=check_user_id(user_id), evidence=evidence, trace=trace, enforcement=enforcement,
                          llm=llm, **kw)

