"""孙坚's skills (林): 英魂 (yinghun)."""
