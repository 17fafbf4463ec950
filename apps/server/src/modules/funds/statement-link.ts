/**
 * The signed download link of a monthly statement (docs/api.md §10.8):
 * `/files/statements/<ticket>?exp=<unix ms>&sig=<hmac>`, a bearer URL valid 15 minutes, signed by
 * the uploads module's signer (HMAC-SHA256 with the server's signing secret) over
 * `statement:<ticket>` and `exp`. The ticket says what to render, `<user>.<currency>.<month>.<format>.
 * <language>.<signing time, base 36>` (the signing time makes a link to the current month give the
 * same file on every download). It names no secret; changing one character breaks the signature.
 */
import { currencies, languages, STATEMENT_URL_TTL_MS, statementFormats } from '@brokerage/contract';
import { z } from 'zod';
import { FILES_PATH_PREFIX, type UploadUrlSigner } from '../uploads/index.js';

export const STATEMENT_PATH_PREFIX = `${FILES_PATH_PREFIX}statements/`;

const ticketSchema = z.object({
  u: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
  c: z.enum(currencies),
  m: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/),
  f: z.enum(statementFormats),
  l: z.enum(languages),
  t: z.number().int().nonnegative(),
});
export type StatementTicket = z.infer<typeof ticketSchema>;

const encode = (t: StatementTicket) => [t.u, t.c, t.m, t.f, t.l, t.t.toString(36)].join('.');

function decode(encoded: string): StatementTicket | null {
  const [u, c, m, f, l, time, ...rest] = encoded.split('.');
  if (rest.length > 0 || time === undefined || !/^[0-9a-z]{1,11}$/.test(time)) return null;
  const parsed = ticketSchema.safeParse({ u, c, m, f, l, t: parseInt(time, 36) });
  return parsed.success ? parsed.data : null;
}

const subjectOf = (ticket: string) => `statement:${ticket}`;

export function signStatementLink(
  signer: UploadUrlSigner,
  ticket: StatementTicket,
  now: Date,
): { url: string; expiresAt: Date } {
  const encoded = encode(ticket);
  const signed = signer.signedQuery(subjectOf(encoded), now, STATEMENT_URL_TTL_MS);
  return { url: `${STATEMENT_PATH_PREFIX}${encoded}?${signed.query}`, expiresAt: signed.expiresAt };
}

/** The ticket of a link whose signature holds and whose time has not run out; null otherwise. */
export function openStatementLink(
  signer: UploadUrlSigner,
  encoded: string,
  exp: unknown,
  sig: unknown,
  now: Date,
): { ticket: StatementTicket; remainingMs: number } | null {
  if (encoded.length > 100) return null;
  const check = signer.verify(subjectOf(encoded), exp, sig, now);
  if (!check.ok) return null;
  const ticket = decode(encoded);
  return ticket ? { ticket, remainingMs: check.remainingMs } : null;
}
