"""Monitoring: alert rules, burst detection and Prometheus/Grafana exports."""
