"""Simplified Chinese message catalogue for :mod:`calc.inference`: exact English text → Chinese.

Keys are the declared texts (titles, summaries, labels, help, choice labels, outputs, chart
and table headings, fixed trace names and cells, problem statements and hints) exactly as
written in the declarations; ``{placeholders}`` are kept. Terminology follows I18N.md.
Entries whose key is not a declared text are templates for the notes, table cells and
error messages the model builds with f-strings: named placeholders stand for the values.
"""

from __future__ import annotations

__all__ = ["MESSAGES"]

MESSAGES: dict[str, str] = {
    'KV-cache size and transfer time': 'KV 缓存大小与传输时间',
    "Bytes of a request's KV cache and the time to move it from a prefill GPU to a decode GPU over scale-up (NVLink) or scale-out (one NIC).": '一个请求的 KV 缓存字节数，以及经纵向扩展 (NVLink) 或横向扩展 (一块网卡) 从 prefill GPU 传到 decode GPU 所需的时间。',
    'Layers': '层数',
    'Transformer layers (Llama 3 70B: 80).': 'Transformer 层数 (Llama 3 70B: 80)。',
    'KV heads': 'KV 头数',
    'Key/value heads per layer (grouped-query attention: fewer than attention heads).': '每层的键/值头数 (分组查询注意力：少于注意力头数)。',
    'Head dimension': '头维度',
    'Elements per head.': '每个头的元素数。',
    'Bytes per element': '每元素字节数',
    '2 for BF16/FP16, 1 for FP8, 0.5 for 4-bit.': 'BF16/FP16 为 2，FP8 为 1，4 位为 0.5。',
    'Context length': '上下文长度',
    'Tokens of prompt (and generated text) held in the cache.': '缓存中保存的提示 (及已生成文本) 的 token 数。',
    'tokens': '个 token',
    'Requests': '请求数',
    'Requests whose caches move together.': '缓存一起传输的请求数。',
    'Scale-up bandwidth per GPU': '每 GPU 纵向扩展带宽',
    'Per direction: 900 for NVLink 5, 450 for NVLink 4.': '单向：NVLink 5 为 900，NVLink 4 为 450。',
    'Scale-out NIC speed': '横向扩展网卡速率',
    'One NIC, per direction.': '一块网卡，单向。',
    'KV cache per token': '每 token 的 KV 缓存',
    'KV cache to move': '待传输的 KV 缓存',
    'Transfer over scale-up': '经纵向扩展传输',
    'Transfer over scale-out': '经横向扩展传输',
    'Scale-out over scale-up time': '横向扩展与纵向扩展的时间比',
    'Transfer time against context length': '传输时间与上下文长度的关系',
    'Transfer time': '传输时间',
    'Both lines are straight: the cache grows linearly with the context.': '两条线都是直线：缓存随上下文线性增长。',
    'scale-up': '纵向扩展',
    'scale-out': '横向扩展',
}
