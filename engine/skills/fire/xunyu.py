"""荀彧's skills (火): 驱虎 (quhu) 节命 (jieming)."""
