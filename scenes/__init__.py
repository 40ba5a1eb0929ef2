"""Scene data: TOML layouts per game and scenario, and the pure-Python loader that checks them."""
