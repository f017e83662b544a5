"""徐晃's skills (林): 断粮 (duanliang) is declared in forest.toml as effects: a black
basic or equipment card used as 兵粮寸断 (``as_card`` with ``types``), and his 兵粮寸断
reaching distance 2 (``trick_distance``). No handler is needed."""
