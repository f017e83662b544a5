"""夏侯渊's skills (风): 神速 (shensu)."""
