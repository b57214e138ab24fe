"""Fixtures shared by every folder of the tests."""

from tests.db.postgres import postgres_server

# One throwaway PostgreSQL server for the whole run (tests/db and the shard tests of
# tests/cogs): a fixture imported into a second folder's module would start a second one.
__all__ = ["postgres_server"]
