/**
 * A product's name in the app's language (docs/decisions.md, "A newcomer's first hour"): the server
 * sends the English `name` and the operator's translations in `names`; the reader gets theirs, or
 * English when the operator wrote none.
 */
import { pickTranslation, type ProductNames } from '@brokerage/contract';
import { useCallback } from 'react';
import { useSession } from '../store/session';

export interface Named {
  name: string;
  /** absent on an answer from an older server: English then */
  names?: ProductNames;
}

/** `(product) => its name in the app's language`. */
export function useProductName(): (product: Named) => string {
  const lang = useSession((s) => s.language);
  return useCallback((product: Named) => pickTranslation(product.name, product.names, lang).value, [lang]);
}
