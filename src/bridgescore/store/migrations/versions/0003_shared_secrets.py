"""What the worker processes share: the secrets that sign cookies, and the rate limit's buckets.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-06
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create ``secrets`` and ``rate_buckets``."""
    op.create_table(
        "secrets",
        sa.Column("name", sa.String(64), primary_key=True),
        sa.Column("value", sa.String(128), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "rate_buckets",
        sa.Column("key", sa.String(200), primary_key=True),
        sa.Column("tokens", sa.Float(), nullable=False),
        sa.Column("stamp", sa.Float(), nullable=False),
    )
    op.create_index("ix_rate_buckets_stamp", "rate_buckets", ["stamp"])


def downgrade() -> None:
    """Drop both tables."""
    op.drop_index("ix_rate_buckets_stamp", "rate_buckets")
    op.drop_table("rate_buckets")
    op.drop_table("secrets")
