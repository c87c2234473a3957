"""Stage 3 (MemAdapter): boundary cards, usage policies, enforcement, answers.

``cards`` (what a memory may support, from the memory alone, cached per text),
``policy`` (per-memory policy + instruction, judged jointly over query,
evidence and all retrieved memories; explicit rules over meaning features,
LLM optional), ``enforce`` (soft/strict rendering), ``pipeline`` (calibrated
context and the traced, verified answer), ``service`` (binding to Memory).
"""

from .models import (
    POLICIES,
    AnswerTrace,
    BoundaryCard,
    CalibratedContext,
    GovernedAnswer,
    GovernedMemory,
    Policy,
    SupportSegment,
    UsageInstruction,
)
from .pipeline import answer, calibrate
from .policy import MemoryView, PolicyModel, classify

__all__ = [
    "POLICIES", "Policy", "AnswerTrace", "BoundaryCard", "CalibratedContext", "GovernedAnswer", "GovernedMemory",
    "SupportSegment", "UsageInstruction", "answer", "calibrate", "MemoryView", "PolicyModel", "classify",
]
