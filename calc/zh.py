"""Chinese texts of the kernel: rules, the error template, form and CLI words (calc.i18n).

Templates keep their ``{placeholders}``; the values inside them are never translated.
"""

from __future__ import annotations

__all__ = ["MESSAGES"]

MESSAGES: dict[str, str] = {
    # the error template and the parameter rules (calc.params)
    "{label} must {rule}: got {value}": "{label} {rule}：收到 {value}",
    "be between {low} and {high}": "必须介于 {low} 和 {high} 之间",
    "be at least {low}": "必须不小于 {low}",
    "be at most {high}": "必须不大于 {high}",
    "be one of {choices}": "必须是以下之一：{choices}",
    "be an integer": "必须是整数",
    "be a number": "必须是数字",
    "be a finite number": "必须是有限的数字",
    "be a size in bytes such as 4096, 512KiB, 1MiB or 4GB": "必须是以字节计的大小，例如 4096、512KiB、1MiB 或 4GB",
    "be true or false": "必须是 true 或 false",
    "be text": "必须是文本",
    "be at most {length} characters": "最多 {length} 个字符",
    "{low} to {high}": "{low} 至 {high}",
    # the form and the pre-rendered widget (widgets.render)
    "Allowed: {rule}.": "允许范围：{rule}。",
    "Advanced: calibration and overrides": "高级：校准与覆盖",
    "Reset to defaults": "恢复默认值",
    "Calculators": "计算器",
    "Copy link": "复制链接",
    "The link holds these inputs.": "链接中保存了这些输入。",
    "Loading Python": "正在加载 Python",
    "Inputs": "输入",
    "Results": "结果",
    "Result computed at build time; Python starts when you scroll here.": "结果在构建时计算；滚动到此处时 Python 启动。",
    "Open this calculator on its own (embeddable)": "单独打开此计算器（可嵌入）",
    "Computed by calculator {name} at build time": "由计算器 {name} 在构建时计算",
    "Tap or click to read it all": "点按或单击以阅读全文",
    # the References page's groups (widgets.render.references_html)
    "Collectives, hardware and training": "集合通信、硬件与训练",
    "Fabric sizing and cost": "网络规模与成本",
    "Topology as code": "拓扑即代码",
    "ECMP and load balancing": "ECMP 与负载均衡",
    "PFC, ECN and congestion control": "PFC、ECN 与拥塞控制",
    "Monitoring": "监控",
    "Other sources": "其他来源",
    "Open the full page": "打开完整页面",
    "Name": "名称",
    "What it computes": "计算内容",
    "Parameters": "参数",
    "Embed page": "嵌入页面",
    # the command line (calc.cli)
    "parameters:": "参数：",
    "outputs:": "输出：",
    "inputs:": "输入：",
    "required": "必填",
    "default": "默认",
    "note:": "注：",
    "error:": "错误：",
    "chart": "图表",
    "traces; --json for data": "条曲线；数据请用 --json",
    "wrote {count} files to {folder}": "已写出 {count} 个文件到 {folder}",
    "export {name} writes {count} files: give --out DIR": "导出 {name} 会写出 {count} 个文件：请用 --out DIR 指定目录",
    "{name} must be a readable file: got {path} ({reason})": "{name} 必须是可读的文件：收到 {path} ({reason})",
    "export {name} has no translated descriptions: drop --lang {lang}": "导出 {name} 没有翻译的说明：请去掉 --lang {lang}",
}
