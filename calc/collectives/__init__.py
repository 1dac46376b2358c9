"""Collective operations: the hardware catalogue, the cost model, its calibration and the calculators built on it."""
