# --player-like: real spellings of one player from the corpora (testdata/search/names.README),
# matched in spite of transliteration, case, diacritics (UTF-8 and CP1252), punctuation,
# word order and initials; a one-word name is a surname ("Tal" is not "Haimovich, Tal").
for name in Nepomniachtchi 'Nepomnjaschtschi, J.' Tahl 'Mikhail Tal' Kortschnoi Yusupov \
    'Artur Jussupow' 'Robert Hübner' 'LJUBOJEVIC' Iwantschuk; do
    echo "== $name"
    "$PGNKIT" search --list --player-like "$name" testdata/search/names.pgn | cut -f 1-3
done
