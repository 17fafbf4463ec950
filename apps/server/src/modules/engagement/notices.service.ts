/** Notices for everyone and personal messages (API.md §7.5). Ids never change. */
import type { Notice } from '@brokerage/contract';
import { desc, eq, isNull, or } from 'drizzle-orm';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db.js';
import { newId } from '../../platform/ids.js';
import { notices } from './notices.tables.js';

const NOTICE_LIMIT = 100;

export async function noticesFor(db: Db, userId: string): Promise<Notice[]> {
  const rows = await db.select().from(notices).where(or(isNull(notices.userId), eq(notices.userId, userId)))
    .orderBy(desc(notices.createdAt), desc(notices.id)).limit(NOTICE_LIMIT);
  return rows.map((r) => ({
    id: r.id, kind: r.kind as Notice['kind'], title: r.title, content: r.content, createdAt: r.createdAt.toISOString(),
  }));
}

/** A notice for everyone (content already sanitised by the caller). */
export async function publishNotice(db: Db, clock: Clock, n: { title: string; content: string; id?: string }): Promise<string> {
  const id = n.id ?? newId('nt');
  await db.insert(notices).values({ id, kind: 'notice', userId: null, title: n.title, content: n.content, createdAt: clock.now() })
    .onConflictDoNothing();
  return id;
}

/** A personal message: review results, draw results, stop-outs. Written in the caller's transaction. */
export async function sendMessage(db: Db, clock: Clock, userId: string, m: { title: string; content: string }): Promise<string> {
  const id = newId('nt');
  await db.insert(notices).values({ id, kind: 'message', userId, title: m.title, content: m.content, createdAt: clock.now() });
  return id;
}
