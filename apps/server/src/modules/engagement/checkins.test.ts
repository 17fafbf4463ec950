import type { CheckinResult, CheckinStatus, InviteInfo } from '@brokerage/contract';
import { describe, expect, it } from 'vitest';
import { adminLogin, post, registerUser, useTestApp, type TestUser } from '../../test/harness.js';
import { insertCheckinOnce } from './checkins.repository.js';
import { addDays, checkinsInLast30Days } from './index.js';

const t = useTestApp(undefined, undefined, { engine: false });
const data = <T>(r: { body: { data?: unknown } }) => r.body.data as T;
const MX = 'America/Mexico_City';

const checkIn = (u: TestUser) => post(t.app, '/checkin/do', {}, u.headers);
const status = async (u: TestUser) => data<CheckinStatus>(await post(t.app, '/checkin/status', {}, u.headers));
/** Moves the test clock forward to `at` (never back: stored instants stay in the past). */
function moveTo(at: string): void {
  const target = new Date(at);
  expect(target.getTime()).toBeGreaterThanOrEqual(t.clock.now().getTime());
  t.clock.set(target);
}
/** A past check-in written straight to the table (days the session could not live through). */
const pastCheckin = (u: TestUser, day: string) =>
  insertCheckinOnce(t.database.db, { userId: u.id, day, timezone: MX, createdAt: new Date(`${day}T18:00:00Z`) });

describe('check-in (docs/api.md §16.6, §3.7)', () => {
  it('checks in once per day: the second call is refused and changes nothing', async () => {
    moveTo('2026-03-02T15:00:00Z'); // 09:00 in Mexico City
    const u = await registerUser(t.app);
    expect(await status(u)).toEqual({
      checkedInToday: false,
      date: '2026-03-02',
      count: 0,
      streak: 0,
      last30Days: 0,
      days: [],
    });
    const first = await checkIn(u);
    expect(first.http).toBe(200);
    expect(first.body).toMatchObject({ status: 1, code: 'result.checkin.ok' });
    expect(data<CheckinResult>(first)).toEqual({ checkedInToday: true, date: '2026-03-02', count: 1, streak: 1 });
    const second = await checkIn(u);
    expect(second.http).toBe(200);
    expect(second.body).toMatchObject({ status: 0, code: 'checkin.already_today', msg: 'Already checked in today.' });
    expect(await status(u)).toEqual({
      checkedInToday: true,
      date: '2026-03-02',
      count: 1,
      streak: 1,
      last30Days: 1,
      days: ['2026-03-02'],
    });
  });

  it('needs a session', async () => {
    expect((await post(t.app, '/checkin/do', {})).http).toBe(401);
    expect((await post(t.app, '/checkin/status', {})).http).toBe(401);
    expect((await post(t.app, '/invite/info', {})).http).toBe(401);
  });

  it('concurrent check-ins of one user: exactly one succeeds', async () => {
    const u = await registerUser(t.app);
    const answers = await Promise.all(Array.from({ length: 12 }, () => checkIn(u)));
    expect(answers.filter((a) => a.body.status === 1)).toHaveLength(1);
    expect(answers.filter((a) => a.body.code === 'checkin.already_today')).toHaveLength(11);
    expect(await status(u)).toMatchObject({ checkedInToday: true, count: 1, streak: 1, last30Days: 1 });
  });

  it('the day turns at midnight in funds.timezone, not at UTC midnight', async () => {
    moveTo('2026-03-10T23:50:00Z'); // 17:50 on 10 March in Mexico City (UTC−6, no DST since 2022)
    const u = await registerUser(t.app);
    expect(data<CheckinResult>(await checkIn(u)).date).toBe('2026-03-10');
    moveTo('2026-03-11T00:10:00Z'); // a new UTC day, still 10 March in Mexico City
    expect((await checkIn(u)).body.code).toBe('checkin.already_today');
    moveTo('2026-03-11T05:59:59Z'); // 23:59:59 local
    expect(await status(u)).toMatchObject({ checkedInToday: true, date: '2026-03-10' });
    expect((await checkIn(u)).body.code).toBe('checkin.already_today');
    moveTo('2026-03-11T06:00:00Z'); // 00:00 on 11 March local
    expect(await status(u)).toMatchObject({ checkedInToday: false, date: '2026-03-11', count: 1, streak: 1 });
    const next = await checkIn(u);
    expect(next.body.code).toBe('result.checkin.ok');
    expect(data<CheckinResult>(next)).toEqual({ checkedInToday: true, date: '2026-03-11', count: 2, streak: 2 });
    expect((await status(u)).days).toEqual(['2026-03-11', '2026-03-10']);
  });

  it('follows a changed funds.timezone', async () => {
    moveTo('2026-03-12T20:00:00Z'); // 14:00 on 12 March in Mexico City, 05:00 on 13 March in Tokyo
    const u = await registerUser(t.app);
    expect(data<CheckinResult>(await checkIn(u)).date).toBe('2026-03-12');
    const admin = await adminLogin(t.app, 'admin');
    const set = (value: string) =>
      post(t.app, '/api/admin/config/set', { key: 'funds.timezone', value, reason: 'check-in day test' }, admin);
    expect((await set('Asia/Tokyo')).body.status).toBe(1);
    try {
      expect(await status(u)).toMatchObject({ checkedInToday: false, date: '2026-03-13' });
      expect(data<CheckinResult>(await checkIn(u))).toMatchObject({ date: '2026-03-13', count: 2, streak: 2 });
    } finally {
      await set(MX);
    }
  });

  it('streak: consecutive days ending today, or yesterday while today is open; a gap restarts it', async () => {
    moveTo('2026-03-20T16:00:00Z'); // 10:00 on 20 March local
    const u = await registerUser(t.app);
    for (const day of ['2026-03-14', '2026-03-15', '2026-03-17', '2026-03-18', '2026-03-19']) await pastCheckin(u, day);
    expect(await status(u)).toMatchObject({
      checkedInToday: false,
      date: '2026-03-20',
      count: 5,
      streak: 3,
      last30Days: 5,
    });
    expect(data<CheckinResult>(await checkIn(u))).toEqual({
      checkedInToday: true,
      date: '2026-03-20',
      count: 6,
      streak: 4,
    });
    // a user whose last check-in was two days ago has no streak
    const v = await registerUser(t.app);
    await pastCheckin(v, '2026-03-18');
    expect(await status(v)).toMatchObject({ count: 1, streak: 0, last30Days: 1 });
  });

  it('last30Days counts today and the 29 days before; checkinsInLast30Days gives the same number', async () => {
    moveTo('2026-04-15T16:00:00Z'); // 10:00 on 15 April local
    const u = await registerUser(t.app);
    // 16 March is 30 days before 15 April: outside; 17 March is the window's first day
    for (const day of ['2026-03-01', '2026-03-16', '2026-03-17', '2026-04-01', '2026-04-14']) await pastCheckin(u, day);
    await checkIn(u);
    const s = await status(u);
    expect(s).toMatchObject({ count: 6, last30Days: 4, streak: 2 });
    expect(s.days).toEqual(['2026-04-15', '2026-04-14', '2026-04-01', '2026-03-17']);
    expect(await checkinsInLast30Days(t.database.db, u.id, t.clock.now())).toBe(4);
    expect(await checkinsInLast30Days(t.database.db, u.id, t.clock.now(), MX)).toBe(4);
    // read at 05:30 UTC on 16 April = 23:30 on 15 April local: still the same window
    expect(await checkinsInLast30Days(t.database.db, u.id, new Date('2026-04-16T05:30:00Z'), MX)).toBe(4);
    // in Tokyo it is already 16 April: 17 March falls out
    expect(await checkinsInLast30Days(t.database.db, u.id, new Date('2026-04-16T05:30:00Z'), 'Asia/Tokyo')).toBe(3);
  });

  it('calendar arithmetic crosses months and years', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
  });
});

describe('invitation (docs/api.md §16.6)', () => {
  it("gives the caller's code and counts the accounts registered with it", async () => {
    const inviter = await registerUser(t.app);
    const before = data<InviteInfo>(await post(t.app, '/invite/info', {}, inviter.headers));
    expect(before).toEqual({ inviteCode: inviter.inviteCode, invitedCount: 0 });
    const friend = await registerUser(t.app, { inviteCode: inviter.inviteCode });
    await registerUser(t.app, { inviteCode: inviter.inviteCode });
    await registerUser(t.app); // the organisation code: nobody's invitee
    expect(data<InviteInfo>(await post(t.app, '/invite/info', {}, inviter.headers))).toEqual({
      inviteCode: inviter.inviteCode,
      invitedCount: 2,
    });
    expect(data<InviteInfo>(await post(t.app, '/invite/info', {}, friend.headers))).toEqual({
      inviteCode: friend.inviteCode,
      invitedCount: 0,
    });
  });
});
