"""Admission: which candidates are worth storing, with a receipt saying why.

:class:`Admitter` is the interface the :class:`~memwarden.Memory` facade
calls; each returns one :class:`Decision` per candidate. ``AdmitAll``
switches admission off; ``DuplicateFilter`` drops exact and near
duplicates of stored memories (and of earlier candidates in the same call).
"""

from .base import AdmissionContext, Admitter, AdmitAll, Decision, DuplicateFilter

__all__ = ["AdmissionContext", "Admitter", "AdmitAll", "Decision", "DuplicateFilter"]
