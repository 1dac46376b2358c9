"""Scale-up domains beyond the collectives catalogue: the published roadmap and its alternatives."""
