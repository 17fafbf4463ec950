/** Notices for everyone and personal messages (docs/api.md §7.5). Ids never change. */
import {
  MESSAGE_TEXT_MAX,
  renderMessageEnglish,
  type AdminNoticeItem,
  type MessageOf,
  type Notice,
} from '@brokerage/contract';
import type { Clock } from '../../platform/clock.js';
import type { Db, Tx } from '../../platform/db.js';
import { DomainError } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { sanitiseHtml } from '../common/index.js';
import { queuePush } from '../push/index.js';
import * as repo from './notices.repository.js';

const NOTICE_LIMIT = 100;

type NoticeRow = repo.NoticeRow;

export async function noticesFor(db: Db, userId: string): Promise<Notice[]> {
  const rows = await repo.noticesOfUser(db, userId, NOTICE_LIMIT);
  return rows.map(toNotice);
}

/**
 * A message goes out as its code and params; `title` and `content` carry its English rendering
 * (plain text) for clients that do not translate codes yet (docs/decisions.md).
 */
function toNotice(r: NoticeRow): Notice {
  const createdAt = r.createdAt.toISOString();
  if (r.kind === 'message' && r.code && r.params) {
    return {
      id: r.id,
      kind: 'message',
      ...renderMessageEnglish(r.code, r.params),
      code: r.code,
      params: r.params,
      createdAt,
    };
  }
  return {
    id: r.id,
    kind: 'notice',
    title: r.title ?? '',
    content: r.content ?? '',
    code: null,
    params: null,
    createdAt,
  };
}

/** A notice for everyone; its HTML is sanitised here like every other write of a notice. */
export async function publishNotice(
  db: Db,
  clock: Clock,
  n: { title: string; content: string; id?: string },
): Promise<string> {
  const id = n.id ?? newId('nt');
  await repo.insertNoticeOnce(db, {
    id,
    kind: 'notice',
    userId: null,
    title: n.title,
    content: sanitiseHtml(n.content),
    createdAt: clock.now(),
  });
  return id;
}

/**
 * A param as stored: plain text, trimmed, control characters other than line breaks removed,
 * at most MESSAGE_TEXT_MAX characters. Markup stays as the literal text it is: nothing here or
 * in the clients ever interprets it.
 */
export function plainTextParam(value: string): string {
  return (
    value
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0009\u000b-\u001f\u007f]/g, '')
      .trim()
      .slice(0, MESSAGE_TEXT_MAX)
  );
}

/**
 * A personal message: review results, draw results, stop-outs. Written in the caller's
 * transaction as a code of the contract's message catalogue and its params, never a sentence.
 * The same transaction queues its Web Push for each of the user's devices (modules/push, the
 * transactional outbox): the push goes out after the commit, or not at all if the message does not commit.
 */
export async function sendMessage(db: Db, clock: Clock, userId: string, m: MessageOf): Promise<string> {
  const id = newId('nt');
  const params = Object.fromEntries(
    Object.entries(m.params as Record<string, string>).map(([key, value]) => [key, plainTextParam(value)]),
  );
  const createdAt = clock.now();
  await repo.insertMessage(db, { id, kind: 'message', userId, code: m.code, params, createdAt });
  await queuePush(db, { id, userId, code: m.code, params, at: createdAt });
  return id;
}

/* ---- back office (our addition, docs/decisions.md): drafts, edits, publish, withdraw ---- */

function toAdminNotice(r: NoticeRow): AdminNoticeItem {
  return {
    id: r.id,
    kind: 'notice',
    title: r.title ?? '',
    content: r.content ?? '',
    published: r.published,
    createdAt: r.createdAt.toISOString(),
    updatedAt: (r.updatedAt ?? r.createdAt).toISOString(),
  };
}

export async function adminNoticeList(db: Db, page: number, size: number) {
  const { rows, total } = await repo.everyoneNoticesPage(db, page, size);
  return { list: rows.map(toAdminNotice), total, page, size };
}

export async function createNoticeDraft(
  db: Db,
  clock: Clock,
  n: { title: string; content: string },
): Promise<AdminNoticeItem> {
  const now = clock.now();
  const row = await repo.insertNoticeReturning(db, {
    id: newId('nt'),
    kind: 'notice',
    userId: null,
    title: n.title,
    content: sanitiseHtml(n.content),
    createdAt: now,
    published: false,
    updatedAt: now,
  });
  if (!row) throw new DomainError('record.not_found');
  return toAdminNotice(row);
}

async function lockNotice(tx: Tx, id: string): Promise<NoticeRow> {
  const row = await repo.lockEveryoneNotice(tx, id);
  if (!row) throw new DomainError('record.not_found');
  return row;
}

export async function updateNotice(
  tx: Tx,
  clock: Clock,
  id: string,
  patch: { title?: string; content?: string; published?: boolean },
) {
  const before = await lockNotice(tx, id);
  const after = await repo.updateNoticeRow(tx, id, {
    ...(patch.title ? { title: patch.title } : {}),
    ...(patch.content ? { content: sanitiseHtml(patch.content) } : {}),
    ...(patch.published !== undefined ? { published: patch.published } : {}),
    updatedAt: clock.now(),
  });
  if (!after) throw new DomainError('record.not_found');
  return { before: toAdminNotice(before), after: toAdminNotice(after) };
}
