"""Fabric sizing: spine-leaf designs, oversubscription and cost."""
