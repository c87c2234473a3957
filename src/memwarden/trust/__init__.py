"""Stage 2 (MMA): how far a retrieved memory can be trusted now, and whether to answer at all."""

from .stance import Stance, detect_stance

__all__ = ["Stance", "detect_stance"]
