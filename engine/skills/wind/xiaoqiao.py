"""小乔's skills (风): 天香 (tianxiang) 红颜 (hongyan)."""
