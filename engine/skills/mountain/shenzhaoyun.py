"""神赵云's skills (山): 绝境 (juejing) 龙魂 (longhun)."""
