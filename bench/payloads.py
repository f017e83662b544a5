"""Sticker payloads for synthetic scenes.

A stand-in for ``vision.payload`` (written elsewhere) so the benchmark does
not depend on it: ``SG1`` + kind + body + ISO/IEC 7064 MOD 37,36 check
character.

>>> card_payload(42)
'SG1C042G'
>>> check_char("SG1C001")
'Y'
"""

import numpy as np

ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
ACTIONS = ("OK", "NO", "UN", "EP", "PS")


def check_char(text: str) -> str:
    """The MOD 37,36 hybrid check character over ``text`` (alphabet 0-9A-Z)."""
    modulus = len(ALPHABET)
    product = modulus
    for char in text:
        total = (product + ALPHABET.index(char)) % modulus
        product = ((total or modulus) * 2) % (modulus + 1)
    return ALPHABET[(modulus + 1 - product) % modulus]


def card_payload(card_id: int) -> str:
    """The sticker text of game card ``card_id`` (catalogue id, 0-999)."""
    body = f"SG1C{card_id:03d}"
    return body + check_char(body)


def other_payload(rng: np.random.Generator) -> str:
    """A general, role card, seat marker or action token sticker, at random."""
    kind = str(rng.choice(["G", "R", "S", "A"]))
    if kind == "G":
        body = f"SG1G{int(rng.integers(1, 1000)):03d}"
    elif kind == "R":
        body = f"SG1R{int(rng.integers(1, 10))}"
    elif kind == "S":
        body = f"SG1S{int(rng.integers(1, 11)):02d}"
    else:
        body = "SG1A" + str(rng.choice(ACTIONS))
    return body + check_char(body)
