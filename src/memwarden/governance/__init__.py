"""Stage 3 (MemAdapter): boundary cards, usage policies, enforcement, answers."""
