"""Admission: which candidates are worth storing, with a receipt saying why.

:class:`Admitter` is the interface the :class:`~memwarden.Memory` facade
calls; each returns one :class:`Decision` per candidate. ``AdmitAll``
switches admission off; ``DuplicateFilter`` drops exact and near
duplicates; :class:`ScoredAdmitter` (``admission="auto"``) scores A-MAC's
five factors and the turn's context with an :class:`AdmissionPolicy`.
"""

from .base import AdmissionContext, Admitter, AdmitAll, Decision, DuplicateFilter
from .llm import LLM, ScriptedLLM
from .policy import AdmissionPolicy
from .scored import ScoredAdmitter

__all__ = ["AdmissionContext", "Admitter", "AdmitAll", "Decision", "DuplicateFilter", "AdmissionPolicy", "ScoredAdmitter",
           "LLM", "ScriptedLLM"]
