"""Benchmark harnesses behind ``memwarden eval ...``."""
