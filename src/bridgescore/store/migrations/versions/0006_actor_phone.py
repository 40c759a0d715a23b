"""Which phone of a table took an action, so that one phone speaks for one side of a line only.

A phone is named by a prefix of its pass's hash (``store/club.py``, ``PHONE_LENGTH``); actions
stored before have none, and the rule is not applied to them.

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-03
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """The phone beside the table in each action's actor."""
    with op.batch_alter_table("club_actions") as actions:
        actions.add_column(sa.Column("actor_phone", sa.String(16), nullable=True))


def downgrade() -> None:
    """Back to actions that name their table only."""
    with op.batch_alter_table("club_actions") as actions:
        actions.drop_column("actor_phone")
