"""神司马懿's skills (山): 忍戒 (renjie) 拜印 (baiyin) 连破 (lianpo) 极略 (jilve)."""
