"""Tail Feathers (Plaid Hat, 2015): battlefield, flight and range geometry, rules."""
