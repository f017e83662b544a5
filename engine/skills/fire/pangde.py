"""庞德's skills (火): 马术 (mashu) 猛进 (mengjin)."""
