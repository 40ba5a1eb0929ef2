"""Tail Feathers scenes: battlefields of tree overlays, nests, leaves and the deployed forces."""
