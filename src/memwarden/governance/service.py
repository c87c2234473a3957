"""Binding of the governance pipeline to :class:`memwarden.Memory` (kept here so
the facade only gains three small delegating methods)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..errors import InvalidInputError
from ..messages import check_query
from ..storage import WriteBatch
from .cards import card_is_current, make_card
from .models import BoundaryCard, CalibratedContext, GovernedAnswer
from .pipeline import answer, calibrate, normalize_evidence
from .policy import MemoryView

if TYPE_CHECKING:
    from ..memory import Memory


def _cards(mem: "Memory", user_id: str, ids: list[str], *, refresh: bool = False,
           vectors: dict[str, Any] | None = None) -> dict[str, BoundaryCard]:
    """Cards for ``ids``; missing or stale ones are computed and written back in one batch.
    ``vectors``, when given, receives each record's stored embedding (read in the same call)."""
    recs = mem.store.get(user_id, ids)
    if vectors is not None:
        vectors.update({r.item.id: r.vector for r in recs})
    out: dict[str, BoundaryCard] = {}
    stale = []
    for rec in recs:
        it = rec.item
        if not refresh and card_is_current(it.card, it.id, it.memory):
            out[it.id] = BoundaryCard.model_validate(it.card)
        else:
            card = make_card(it.id, it.memory, it.memory_type, llm=mem.llm)
            out[it.id] = card
            stale.append((rec, card))
    if stale:
        with mem.scopes.lock(user_id):
            batch = WriteBatch(user_id=user_id)
            fresh = {r.item.id: r for r in mem.store.get(user_id, [r.item.id for r, _ in stale])}
            for rec, card in stale:
                cur = fresh.get(rec.item.id)
                if cur is None or cur.item.memory != rec.item.memory:
                    continue  # changed meanwhile: the next read recomputes
                cur.item = cur.item.model_copy(update={"card": card.model_dump()})
                batch.upserts.append(cur)
            if batch.upserts:
                mem.scopes.commit(batch, {r.item.id: r.tokens for r in batch.upserts})
    return out


def _reliability(value: Any) -> dict[str, Any] | None:
    """The trust stage's reliability as a dict (it may be a model or a dict; None: trust did not run)."""
    if value is None:
        return None
    if hasattr(value, "model_dump"):
        return value.model_dump(mode="json")
    return dict(value) if isinstance(value, dict) else {"confidence": float(value)}


def _speaker(h: Any) -> str:
    """Who vouches for a hit: the claim's voucher when it names a third party, else the user (or the
    assistant). ``SearchHit.speaker`` is a display name (the user's own name too), so it is not read."""
    claim = getattr(h, "claim", None)
    if claim is not None and getattr(claim, "vouched_by", "user") not in ("user", "assistant") and getattr(claim, "voucher", None):
        return str(claim.voucher)
    return "assistant" if getattr(h, "source", "user") == "assistant" else "user"


def card_for(mem: "Memory", user_id: str, memory_id: str, *, refresh: bool = False) -> BoundaryCard:
    mem.get(memory_id, user_id=user_id)  # NotFoundError for unknown ids and other scopes
    return _cards(mem, user_id, [memory_id], refresh=refresh)[memory_id]


def context_for(mem: "Memory", query: str, *, user_id: str, evidence: Any, enforcement: str, limit: int,
                use_llm_policy: bool = False, **search_kw: Any) -> CalibratedContext:
    if enforcement not in ("soft", "strict"):
        raise InvalidInputError("enforcement must be 'soft' or 'strict'")
    ev = normalize_evidence(evidence)
    # Superseded memories are retrieved too: governance must see them to say why they are not used.
    query = check_query(query, what="query", max_chars=mem.config.max_message_chars)  # read as search reads it
    result = mem.search(query, user_id=user_id, limit=limit, include_superseded=True, **search_kw)
    hits = result.results
    vectors: dict[str, Any] = {}
    cards = _cards(mem, user_id, [h.id for h in hits], vectors=vectors) if hits else {}
    # Stored order (oldest first): "a later memory replaces it" needs time order.
    hits = sorted(hits, key=lambda h: (h.occurred_at or h.created_at, h.created_at))
    # Speaker, time and claim feed "whose is it" and "is there a newer claim on its slot"; the
    # stored vectors spare embedding every memory again (issue 12: most of context()'s time).
    views = [MemoryView(id=h.id, text=h.memory, memory_type=h.memory_type, card=cards.get(h.id),
                        reliability=_reliability(h.reliability), speaker=_speaker(h),
                        time=h.valid_from or h.occurred_at or h.created_at, claim=h.claim, vector=vectors.get(h.id),
                        q_sim=h.scores.dense)
             for h in hits]
    ctx = calibrate(mem.embedder, query, views, user_id=user_id, evidence=ev, enforcement=enforcement,  # type: ignore[arg-type]
                    llm=mem.llm, use_llm_policy=use_llm_policy,
                    abstained=bool(getattr(result, "abstained", False)),
                    abstain_reason=getattr(result, "abstain_reason", None))
    # A memory the store already marks superseded is superseded whatever the rules say.
    by_hit = {h.id: h for h in hits}
    for g in ctx.memories:
        if by_hit[g.id].status == "superseded" and g.policy != "superseded":
            g.policy, g.rationale = "superseded", "The store marks it superseded by a later memory."
            g.instruction, g.withheld, g.rendered = "Do not use it: a later memory replaces it.", enforcement == "strict", (
                None if enforcement == "strict" else g.memory)
    if any(by_hit[g.id].status == "superseded" for g in ctx.memories):
        from .enforce import render_prompt

        ctx.prompt = render_prompt(ctx.memories, ctx.enforcement, abstained=ctx.abstained, abstain_reason=ctx.abstain_reason)
    return ctx


def answer_for(mem: "Memory", query: str, *, user_id: str, evidence: Any, trace: bool, enforcement: str,
               llm: Any = None, **kw: Any) -> GovernedAnswer:
    model = llm or mem.llm
    if model is None:
        raise InvalidInputError("answer() needs an LLM: Memory(llm=...) or answer(..., llm=...); "
                                "without one, use context() and give its prompt to your model")
    ctx = context_for(mem, query, user_id=user_id, evidence=evidence, enforcement=enforcement, limit=kw.pop("limit", 10), **kw)
    out = answer(model, ctx, evidence=normalize_evidence(evidence))
    if not trace:
        out.trace = None
    return out
