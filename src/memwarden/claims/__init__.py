"""Claims: the unit of memory the three stages act on (episodes are the turns they come from)."""

from .base import ClaimExtractor, ExtractedClaim, Extraction

__all__ = ["ClaimExtractor", "ExtractedClaim", "Extraction"]
