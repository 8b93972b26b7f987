printf '1. e4 e5 2. Pf3 Pc6 3. Lb5 a6 *\n' | "$PGNKIT" convert --input-lang nl --format uci
