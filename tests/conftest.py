"""Shared fixtures."""

from __future__ import annotations

from pg_support import pg_admin_url, pg_url, postgres_url_or_skip  # noqa: F401  (fixtures + helper)
