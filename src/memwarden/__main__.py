"""`python -m memwarden` runs the same CLI as the `memwarden` command."""

from memwarden.cli import main

if __name__ == "__main__":
    main(prog_name="memwarden")
