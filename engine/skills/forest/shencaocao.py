"""神曹操's skills (林): 归心 (guixin) 飞影 (feiying)."""
