"""KV-cache size and transfer time."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from calc.errors import ValidationError
from calc.registry import run


def test_llama3_70b_holds_320_KiB_per_token_in_bf16() -> None:
    # Llama 3 report, Table 3: 70B has 80 layers, 8 KV heads, model dimension 8192 over 64 heads = 128.
    # 2 (K and V) × 80 × 8 × 128 × 2 B = 327,680 B.
    assert run("kvcache").value("bytes_per_token") == 327_680


def test_8k_context_is_2_5_GiB_and_takes_3_ms_on_nvlink5_and_54_ms_on_a_400G_nic() -> None:
    result = run("kvcache")
    assert result.value("kv_bytes") == 327_680 * 8192
    assert result.value("scale_up_ms") == pytest.approx(327_680 * 8192 / 900e6, rel=1e-12)
    assert result.value("scale_out_ms") == pytest.approx(327_680 * 8192 / 50e6, rel=1e-12)
    assert result.value("ratio") == pytest.approx(18.0, rel=1e-12)  # 900 GB/s against 50 GB/s


def test_fp8_halves_the_cache_and_batch_multiplies_it() -> None:
    base = run("kvcache").value("kv_bytes")
    assert run("kvcache", {"bytes_per_element": 1.0, "batch": 4}).value("kv_bytes") == 2 * base


def test_llama3_405b_holds_504_KiB_per_token() -> None:
    # Table 3: 405B has 126 layers and 8 KV heads of 16384/128 = 128: 2 × 126 × 8 × 128 × 2 = 516,096 B.
    assert run("kvcache", {"layers": 126}).value("bytes_per_token") == 516_096


def test_zero_layers_is_refused_with_the_field_named() -> None:
    with pytest.raises(ValidationError, match=r"^layers must be between 1 and 1000: got 0$"):
        run("kvcache", {"layers": 0})


@settings(max_examples=40, deadline=None)
@given(layers=st.integers(1, 1000), heads=st.integers(1, 1024), dim=st.integers(1, 4096),
       context=st.integers(1, 10_000_000), batch=st.integers(1, 100_000))
def test_any_allowed_model_gives_finite_positive_times(layers: int, heads: int, dim: int, context: int,
                                                       batch: int) -> None:
    result = run("kvcache", {"layers": layers, "kv_heads": heads, "head_dim": dim, "context": context,
                             "batch": batch})
    assert 0 < float(result.value("scale_up_ms")) < float(result.value("scale_out_ms"))
    result.to_json()
