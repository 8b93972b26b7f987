"$PGNKIT" stats --merge --white Alpha x.json
