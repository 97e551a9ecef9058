"""shapes-print: YAML game content to cut-ready, 100%-scale printable kits."""
