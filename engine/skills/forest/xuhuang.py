"""徐晃's skills (林): 断粮 (duanliang)."""
