"""The governance stage's commands: ``memwarden card ID``, ``memwarden context QUERY`` and
``memwarden answer QUERY`` (their benchmarks are in :mod:`memwarden.cli.evals`)."""

from __future__ import annotations

from typing import Any

import click
from rich.table import Table

from ..errors import InvalidInputError
from ..settings import raise_llm_failure
from .options import command, console, db_option, emit_json, json_option, llm_options, open_memory, resolve_id, user_option

evidence_option = click.option("--evidence", "-e", multiple=True, help="Evidence text in context (repeatable).")
mode_option = click.option("--mode", type=click.Choice(["strict", "soft"]), default="strict", show_default=True)


@command(name="card")
@click.argument("memory_id")
@user_option
@click.option("--refresh", is_flag=True, help="Recompute even if a current card is cached.")
@db_option
@json_option
@llm_options
def card_cmd(memory_id: str, user_id: str, refresh: bool, db: str | None, as_json: bool, **llm_kw: Any) -> None:
    """Show a memory's boundary card (what it may and may not support)."""
    with open_memory(db, with_llm=True, **llm_kw) as m:
        card = m.card(resolve_id(m, user_id, memory_id), user_id=user_id, refresh=refresh)
        raise_llm_failure(m.llm)
    if as_json:
        emit_json(card)
        return
    console.print(f"[bold]{card.memory_id}[/] ({card.method})  {card.boundary_summary}")
    t = Table("setting", "may support", "scope", "cannot establish")
    for a in card.setting_use_assessments:
        t.add_row(a.setting, a.support, a.scope, a.limitation)
    console.print(t)
    for r in card.conditional_use_rules:
        console.print(f"  - {r}")


@command(name="context")
@click.argument("query")
@user_option
@evidence_option
@mode_option
@click.option("--limit", default=10, show_default=True)
@db_option
@json_option
def context_cmd(query: str, user_id: str, evidence: tuple[str, ...], mode: str, limit: int, db: str | None, as_json: bool) -> None:
    """The calibrated context for QUERY: memories, policies, instructions, prompt block."""
    with open_memory(db, with_llm=True) as m:
        ctx = m.context(query, user_id=user_id, evidence=list(evidence) or None, enforcement=mode, limit=limit)
        raise_llm_failure(m.llm)
    if as_json:
        emit_json(ctx)
        return
    t = Table("id", "memory", "policy", "instruction", title=f"calibrated context ({mode})")
    for g in ctx.memories:
        t.add_row(g.id[:8], g.memory[:60], g.policy + (" (withheld)" if g.withheld else ""), g.instruction[:70])
    console.print(t)
    console.print(ctx.prompt, highlight=False, markup=False)


@command(name="answer")
@click.argument("query")
@user_option
@evidence_option
@mode_option
@click.option("--trace", is_flag=True, help="Show the support trace.")
@db_option
@json_option
@llm_options
def answer_cmd(query: str, user_id: str, evidence: tuple[str, ...], mode: str, trace: bool, db: str | None, as_json: bool,
               **llm_kw: Any) -> None:
    """An evidence-checked answer to QUERY (needs an LLM)."""
    with open_memory(db, with_llm=True, **llm_kw) as m:
        if m.llm is None:
            raise InvalidInputError("answer needs an LLM: --llm openai|local or MEMWARDEN_LLM_PROVIDER")
        out = m.answer(query, user_id=user_id, evidence=list(evidence) or None, trace=trace, enforcement=mode)
        raise_llm_failure(m.llm)  # the pipeline abstains on LLM errors; a refused key or no server is the user's to fix
    if as_json:
        emit_json(out)
        return
    console.print(out.answer, highlight=False, markup=False)
    if out.trace:
        t = Table("segment", "role", "sources", "action")
        for s in out.trace.segments:
            t.add_row(s.text[:70], s.role, ",".join(s.evidence_ids + s.memory_ids), s.action + (f": {s.problem}" if s.problem else ""))
        console.print(t)


COMMANDS = [card_cmd, context_cmd, answer_cmd]
