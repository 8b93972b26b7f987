printf '{"moves": [{"san": ""}]}\n{"moves": [{"uci": "e2e4"}]}\n' | "$PGNKIT" convert --from json --format uci
