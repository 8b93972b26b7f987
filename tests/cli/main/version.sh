"$PGNKIT" --version | sed "s/[0-9][0-9.]*[0-9]/VERSION/"
