"""Sealing a recorded game's secrets until it is over (docs/replay-format.md, "Hidden information").

A replay is written while the game is played, and a player may read it then. The seed rebuilds
every secret with the project's own code (the face-down token deal, scenes/deal.py; the secret
objectives and the betrayer, rules/flickem/secrets.py), and a plain state hash is an oracle for
it (try seeds until one hashes alike). So a recorded game that has secrets is sealed:

- the header carries ``commitment = sha256("<seed>|<salt>")`` instead of the seed, with a fresh
  128-bit random salt; nothing in it says the seed;
- every state hash written (the starting one, each RULE record's) is keyed with the salt
  (``HMAC-SHA256(salt, rules.core.state_hash(state))``, 16 hex digits), so it gives nothing away
  without the salt and still pins the state once the salt is known;
- the seed and the salt are written in the REVL record when the rules say the game is over;
  ``verify`` checks them against the commitment and then rebuilds everything.

Face-down token bodies are written without their kind (``neutral_body``): a face-down token is
the same body whatever its kind (models/discs.py ``token``: the same prism, mass, back and mark),
so the physics needs no kind. ``header_body`` rebuilds such a body as the common back. Imports
neither Panda3D nor Bullet.
"""
from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from feltbox.game.replay.poses import ReplayError
from feltbox.game.table.bodies import BodySpec
from feltbox.rules.core import state_hash

SALT_BYTES = 16
FACE_DOWN = {"face": "down"}        # a face-down token's params in a header: no kind
ANY_KIND = "food"                   # builds the common back: every kind's face-down model is the same


class RevealError(ReplayError):
    """A REVL record that cannot be read; the message says why, in one line."""


@dataclass(frozen=True)
class Seal:
    """A game's seed and the salt that hides it until the game is over."""

    seed: int
    salt: str                       # SALT_BYTES random bytes, hex

    @staticmethod
    def new(seed: int) -> Seal:
        return Seal(int(seed), secrets.token_hex(SALT_BYTES))

    def commitment(self) -> str:
        """``sha256("<seed>|<salt>")``: binds the file to one seed without saying which."""
        return commitment(self.seed, self.salt)

    def state_hash(self, state: Any) -> str:
        """The state hash keyed with the salt: equal states give equal hashes, and without the
        salt it says nothing about the state (no seed can be tried against it)."""
        return keyed_hash(self.salt, state_hash(state))

    def to_json(self) -> dict:
        return {"seed": self.seed, "salt": self.salt}

    @staticmethod
    def from_json(data: Any) -> Seal:
        """The seal a REVL record opens, or RevealError."""
        try:
            seed, salt = data["seed"], data["salt"]
            bytes.fromhex(salt)
        except (KeyError, TypeError, ValueError) as exc:
            raise RevealError(f"corrupt: the REVL record is malformed ({exc!r})") from None
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise RevealError(f"corrupt: the REVL record's seed is {seed!r}, not an integer")
        return Seal(seed, salt)


def commitment(seed: int, salt: str) -> str:
    return hashlib.sha256(f"{int(seed)}|{salt}".encode()).hexdigest()


def keyed_hash(salt: str, plain_hash: str) -> str:
    return hmac.new(bytes.fromhex(salt), plain_hash.encode(), hashlib.sha256).hexdigest()[:16]


# -- bodies --------------------------------------------------------------------------------------
def neutral_body(spec: BodySpec) -> dict:
    """A body's header entry: a face-down token without its kind, anything else as it is."""
    if spec.kind == "token" and spec.params.get("face") == "down":
        return {"id": spec.id, "kind": "token", "params": dict(FACE_DOWN)}
    return spec.to_json()


@dataclass(frozen=True)
class FaceDownToken(BodySpec):
    """A face-down token read from a header: its kind is not known, its body is the common back."""

    @cached_property
    def model(self):
        return BodySpec(self.id, "token", {"token": ANY_KIND, "face": "down"}).model


def header_body(data: dict) -> BodySpec:
    """The BodySpec of a header's body entry (a neutral face-down token as the common back)."""
    spec = BodySpec.from_json(data)
    if spec.kind == "token" and spec.params == FACE_DOWN:
        return FaceDownToken(spec.id, spec.kind, dict(spec.params))
    return spec


def header_bodies(header: dict) -> list[BodySpec]:
    return [header_body(b) for b in header["bodies"]]
