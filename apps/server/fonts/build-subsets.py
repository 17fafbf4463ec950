#!/usr/bin/env python3
"""
Rebuilds the two font subsets the statement PDF embeds (apps/server/fonts/*.ttf) from Noto Sans TC and
Noto Sans KR Regular (SIL Open Font License 1.1, OFL.txt). Needs fontTools (`pip install fonttools`)
and the two source fonts, e.g. from the npm packages @expo-google-fonts/noto-sans-tc and
@expo-google-fonts/noto-sans-kr 0.4.3 (`npm pack`, then 400Regular/*.ttf); they are NOT dependencies
of the project, only of this one-off step. Run from the repository root:

    python3 apps/server/fonts/build-subsets.py NotoSansTC_400Regular.ttf NotoSansKR_400Regular.ttf

Kept: Basic Latin, Latin-1 and Latin Extended-A (de, es), common punctuation and currency signs;
for TC the 5,401 frequent hanzi of Big5 level 1 and its symbols; for KR the 2,350 Hangul syllables
of KS X 1001 and the compatibility jamo; for both every CJK character of packages/i18n (so every
translated text of the page renders). pdfkit subsets again per document, so a PDF carries only the
glyphs it uses.
"""
import glob
import subprocess
import sys


def big5(lo, hi):
    out = set()
    for b1 in range(lo >> 8, (hi >> 8) + 1):
        for b2 in list(range(0x40, 0x7F)) + list(range(0xA1, 0xFF)):
            code = (b1 << 8) | b2
            if lo <= code <= hi:
                try:
                    out.add(bytes([b1, b2]).decode('big5'))
                except UnicodeDecodeError:
                    pass
    return out


def ksx1001_hangul():
    out = set()
    for b1 in range(0xB0, 0xC9):
        for b2 in range(0xA1, 0xFF):
            try:
                out.add(bytes([b1, b2]).decode('euc_kr'))
            except UnicodeDecodeError:
                pass
    return out


def i18n_cjk():
    text = ''.join(open(p, encoding='utf8').read() for p in glob.glob('packages/i18n/src/**/*.ts', recursive=True))
    return set(c for c in text if ord(c) >= 0x3000)


base = set(chr(c) for c in range(0x20, 0x7F)) | set(chr(c) for c in range(0xA0, 0x180))
base |= set('–—‘’“”…•€₩¥£₹₫฿₱₺₽ 　、。「」『』（），：；？！～・')
tc = base | big5(0xA140, 0xA3BF) | big5(0xA440, 0xC67E) | i18n_cjk()
kr = base | ksx1001_hangul() | set(chr(c) for c in range(0x3131, 0x318F)) | i18n_cjk()

for source, chars, target in [
    (sys.argv[1], tc, 'apps/server/fonts/NotoSansTC-Regular-subset.ttf'),
    (sys.argv[2], kr, 'apps/server/fonts/NotoSansKR-Regular-subset.ttf'),
]:
    subprocess.run(
        ['pyftsubset', source, '--text=' + ''.join(sorted(chars)), '--no-hinting', '--layout-features=',
         '--output-file=' + target],
        check=True,
    )
    print(target)
