"""The exceptions memwarden raises.

Every error a caller can act on derives from :class:`MemwardenError`; the CLI
and the server turn these into one clean line or a typed HTTP error, never a
traceback::

    MemwardenError
    ├── InvalidInputError        bad argument: empty text, wrong type, no user_id
    │   └── InputTooLargeError   a message or request over the configured limit
    ├── NotFoundError            unknown memory id (or one in another scope)
    ├── StorageError             the database cannot be used
    │   ├── NotAMemwardenDatabase   the file is something else
    │   └── SchemaTooNewError       written by a newer memwarden
    ├── ModelError               a bundled model (the embedder, fitted weights) is missing or corrupt
    ├── PolicyError              an admission policy file is malformed or foreign
    └── LLMError                 an LLM call failed after its retries
        ├── LLMAuthError         the LLM server refused the credentials (HTTP 401/403)
        └── LLMUnavailableError  the LLM server could not be reached
"""

from __future__ import annotations

__all__ = [
    "MemwardenError",
    "InvalidInputError",
    "InputTooLargeError",
    "NotFoundError",
    "StorageError",
    "NotAMemwardenDatabase",
    "SchemaTooNewError",
    "ModelError",
    "PolicyError",
    "LLMError",
    "LLMAuthError",
    "LLMUnavailableError",
]


class MemwardenError(Exception):
    """Base class of every error memwarden raises on purpose."""


class InvalidInputError(MemwardenError, ValueError):
    """An argument is missing, empty, of the wrong type or out of range."""


class InputTooLargeError(InvalidInputError):
    """A message or request is larger than the configured limit."""


class NotFoundError(MemwardenError, KeyError):
    """No memory with this id exists in the caller's scope.

    A memory in another scope is reported exactly like one that does not
    exist, so an id reveals nothing across tenants.
    """

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0]) if self.args else "not found"


class StorageError(MemwardenError):
    """The database cannot be opened, read or written."""


class NotAMemwardenDatabase(StorageError):
    """The file exists but is not a memwarden database."""


class SchemaTooNewError(StorageError):
    """The database was written by a newer memwarden than this one."""


class ModelError(MemwardenError):
    """A bundled model is missing, corrupt or cannot run."""


class PolicyError(MemwardenError):
    """An admission policy file is malformed or from another version."""


class LLMError(MemwardenError):
    """A call to the configured LLM failed after its retries."""


class LLMAuthError(LLMError):
    """The LLM server refused the API key (HTTP 401 or 403): retrying will not help."""


class LLMUnavailableError(LLMError):
    """The LLM server could not be reached (connection refused, DNS, TLS)."""
