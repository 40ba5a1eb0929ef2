"""Snowbirds scenes: the solitaire migration in its two modes (normal, difficult)."""
