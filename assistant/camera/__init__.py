"""The app's camera feed: frames in, sticker events out, decoding off the UI thread."""

from assistant.camera.feed import (
    CameraFeed,
    FeedStats,
    FeedUpdate,
    Overlay,
    StickerBox,
    sticker_label,
)

__all__ = ["CameraFeed", "FeedStats", "FeedUpdate", "Overlay", "StickerBox", "sticker_label"]
