"""Tail Feathers rules (rulebook: ../shared/seeds/tail-feathers-rulebook.txt; contract:
tf-contract.md). Pure Python: never imports Panda3D. Entry points in flow.py; coverage in
docs/rules-coverage-tailfeathers.md."""
