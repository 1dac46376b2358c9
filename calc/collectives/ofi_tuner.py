"""aws-ofi-nccl's region tuner: the algorithm and protocol NCCL runs on AWS EFA.

On AWS the EFA network plugin (aws-ofi-nccl) carries a tuner, and NCCL 2.21 and
later load it from the plugin without being asked (src/Makefile.am). It knows
the instance by its product name (include/tuner/nccl_ofi_tuner_process_config.h)
and, with 8 GPUs per node, overrides NCCL's own choice wherever a collective
falls in one of the regions transcribed here (src/tuner/nccl_ofi_regions.cpp,
aws-ofi-nccl v1.21.1):

* p5 and p5e (H100 or H200, 32 x 100 Gb/s EFA): AllReduce
  (``P5_ALLREDUCE_8PPN``, ``region_init_internal_p5_p5e``; the same regions
  since v1.16.3);
* p6-b200 (8 B200, 8 x 400 Gb/s EFA): AllReduce, AllGather and ReduceScatter
  (``P6_8PPN``, ``region_init_internal_p6``).

A region is a polygon in the plane of (log2 bytes, log2 ranks); the tuner
tries the regions in order and takes the first that holds the collective, on
its edge included, and only where NCCL itself would consider the pair
(``region_get_coll_info_internal_v3``: a pair NCCL ignores is skipped). On two
nodes or fewer, with another number of GPUs per node, for the other
collectives, or where no region holds the collective, NCCL decides as usual.

Not transcribed: the regions of p5en (H200 with 16 x 200 Gb/s EFA, which the
calculator cannot tell from p5e) and p6-b300, those for one GPU per node, and
the channel counts p6's tuner sets (``calculateBestNChannelPat``, one GPU per
node only; ``calculateBestNChannelTree`` for tree/LL128 AllReduce from 4 to 32
MiB: 16, 24 or 32 channels, whichever gives each channel the largest LL128
chunk, in a sawtooth over size). The model keeps NCCL's 32 there: its
bandwidth is proportional to the channels in use (nccl.collective_channels),
so 16 channels would halve it, while AWS chose fewer channels because larger
chunks measured faster, an effect the model does not have.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass

from calc.sources import cite

__all__ = ["AWS_OFI_NCCL_REGIONS", "Point", "Region", "classify", "extend_region", "to_log2", "MIN_NODES", "RANKS_PER_NODE", "P5_ALLREDUCE_8PPN",
           "P6_8PPN"]

AWS_OFI_NCCL_REGIONS = cite(
    "aws-ofi-nccl-1.21.1-regions",
    "aws-ofi-nccl v1.21.1 src/tuner/nccl_ofi_regions.cpp: the region tuner's P5/P5e and P6-B200 regions "
    "(region_init_internal_p5_p5e, region_init_internal_p6), its ray-casting test (is_inside_region) and when it applies "
    "(region_get_coll_info_internal_v3: more than two nodes, pairs NCCL considers); src/Makefile.am: NCCL 2.21 "
    "and later load the tuner from the network plugin",
    "Amazon Web Services, github.com/aws/aws-ofi-nccl", 2026,
    "https://github.com/aws/aws-ofi-nccl/blob/2475c4c736907e68ebeadb3848f31231ee4a44d0/src/tuner/"
    "nccl_ofi_regions.cpp",
)

MIN_NODES = 3  # "Skip when two nodes or lesser because the regions are not well defined"
RANKS_PER_NODE = 8  # the regions transcribed are those for nRanks == 8 * nNodes
_MAX_SIZE = 100.0 * 1024**3  # TUNER_MAX_SIZE, bytes
_MAX_RANKS = 1024.0 * 1024  # TUNER_MAX_RANKS
_EPS = 1e-10
_MARGIN = 1e-9  # beyond the bounding box by more than this, no edge is within _EPS

Point = tuple[float, float]  # (log2 bytes, log2 ranks)


def to_log2(x: float, y: float) -> Point:
    """transform_log2: both coordinates to log2, a zero to 1e-6 first."""
    return math.log2(x or 1e-6), math.log2(y or 1e-6)


_FAR = to_log2(2 * _MAX_SIZE, 2 * _MAX_RANKS)  # the ray's end, beyond every region


def _cross(a: Point, b: Point) -> float:
    return a[0] * b[1] - a[1] * b[0]


def _sub(a: Point, b: Point) -> Point:
    return a[0] - b[0], a[1] - b[1]


def _intersect(x0: Point, x1: Point, y0: Point, y1: Point) -> tuple[int, Point]:
    """Whether segment x0-x1 crosses segment y0-y1 (1), does not (-1) or meets it too near y0 or y1 (0), and where
    the lines meet (``intersect``)."""
    dx, dy = _sub(x1, x0), _sub(y1, y0)
    d = _cross(dy, dx)
    if abs(d) < _EPS:
        return 0, (0.0, 0.0)  # parallel
    a = (_cross(x0, dx) - _cross(y0, dx)) / d
    meet = (y0[0] + a * dy[0], y0[1] + a * dy[1])
    if a < -_EPS or a > 1 + _EPS:
        return -1, meet
    if a < _EPS or a > 1 - _EPS:
        return 0, meet
    b = (_cross(x0, dy) - _cross(y0, dy)) / d
    return (-1 if b < 0 or b > 1 else 1), meet


def _on_edge(p: Point, y0: Point, y1: Point) -> bool:
    """``distance`` below the tolerance: the perpendicular from ``p`` meets the edge within it, at ``p``."""
    dy = _sub(y1, y0)
    crossing, meet = _intersect(p, (p[0] + dy[1], p[1] - dy[0]), y0, y1)
    return crossing != -1 and math.dist(meet, p) < _EPS


def classify(p: Point, vertices: tuple[Point, ...]) -> int:
    """``is_inside_region``: 0 where ``p`` is on an edge of the polygon, else 1 inside (an odd number of crossings
    of the ray to a point beyond every region), -1 outside. The source screens the bounding box after the edges;
    screening it first, widened by more than the edge tolerance, answers the same and skips the edges of a point
    far from the polygon."""
    xs, ys = [v[0] for v in vertices], [v[1] for v in vertices]
    dx, dy = max(min(xs) - p[0], p[0] - max(xs)), max(min(ys) - p[1], p[1] - max(ys))  # > 0: outside the box
    if dx > _MARGIN or dy > _MARGIN:
        return -1
    edges = tuple(zip(vertices, vertices[1:] + vertices[:1]))
    if any(_on_edge(p, a, b) for a, b in edges):
        return 0
    if dx > 0 or dy > 0:
        return -1
    return 1 if sum(_intersect(p, _FAR, a, b)[0] == 1 for a, b in edges) % 2 else -1


def extend_region(a: tuple[float, float], b: tuple[float, float]) -> tuple[float, float]:
    """``extend_region(a, b, {TUNER_MAX_SIZE, TUNER_MAX_RANKS})``: where the line through ``a`` and ``b`` (bytes,
    ranks; straight in log2) leaves the tuner's range, in bytes and ranks."""
    (ax, ay), (bx, by), (zx, zy) = to_log2(*a), to_log2(*b), to_log2(_MAX_SIZE, _MAX_RANKS)
    if ax == bx:
        return 2**ax, 2**zy
    if ay == by:
        return 2**zx, 2**ay
    m = (ay - by) / (ax - bx)
    c = by - m * bx
    return (2**zx, 2 ** (m * zx + c)) if m * zx + c < zy else (2 ** ((zy - c) / m), 2**zy)


@dataclass(frozen=True)
class Region:
    """One region: inside its polygon (vertices in bytes and ranks, as the source lists them) the tuner runs
    ``algo`` with ``proto`` for ``op``."""

    op: str
    algo: str
    proto: str
    corners: tuple[tuple[float, float], ...]

    @functools.cached_property
    def vertices(self) -> tuple[Point, ...]:
        """The corners in log2, as ``set_regions`` stores them."""
        return tuple(to_log2(x, y) for x, y in self.corners)

    def holds(self, nbytes: float, ranks: int) -> bool:
        """Whether the tuner takes this region for a collective of ``nbytes`` over ``ranks`` (on its edge too)."""
        return classify(to_log2(nbytes, ranks), self.vertices) >= 0


_TREE_LL128_END = extend_region((402653184, 2048), (402653184, 4096))
_NVLS_TREE_END = extend_region((8053063680, 160), (9663676416, 192))

# region_init_internal_p5_p5e, nRanks == 8 * nNodes, ncclFuncAllReduce, in the source's order.
P5_ALLREDUCE_8PPN = (
    Region("allreduce", "tree", "LL128", (
        (0, 16), (31457280, 16), (37748736, 32), (117440512, 64), (301989888, 128), (301989888, 256),
        (335544320, 512), (536870912, 1024), (402653184, 2048), (402653184, 4096), _TREE_LL128_END,
        (0, _TREE_LL128_END[1]))),
    Region("allreduce", "nvls_tree", "Simple", ((31457281, 16), (_MAX_SIZE, 16), (31457281, 16))),
    Region("allreduce", "ring", "LL128", (
        (31457280, 17), (1073741824, 17), (2147483648, 64), (2147483648, 128), (1342177280, 160),
        (2147483648, 256), (1074790400, 256), (444596224, 160), (301989888, 128), (117440512, 64),
        (37748736, 32))),
    Region("allreduce", "nvls_tree", "Simple", (
        (2147483648, 128), (6442450944, 128), (8053063680, 160), (9663676416, 192), _NVLS_TREE_END,
        _TREE_LL128_END, (402653184, 4096), (402653184, 2048), (536870912, 1024), (335544320, 512),
        (301989888, 256), (310378496, 160), (444596224, 160), (1074790400, 256), (2684354560, 256),
        (2147483648, 224), (1342177280, 160))),
    Region("allreduce", "ring", "Simple", (
        (1073741824, 17), (_NVLS_TREE_END[0], 17), _NVLS_TREE_END, (9663676416, 192), (8053063680, 160),
        (2684354560, 64), (1610612736, 32))),
)


_P6_TREE_LL_END = extend_region((393216, 16), (393216, 1024))
_P6_TREE_LL128_END = extend_region((96993280, 1024), (106430464, 2048))
_P6_NVLS_TREE_END = extend_region((10737418240, 512), (34359738368, 1500))
_P6_AG_LL_END = extend_region((74973184, 1024), (213385216, 2048))
_P6_AG_LL128_END = extend_region((8321499136, 512), (32212254720, 2048))
_P6_RS_LL_END = extend_region((73924608, 1024), (209190912, 2048))
_P6_RS_LL128_END = extend_region((4294967296, 256), (8589934592, 512))

# region_init_internal_p6 (p6-b200.48xlarge), nRanks == 8 * nNodes, in the source's order: AllReduce, AllGather,
# ReduceScatter.
P6_8PPN = (
    Region("allreduce", "tree", "LL", ((0, 16), (393216, 16), _P6_TREE_LL_END, (0, _MAX_RANKS))),
    Region("allreduce", "tree", "LL128", (
        _P6_TREE_LL_END, (393216, 16), (4718592, 16), (18350080, 32), (40370176, 64), (57147392, 128),
        (72876032, 256), (96993280, 1024), (106430464, 2048), _P6_TREE_LL128_END)),
    Region("allreduce", "ring", "LL128", (
        (90701824, 128), (50855936, 64), (18350080, 32), (133693440, 32), (120061952, 64))),
    Region("allreduce", "nvls_tree", "Simple", (
        _P6_TREE_LL128_END, (106430464, 2048), (96993280, 1024), (72876032, 256), (57147392, 128),
        (40370176, 64), (18350080, 32), (50855936, 64), (90701824, 128), (120061952, 64), (133693440, 32),
        (18350080, 32), (4718592, 16), (_MAX_SIZE, 16), (435159040, 32), (1072693248, 64), (10737418240, 512),
        (34359738368, 1500), _P6_NVLS_TREE_END)),
    Region("allreduce", "ring", "Simple", (
        _P6_NVLS_TREE_END, (10737418240, 512), (1072693248, 64), (435159040, 32), (_MAX_SIZE, 16))),
    Region("allgather", "ring", "LL", (
        (0, 16), (786432, 16), (1572864, 32), (2621440, 64), (4718592, 128), (17301504, 256), (74973184, 1024),
        (213385216, 2048), _P6_AG_LL_END, (0, _MAX_RANKS))),
    Region("allgather", "ring", "LL128", (
        _P6_AG_LL_END, (213385216, 2048), (74973184, 1024), (17301504, 256), (4718592, 128), (2621440, 64),
        (1572864, 32), (786432, 16), (198705152, 16), (456130560, 32), (871366656, 64), (8321499136, 512),
        (32212254720, 2048), _P6_AG_LL128_END)),
    Region("allgather", "ring", "Simple", (
        _P6_AG_LL128_END, (32212254720, 2048), (8321499136, 512), (871366656, 64), (456130560, 32),
        (198705152, 16), (_MAX_SIZE, 16))),
    Region("reducescatter", "ring", "LL", (
        (0, 16), (786432, 16), (1572864, 32), (2621440, 64), (4718592, 128), (17301504, 256), (35127296, 512),
        (73924608, 1024), (209190912, 2048), _P6_RS_LL_END, (0, _MAX_RANKS))),
    Region("reducescatter", "ring", "LL128", (
        _P6_RS_LL_END, (209190912, 2048), (73924608, 1024), (35127296, 512), (17301504, 256), (4718592, 128),
        (2621440, 64), (1572864, 32), (786432, 16), (219676672, 16), (508559360, 32), (592445440, 64),
        (4294967296, 256), (8589934592, 512), _P6_RS_LL128_END)),
    Region("reducescatter", "ring", "Simple", (
        _P6_RS_LL128_END, (8589934592, 512), (4294967296, 256), (592445440, 64), (508559360, 32),
        (219676672, 16), (_MAX_SIZE, 16))),
)

