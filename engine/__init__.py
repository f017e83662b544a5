"""The rules of Sanguosha (三国杀) as pure, standard-library Python.

No I/O beyond reading the package's own data files, no clock, no randomness:
everything random at a real table enters as a move.
"""
