"""Simplified Chinese message catalogue for :mod:`calc.reliability`: exact English text → Chinese.

Keys are the declared texts (titles, summaries, labels, help, choice labels, outputs, chart
and table headings, fixed trace names and cells, problem statements and hints) exactly as
written in the declarations; ``{placeholders}`` are kept. Terminology follows I18N.md.
Entries whose key is not a declared text are templates for the notes, table cells and
error messages the model builds with f-strings: named placeholders stand for the values.
"""

from __future__ import annotations

__all__ = ["MESSAGES"]

MESSAGES: dict[str, str] = {
    'Goodput of a training job at scale': '大规模训练作业的有效训练时间占比 (goodput)',
    'Interruptions per day, the optimal checkpoint interval (Young/Daly) and the share of wall time doing useful work, from the GPU count, failure rate, checkpoint and restart times.': '根据 GPU 数量、故障率、检查点与重启时间，计算每天的中断次数、最优检查点间隔 (Young/Daly) 以及墙钟时间中做有效工作的占比。',
    'GPUs': 'GPU 数',
    'GPUs in the synchronous job.': '同步作业中的 GPU 数。',
    'Mean time between failures per GPU': '每 GPU 平均故障间隔时间',
    "Mean time between job-interrupting failures per GPU, all causes (GPU, memory, NIC, switch, optics, cable, host, software). Default: Llama 3's 419 in 54 days on 16,384 GPUs.": '每 GPU 导致作业中断的故障平均间隔时间，涵盖所有原因 (GPU、内存、网卡、交换机、光模块、线缆、主机、软件)。默认值：Llama 3 在 16,384 个 GPU 上 54 天内 419 次。',
    'Checkpoint time': '检查点时间',
    'Time training stops to write one checkpoint.': '写一次检查点时训练暂停的时间。',
    'Restart time': '重启时间',
    'From the failure to training again: detection, replacing the node, reloading the checkpoint. Lost work is counted separately.': '从故障到重新开始训练：检测、替换节点、重新加载检查点。丢失的工作另行计算。',
    'Checkpoint interval': '检查点间隔',
    'Compute time between checkpoints; 0 uses the optimal interval.': '两次检查点之间的计算时间；0 表示使用最优间隔。',
    'Run length': '运行时长',
    'Wall-clock length of the run, for the expected number of interruptions.': '运行的墙钟时长，用于计算预期中断次数。',
    'days': '天',
    'Mean time between interruptions of the job': '作业平均中断间隔时间',
    'Interruptions per day': '每天中断次数',
    'Interruptions over the run': '整个运行期间的中断次数',
    'Optimal checkpoint interval': '最优检查点间隔',
    "Daly's higher-order estimate.": 'Daly 的高阶估计。',
    'Checkpoint interval used': '实际使用的检查点间隔',
    'Goodput': '有效训练时间占比 (goodput)',
    'Share of wall time doing useful work.': '墙钟时间中做有效工作的占比。',
    'Interruptions from the network over the run': '整个运行期间由网络引起的中断',
    "NIC, switch and cable, at Llama 3's share of 42 in 419.": '网卡、交换机和线缆，按 Llama 3 的 419 次中 42 次的比例。',
    "Interruptions by component (Llama 3's shares)": '按组件划分的中断 (Llama 3 的比例)',
    'Component': '组件',
    'Share': '占比',
    'Per day': '每天',
    'Over the run': '整个运行期间',
    'Goodput against checkpoint interval': '有效训练时间占比与检查点间隔的关系',
    'Too frequent: checkpoints cost; too rare: failures lose work.': '太频繁：检查点有开销；太稀少：故障会丢失工作。',
    'goodput': '有效训练时间占比',
    'GPU (faulty GPU, SRAM, system processor, thermal, silent data corruption)': 'GPU (GPU 故障、SRAM、系统处理器、散热、静默数据损坏)',
    'GPU HBM3 memory': 'GPU HBM3 显存',
    'Software bug and dependency': '软件缺陷与依赖',
    'Network switch or cable': '网络交换机或线缆',
    'Host maintenance (unplanned)': '主机维护 (计划外)',
    'NIC': '网卡',
    'NCCL watchdog timeout (cause unknown)': 'NCCL watchdog 超时 (原因不明)',
    'Other host (SSD, power supply, chassis, IO board, CPU, memory)': '其他主机故障 (SSD、电源、机箱、IO 板、CPU、内存)',
}
