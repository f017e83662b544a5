"""孟获's skills (林): 祸首 (huoshou) 再起 (zaiqi)."""
