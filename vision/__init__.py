"""Camera frames to QR readings to stable card sightings; sticker payloads and label sheets.

Knows nothing of the rules of the game.
"""
