"""Simplified Chinese message catalogue for :mod:`calc.scaleup`: exact English text → Chinese.

Keys are the declared texts (titles, summaries, labels, help, choice labels, outputs, chart
and table headings, fixed trace names and cells, problem statements and hints) exactly as
written in the declarations; ``{placeholders}`` are kept. Terminology follows I18N.md.
Entries whose key is not a declared text are templates for the notes, table cells and
error messages the model builds with f-strings: named placeholders stand for the values.
"""

from __future__ import annotations

__all__ = ["MESSAGES"]

MESSAGES: dict[str, str] = {
    'Scale-up domains, 2022-2026': '纵向扩展域，2022-2026',
    'Published scale-up domains: accelerators per domain, bandwidth per accelerator, rack aggregate and the bandwidth floor of one AllReduce.': '已公布的纵向扩展域：每域加速器数、每加速器带宽、机架总带宽，以及一次 AllReduce 的带宽下限。',
    'AllReduce buffer': 'AllReduce 缓冲区',
    'Bytes each accelerator contributes to one AllReduce inside the domain.': '每个加速器在域内一次 AllReduce 中贡献的字节数。',
    'GB200 NVL72 aggregate': 'GB200 NVL72 总带宽',
    '72 × 1.8 TB/s.': '即 72 × 1.8 TB/s。',
    'Vera Rubin NVL72 aggregate': 'Vera Rubin NVL72 总带宽',
    '72 × 3.6 TB/s.': '即 72 × 3.6 TB/s。',
    'Vera Rubin over GB200 AllReduce speed-up': 'Vera Rubin 相对 GB200 的 AllReduce 加速比',
    'Published scale-up domains': '已公布的纵向扩展域',
    'System': '系统',
    'Scale-up link': '纵向扩展链路',
    'Year': '年份',
    'Accelerators': '加速器数',
    'Per accelerator, each way': '每加速器，单向',
    'Domain, both ways': '整个域，双向',
    'AllReduce floor': 'AllReduce 下限',
    'AMD Helios (MI455X)': 'AMD Helios 机架 (MI455X)',
    'UALink (over Ethernet at first)': 'UALink (初期基于以太网)',
}
