"""Club mode: directors, club sessions, table codes, passes and the sessions' action logs.

(Sign-in and join are rate limited in the ``rate_buckets`` of ``0003``.)

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the club tables."""
    op.create_table(
        "directors",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("name", sa.String(60), nullable=False, unique=True),
        sa.Column("password_hash", sa.String(200), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "club_sessions",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("title", sa.String(200), nullable=False),
        sa.Column("settings", sa.JSON(), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column(
            "director_id", sa.Integer(), sa.ForeignKey("directors.id", ondelete="SET NULL"), nullable=True
        ),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_club_sessions_created_at", "club_sessions", ["created_at"])
    op.create_table(
        "club_table_codes",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column(
            "session_id", sa.String(32), sa.ForeignKey("club_sessions.id", ondelete="CASCADE"), nullable=False
        ),
        sa.Column("table_number", sa.Integer(), nullable=False),
        sa.Column("code_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("session_id", "table_number", name="uq_club_table_codes_table"),
    )
    op.create_table(
        "club_passes",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column(
            "director_id", sa.Integer(), sa.ForeignKey("directors.id", ondelete="CASCADE"), nullable=True
        ),
        sa.Column(
            "session_id", sa.String(32), sa.ForeignKey("club_sessions.id", ondelete="CASCADE"), nullable=True
        ),
        sa.Column("table_number", sa.Integer(), nullable=True),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_club_passes_session_id", "club_passes", ["session_id"])
    op.create_table(
        "club_actions",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column(
            "session_id", sa.String(32), sa.ForeignKey("club_sessions.id", ondelete="CASCADE"), nullable=False
        ),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("change", sa.JSON(), nullable=False),
        sa.Column("actor_role", sa.String(16), nullable=False),
        sa.Column("actor_name", sa.String(60), nullable=False),
        sa.Column("actor_table", sa.Integer(), nullable=True),
        sa.Column("reason", sa.Text(), nullable=False),
        sa.Column("idempotency_key", sa.String(64), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("session_id", "seq", name="uq_club_actions_session_seq"),
        sa.UniqueConstraint("session_id", "idempotency_key", name="uq_club_actions_session_key"),
    )


def downgrade() -> None:
    """Drop the club tables."""
    op.drop_table("club_actions")
    op.drop_index("ix_club_passes_session_id", "club_passes")
    op.drop_table("club_passes")
    op.drop_table("club_table_codes")
    op.drop_index("ix_club_sessions_created_at", "club_sessions")
    op.drop_table("club_sessions")
    op.drop_table("directors")
