import { describe, expect, it } from 'vitest';
import { post, registerUser, useTestApp, type TestUser } from '../../test/harness.js';

const t = useTestApp();

const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

interface Session {
  id: string;
  current: boolean;
  device: string;
  ip: string;
  createdAt: string;
  lastSeenAt: string;
}

async function signIn(u: TestUser, userAgent: string, address: string): Promise<Record<string, string>> {
  const r = await post(
    t.app,
    '/user/login',
    { account: u.account, password: u.password },
    { 'user-agent': userAgent },
    address,
  );
  expect(r.body.status).toBe(1);
  return { token: (r.body.data as { token: string }).token, account: u.account };
}

const sessionsOf = async (headers: Record<string, string>) =>
  ((await post(t.app, '/user/sessions', {}, headers)).body.data as { list: Session[] }).list;

const newLoginMessages = async (headers: Record<string, string>) =>
  (
    (await post(t.app, '/user/notice', {}, headers)).body.data as {
      code: string | null;
      params: Record<string, string>;
    }[]
  ).filter((m) => m.code === 'message.security.new_login');

describe('sessions and devices (docs/api.md §23.8)', () => {
  it('lists the live sessions with the device and the masked address, the current one marked', async () => {
    const u = await registerUser(t.app);
    const phone = await signIn(u, ANDROID, '203.0.113.77');
    const list = await sessionsOf(phone);
    expect(list).toHaveLength(2);
    const current = list.find((s) => s.current)!;
    expect(current).toMatchObject({ device: 'Chrome · Android', ip: '203.0.113.0/24' });
    expect(list.filter((s) => s.current)).toHaveLength(1);
    // the full address is nowhere in the answer
    expect(JSON.stringify(list)).not.toContain('203.0.113.77');
    // the registration's session is the other one, and it is not current for the phone
    const other = list.find((s) => !s.current)!;
    expect((await sessionsOf(u.headers)).find((s) => s.current)!.id).toBe(other.id);
  });

  it('ends one session, refuses another user’s session id, and ends all others', async () => {
    const u = await registerUser(t.app);
    const stranger = await registerUser(t.app);
    const phone = await signIn(u, ANDROID, '203.0.113.77');
    const tablet = await signIn(u, IPHONE, '198.51.100.4');
    const tabletId = (await sessionsOf(tablet)).find((s) => s.current)!.id;

    // someone else's session: not found, and it keeps working
    const foreign = await post(t.app, '/user/sessionRevoke', { sessionId: tabletId }, stranger.headers);
    expect(foreign.body).toMatchObject({ status: 0, code: 'record.not_found' });
    expect((await post(t.app, '/user/getUserinfo', {}, tablet)).body.status).toBe(1);

    // the owner ends it from the phone: the tablet is signed out at once
    expect((await post(t.app, '/user/sessionRevoke', { sessionId: tabletId }, phone)).body.status).toBe(1);
    expect((await post(t.app, '/user/getUserinfo', {}, tablet)).body.code).toBe('auth.required');
    expect((await sessionsOf(phone)).map((s) => s.id)).not.toContain(tabletId);
    // twice: not found (nothing left to end)
    expect((await post(t.app, '/user/sessionRevoke', { sessionId: tabletId }, phone)).body.code).toBe(
      'record.not_found',
    );

    // all others: only the phone is left
    expect((await post(t.app, '/user/sessionRevokeOthers', {}, phone)).body.status).toBe(1);
    expect((await post(t.app, '/user/getUserinfo', {}, u.headers)).body.code).toBe('auth.required');
    const left = await sessionsOf(phone);
    expect(left).toHaveLength(1);
    expect(left[0]!.current).toBe(true);

    // ending the current one is a sign-out
    expect((await post(t.app, '/user/sessionRevoke', { sessionId: left[0]!.id }, phone)).body.status).toBe(1);
    expect((await post(t.app, '/user/getUserinfo', {}, phone)).body.code).toBe('auth.required');
  });

  it('tells the user of a sign-in from a new device or network, once, and not from a known one', async () => {
    const u = await registerUser(t.app);
    const phone = await signIn(u, ANDROID, '203.0.113.77');
    let messages = await newLoginMessages(phone);
    expect(messages).toHaveLength(1);
    expect(messages[0]!.params).toEqual({
      device: 'Chrome · Android',
      ip: '203.0.113.0/24',
      time: t.clock.now().toISOString(),
    });

    // the same phone again, another address in the same /24: known
    await signIn(u, ANDROID, '203.0.113.5');
    expect(await newLoginMessages(phone)).toHaveLength(1);

    // the same phone on another network: new
    await signIn(u, ANDROID, '198.51.100.4');
    messages = await newLoginMessages(phone);
    expect(messages).toHaveLength(2);

    // 91 days later the first network is forgotten
    t.clock.advance(91 * 24 * 60 * 60 * 1000);
    const later = await signIn(u, ANDROID, '203.0.113.9');
    expect(await newLoginMessages(later)).toHaveLength(3);
  });

  it('a password change still ends every other session (§1.2)', async () => {
    const u = await registerUser(t.app);
    const phone = await signIn(u, ANDROID, '203.0.113.77');
    const r = await post(
      t.app,
      '/user/changePassword',
      { oldPassword: u.password, newPassword: 'Secret456', confirmPassword: 'Secret456' },
      phone,
    );
    expect(r.body.status).toBe(1);
    expect((await post(t.app, '/user/getUserinfo', {}, u.headers)).body.code).toBe('auth.required');
    expect(await sessionsOf(phone)).toHaveLength(1);
  });
});
