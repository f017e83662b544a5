"""魏延's skills (风): 狂骨 (kuanggu)."""
