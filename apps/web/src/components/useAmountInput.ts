import { useLayoutEffect, useRef, type ChangeEvent } from 'react';
import { languageTags, localiseAmountInput } from '../lib/format';
import { useSession } from '../store/session';

/**
 * The props of a typed amount or price field in the reader's decimal mark (issue 30): German and
 * Spanish show "61,5", the others "61.5". The value held in state stays the cleaned text with a
 * point ("61.5", never a float), which `toWireAmount` sends.
 *
 * `onChange` receives what was typed as it stands ("61,5", a pasted "1.234,5"); the caller cleans
 * it with `sanitiseAmountInput` (or a whole-number cleaner), which reads either mark as the point
 * and a pasted grouping as grouping. A point typed in German is shown as a comma: React then writes
 * the value and the browser would send the caret to the end, so it is put back where it was.
 *
 * `locale` is a BCP 47 tag; by default the language the user chose.
 */
export function useAmountInput(value: string, onChange: (typed: string) => void, locale?: string) {
  const language = useSession((s) => s.language);
  const tag = locale ?? languageTags[language];
  const ref = useRef<HTMLInputElement>(null);
  const typed = useRef<{ text: string; at: number | null } | null>(null);
  const shown = localiseAmountInput(value, tag);
  useLayoutEffect(() => {
    const last = typed.current;
    typed.current = null;
    const input = ref.current;
    if (!last || last.at === null || !input || document.activeElement !== input) return;
    // same length: only a mark changed, so the caret belongs where the user left it
    if (input.value.length === last.text.length) input.setSelectionRange(last.at, last.at);
  });
  return {
    ref,
    value: shown,
    inputMode: 'decimal' as const,
    placeholder: localiseAmountInput('0.00', tag),
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      typed.current = { text: event.target.value, at: event.target.selectionStart };
      onChange(event.target.value);
    },
  };
}
