"""于吉's skills (风): 蛊惑 (guhuo)."""
