"""太史慈's skills (火): 天义 (tianyi)."""
