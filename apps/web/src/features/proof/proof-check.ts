/**
 * The on-device check of one currency's path (docs/api.md §25): SHA-256 through Web Crypto, the
 * path and sums through the contract's `verifyPath` (exact Money, never a float). The nonces the
 * device saw in earlier proofs are kept in localStorage: a nonce seen again fails.
 */
import { verifyPath, type Currency, type PathCheck, type ProofMine } from '@brokerage/contract';

export async function subtleSha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

const SEEN_KEY = 'proof.nonces';

/** `{ "<currency>": { "<proofId>": nonce } }` as the device remembers it. */
function seenNonces(): Record<string, Record<string, string>> {
  try {
    const raw = localStorage.getItem(SEEN_KEY);
    return raw ? (JSON.parse(raw) as Record<string, Record<string, string>>) : {};
  } catch {
    return {};
  }
}

function remember(currency: Currency, proofId: string, nonce: string): void {
  try {
    const seen = seenNonces();
    const mine = { ...(seen[currency] ?? {}), [proofId]: nonce };
    // the last 30 proofs are enough to catch a reuse
    const kept = Object.fromEntries(Object.entries(mine).slice(-30));
    localStorage.setItem(SEEN_KEY, JSON.stringify({ ...seen, [currency]: kept }));
  } catch {
    // storage full or blocked: the check still runs, without memory
  }
}

export async function checkOnDevice(
  proofId: string,
  currency: Currency,
  mine: ProofMine,
  published: { root: string; total: string },
): Promise<PathCheck> {
  const earlier = Object.entries(seenNonces()[currency] ?? {})
    .filter(([id]) => id !== proofId)
    .map(([, nonce]) => nonce);
  const result = await verifyPath(mine, currency, subtleSha256, { ...published, seenNonces: earlier });
  if (result.ok) remember(currency, proofId, mine.leaf.nonce);
  return result;
}
