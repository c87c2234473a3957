"""``python -m memwarden.cli``: the same as the ``memwarden`` command."""

from . import main

if __name__ == "__main__":
    main()
