"""Gymnasium's AutoresetMode, for machines without Gymnasium: the same names and values."""

from enum import Enum


class AutoresetMode(Enum):
    """When a vector environment resets a world whose episode ended."""

    NEXT_STEP = "NextStep"
    SAME_STEP = "SameStep"
    DISABLED = "Disabled"
