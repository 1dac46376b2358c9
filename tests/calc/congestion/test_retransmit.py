"""Go-back-N against selective repeat (Bertsekas and Gallager's ARQ efficiencies)."""

from __future__ import annotations

import pytest

from calc.congestion.retransmit import gbn_efficiency, window_packets
from calc.errors import ValidationError
from calc.registry import run


def test_window_is_the_bandwidth_delay_product_in_packets() -> None:
    # 400 Gb/s × 10 µs = 500,000 B = 122.07 packets of 4096 B.
    assert window_packets(400.0, 10.0, 4096) == pytest.approx(500_000 / 4096, rel=1e-12)


def test_go_back_n_is_selective_repeat_with_a_window_of_one() -> None:
    assert gbn_efficiency(0.01, 1.0) == pytest.approx(0.99, rel=1e-12)


def test_go_back_n_textbook_efficiency() -> None:
    # Bertsekas & Gallager 2.4: (1 - p) / (1 + (W - 1) p); W = 101, p = 1 %: 0.99 / 2 = 0.495.
    assert gbn_efficiency(0.01, 101.0) == pytest.approx(0.495, rel=1e-12)


def test_at_one_in_a_thousand_go_back_n_loses_a_tenth_of_a_400G_link() -> None:
    result = run("retransmit", {"loss": 1e-3})
    w = 500_000 / 4096
    assert result.value("gbn_goodput_pct") == pytest.approx(100 * 0.999 / (1 + (w - 1) * 1e-3), rel=1e-12)
    assert result.value("sr_goodput_pct") == pytest.approx(99.9, rel=1e-12)


def test_loss_above_one_half_is_refused() -> None:
    with pytest.raises(ValidationError, match=r"^loss must be between 0 and 0\.5: got 0\.6$"):
        run("retransmit", {"loss": 0.6})
