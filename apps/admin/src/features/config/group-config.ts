/**
 * Groups config entries (docs/api.md §19.7) by key prefix for the editor: `market.<m>.*` per market, every
 * other key by its first segment (`withdraw.limits.MXN` → `withdraw`). Pure, so it is tested in node.
 */
import type { ConfigItem } from '@brokerage/contract';

export interface ConfigGroup {
  name: string;
  items: ConfigItem[];
}

/** The order operators expect: markets first, then money movement, products, loans, display. */
const groupOrder = [
  'market.mxn',
  'market.usd',
  'market.eur',
  'market.crypto',
  'market.forex',
  'funds',
  'deposit',
  'withdraw',
  'exchange',
  'currencies',
  'wallet',
  'subscription',
  'block',
  'lending',
  'copy',
  'loan',
  'display',
];

export function configGroupOf(key: string): string {
  const parts = key.split('.');
  const first = parts[0] ?? key;
  if (first === 'market' && parts.length > 2) return `market.${parts[1]}`;
  return first;
}

function rankOf(group: string): number {
  const index = groupOrder.indexOf(group);
  if (index >= 0) return index;
  // Unknown markets stay with the markets; any other new prefix goes after the known ones.
  return group.startsWith('market.') ? groupOrder.indexOf('market.forex') + 0.5 : groupOrder.length;
}

/** Groups in a fixed order (unknown ones alphabetically after); entries keep the server's order. */
export function groupConfig(items: readonly ConfigItem[], filter = ''): ConfigGroup[] {
  const needle = filter.trim().toLowerCase();
  const groups = new Map<string, ConfigItem[]>();
  for (const item of items) {
    if (needle && !item.key.toLowerCase().includes(needle)) continue;
    const name = configGroupOf(item.key);
    const list = groups.get(name);
    if (list) list.push(item);
    else groups.set(name, [item]);
  }
  return [...groups.entries()]
    .map(([name, groupItems]) => ({ name, items: groupItems }))
    .sort((a, b) => rankOf(a.name) - rankOf(b.name) || a.name.localeCompare(b.name));
}

export type JsonParse = { ok: true; value: unknown } | { ok: false; error: string };

/** Parses the editor's text; an empty text is not JSON (send `null` to mean null). */
export function parseJsonValue(text: string): JsonParse {
  if (text.trim() === '') return { ok: false, error: 'Enter a JSON value' };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    return { ok: false, error: `Not valid JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
}
