"""Club mode's owners: the club's administrators, and the directors each session is given to.

A session belongs to the director who started it; its owner (or an administrator) may give it to
other directors, who then direct it too. An administrator directs every session. The first
director of a database becomes its administrator.

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """The administrators' mark, and who else directs each session."""
    with op.batch_alter_table("directors") as directors:
        directors.add_column(sa.Column("admin", sa.Boolean(), nullable=False, server_default=sa.false()))
    # The oldest director of a database that had directors already is its administrator.
    op.execute("UPDATE directors SET admin = TRUE WHERE id = (SELECT MIN(id) FROM directors)")
    op.create_table(
        "club_session_directors",
        sa.Column(
            "session_id", sa.String(32), sa.ForeignKey("club_sessions.id", ondelete="CASCADE"), nullable=False
        ),
        sa.Column(
            "director_id", sa.Integer(), sa.ForeignKey("directors.id", ondelete="CASCADE"), nullable=False
        ),
        sa.PrimaryKeyConstraint("session_id", "director_id"),
    )


def downgrade() -> None:
    """Back to every director directing every session."""
    op.drop_table("club_session_directors")
    with op.batch_alter_table("directors") as directors:
        directors.drop_column("admin")
