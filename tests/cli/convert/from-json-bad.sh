printf '{"moves": [{"san": "e4"}]}\n{"moves": [{"san": "Ke3"}]}\n{"moves": 5}\n{"tags": {"White": 3}}\n[1]\n{"moves": [{"san": "e4"}]\n' | "$PGNKIT" convert --from json --format uci
