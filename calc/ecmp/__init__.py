"""ECMP: flow hashes, the load-balancing lab and its exact balls-into-bins results."""
