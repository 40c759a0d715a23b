"""Client tokens: an entry queued offline and sent twice is stored once.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-29
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add ``entries.client_token``, unique within a game (NULL for entries made before)."""
    with op.batch_alter_table("entries") as batch:
        batch.add_column(sa.Column("client_token", sa.String(64), nullable=True))
    op.create_index("uq_entries_game_client_token", "entries", ["game_id", "client_token"], unique=True)


def downgrade() -> None:
    """Drop the tokens."""
    op.drop_index("uq_entries_game_client_token", "entries")
    with op.batch_alter_table("entries") as batch:
        batch.drop_column("client_token")
