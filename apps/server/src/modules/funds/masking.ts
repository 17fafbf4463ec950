/** Masking of docs/api.md §1.8. */

/** Characters 1–4, `*` for 5–12, then characters 13 on: 4152313412345678 → 4152********5678. */
export function maskCardNumber(number: string): string {
  if (number.length <= 4) return number;
  const stars = Math.min(8, Math.max(0, number.length - 4));
  return number.slice(0, 4) + '*'.repeat(stars) + number.slice(4 + stars);
}

/** First 6 characters, `*` for the middle, the last one. */
export function maskIdNumber(id: string): string {
  if (id.length <= 7) return id.slice(0, 1) + '*'.repeat(Math.max(0, id.length - 2)) + id.slice(-1);
  return id.slice(0, 6) + '*'.repeat(id.length - 7) + id.slice(-1);
}

/** Names compare case-, accent- and space-insensitively ("Ana  López" = "ANA LOPEZ"). */
export function sameName(a: string, b: string): boolean {
  const norm = (s: string) =>
    s
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .replace(/\s+/g, ' ')
      .trim()
      .toLowerCase();
  return norm(a) === norm(b);
}
