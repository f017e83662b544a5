"""神关羽's skills (风): 武神 (wushen) 武魂 (wuhun)."""
