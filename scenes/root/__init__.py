"""Root scenes: the Underground Duchy against the Corvid Conspiracy on the Autumn map."""
