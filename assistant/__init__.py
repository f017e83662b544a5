"""The table session: scans and taps in, prompts and a durable record out."""
