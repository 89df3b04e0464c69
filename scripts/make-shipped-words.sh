#!/usr/bin/env bash
# Rebuilds the shipped word models (Resources/words/*.words) from their sources, at development
# time (see docs/words.md). Needs the network for PyPI and Debian's archive once; the keyboard
# never does. Usage: scripts/make-shipped-words.sh [LANG...]   (default: every language below)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
work="${WORDS_WORK:-$root/.build/words-sources}"
mkdir -p "$work"
cd "$work"

# wordfreq (unigram frequencies, CC-BY-SA 4.0) and symspellpy (English word pairs) in a private venv.
if [ ! -x venv/bin/python ]; then
  /usr/bin/python3 -m venv venv
  venv/bin/pip install -q 'wordfreq==3.1.1' 'symspellpy==6.10.1'
fi
symspell="$(venv/bin/python -c 'import os, symspellpy; print(os.path.dirname(symspellpy.__file__))')"

# Dasher's training texts (running text: word pairs, sentence starts, case; GPL-2+). The last 20 %
# of each is left out of the model: that part is the evaluation text (Benchmarks/words.py).
if [ ! -d dasher ]; then
  apt-get download dasher-data >/dev/null
  dpkg-deb -x dasher-data_*.deb dasher-x
  mv dasher-x/usr/share/dasher dasher
  rm -rf dasher-x dasher-data_*.deb
fi

# German spellings (GPL-2+): which words wordfreq's case folding turned from ß into ss (groß →
# gross) are written with ß; see undo_casefold in make-words.py.
if [ ! -f ngerman ]; then
  apt-get download wngerman >/dev/null
  dpkg-deb -x wngerman_*.deb wngerman-x
  mv wngerman-x/usr/share/dict/ngerman ngerman
  rm -rf wngerman-x wngerman_*.deb
fi

# Danish word forms (hunspell-da, LGPL-2.1 or GPL-2 or MPL-1.1): wordfreq's Danish list is its
# small one (29,000 words); the model adds the forms of its words that Debian's spelling
# dictionary makes (scripts/hunspell-forms.py, one family of forms a line).
if [ ! -f da_DK.families ]; then
  apt-get download hunspell-da >/dev/null
  dpkg-deb -x hunspell-da_*.deb hunspell-da-x
  /usr/bin/python3 "$here/hunspell-forms.py" --families hunspell-da-x/usr/share/hunspell/da_DK.dic \
    hunspell-da-x/usr/share/hunspell/da_DK.aff > da_DK.families
  rm -rf hunspell-da-x hunspell-da_*.deb
fi

make_words() { venv/bin/python "$here/make-words.py" --wordfreq --held-out 0.2 --discount 0.4 --min-pair 1 --per-word 1000 --triples 200000 "$@"; }
# --endings (the ending back-off, docs/words.md) where it raised the keystroke savings on the
# held-out Dasher text by 0.2 points or more: not en, nl, tr (and no text for nb, sk, ro, uk; hu's is one line).
langs=("$@"); [ ${#langs[@]} -gt 0 ] || langs=(en de fr es ru it pt nl pl sv da nb fi cs sk hu ro tr uk el)
for lang in "${langs[@]}"; do
  case "$lang" in
    en) make_words --language en --words 80000 --text dasher/training_english_GB.txt \
          --pair-counts "$symspell/frequency_bigramdictionary_en_243_342.txt" \
          --pair-unigrams "$symspell/frequency_dictionary_en_82_765.txt" ;;
    de) make_words --endings --language de --words 80000 --text dasher/training_german_DE.txt --spellings ngerman ;;
    fr) make_words --endings --language fr --words 80000 --text dasher/training_french_FR.txt \
          --elisions "l,d,qu,c,j,n,s,m,t,jusqu,lorsqu,puisqu,quoiqu" ;;
    es) make_words --endings --language es --words 80000 --text dasher/training_spanish_ES.txt ;;
    ru) make_words --endings --language ru --words 150000 --text dasher/training_russian_RU.txt \
          --script CYRILLIC --keep-letters й ;;
    it) make_words --endings --language it --words 80000 --text dasher/training_italian_IT.txt \
          --elisions "l,un,dell,all,dall,nell,sull,c,d,m,t,s,v,quest,quell,bell,sant" --also-alone un ;;
    pt) make_words --endings --language pt --words 80000 --text dasher/training_portuguese_BR.txt ;;
    nl) make_words --language nl --words 80000 --text dasher/training_dutch_NL.txt ;;
    pl) make_words --endings --language pl --words 200000 --text dasher/training_polish_PL.txt ;;
    sv) make_words --endings --language sv --words 80000 --text dasher/training_swedish_SE.txt ;;
    da) make_words --endings --language da --words 150000 --text dasher/training_danish_DK.txt --text-words 1 \
          --inflections da_DK.families --inflection-share 0.05 ;;
    nb) make_words --language nb --words 80000 ;;
    fi) make_words --endings --language fi --words 120000 --text dasher/training_finnish_FI.txt ;;
    cs) make_words --endings --language cs --words 150000 --text dasher/training_czech_CS.txt ;;
    sk) make_words --language sk --words 80000 ;;
    hu) make_words --language hu --words 80000 --text dasher/training_hungarian_HU.txt ;;
    ro) make_words --language ro --words 80000 ;;
    tr) make_words --language tr --words 80000 --text dasher/training_turkish_TR.txt ;;
    uk) make_words --language uk --words 100000 --script CYRILLIC --keep-letters й ;;
    el) make_words --endings --language el --words 80000 --text dasher/training_greek_GR.txt --script GREEK ;;
    *) echo "make-shipped-words: no recipe for '$lang'; run scripts/make-words.py yourself (docs/words.md)" >&2; exit 2 ;;
  esac
done
