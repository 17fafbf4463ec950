import { describe, expect, it } from 'vitest';
import { totpCode } from '../modules/admin/index.js';
import { adminLogin, post, useTestApp } from '../test/harness.js';
import { OpsError, runAdminCommand, type OpsContext } from './admin-ops.js';

const t = useTestApp();
const STEP_MS = 30_000;

function ctx(env: NodeJS.ProcessEnv = {}): OpsContext {
  return { db: t.database.db, clock: t.clock, env };
}

function run(argv: string[], env: NodeJS.ProcessEnv = {}) {
  return runAdminCommand(ctx(env), argv);
}

/** The operator error a command line ends with (message and exit code). */
async function failure(argv: string[], env: NodeJS.ProcessEnv = {}): Promise<OpsError> {
  const error: unknown = await run(argv, env).then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof OpsError)) throw new Error(`expected an OpsError, got ${String(error)}`);
  return error;
}

function login(username: string, password: string, otp?: string) {
  return post(t.app, '/api/admin/auth/login', { username, password, ...(otp === undefined ? {} : { otp }) });
}

/** The value after `label` in the printed lines. */
function printed(lines: string[], label: string): string {
  const line = lines.find((l) => l.startsWith(label));
  if (!line) throw new Error(`no "${label}" in ${JSON.stringify(lines)}`);
  return line.slice(label.length).trim().split(/\s+/)[0] ?? '';
}

async function auditOf(action: string, targetId?: string) {
  const r = await post(
    t.app,
    '/api/admin/audit/list',
    { action, ...(targetId ? { targetId } : {}), size: 5 },
    await adminLogin(t.app, 'admin'),
  );
  return (r.body.data as { list: Record<string, unknown>[] }).list;
}

let counter = 0;
/** A new admin through the CLI; returns its name and the printed password. */
async function created(role = 'support'): Promise<{ username: string; password: string; adminId: string }> {
  counter += 1;
  const username = `ops${counter}`;
  const lines = await run(['create', username, role]);
  const adminId = /\((a_[^)]+)\)/.exec(lines[0] ?? '')?.[1] ?? '';
  return { username, password: printed(lines, 'Password:'), adminId };
}

describe('admin create', () => {
  it('creates an admin with a generated password printed once, and audits it as ops-cli', async () => {
    const { username, password, adminId } = await created('reviewer');
    expect(password.length).toBeGreaterThanOrEqual(20);
    expect((await login(username, password)).body).toMatchObject({ status: 1, data: { role: 'reviewer' } });
    const [entry] = await auditOf('ops/admin.create', adminId);
    expect(entry).toMatchObject({
      actorId: null,
      actorName: 'ops-cli',
      targetType: 'admin',
      targetId: adminId,
      result: 'ok',
      after: { username, role: 'reviewer' },
    });
    expect(JSON.stringify(entry)).not.toContain(password);
  });

  it('takes the password from ADMIN_NEW_PASSWORD without printing it, and refuses a short one', async () => {
    const lines = await run(['create', 'ops-env', 'admin', '--reason', 'New team lead'], {
      ADMIN_NEW_PASSWORD: 'Chosen-pass-2026',
    });
    expect(lines.join('\n')).not.toContain('Chosen-pass-2026');
    expect((await login('ops-env', 'Chosen-pass-2026')).body).toMatchObject({ status: 1, data: { role: 'admin' } });
    expect((await auditOf('ops/admin.create'))[0]).toMatchObject({ reason: 'New team lead' });
    expect((await failure(['create', 'ops-env2', 'admin'], { ADMIN_NEW_PASSWORD: 'short' })).message).toMatch(
      /ADMIN_NEW_PASSWORD must have 12/,
    );
  });

  it('refuses a bad role, a taken or malformed username and missing arguments', async () => {
    expect((await failure(['create', 'ops-bad', 'superuser'])).message).toBe(
      'Role "superuser" is not one of admin, reviewer, support.',
    );
    expect((await failure(['create', 'admin1', 'admin'])).message).toBe('An admin named "admin1" already exists.');
    expect((await failure(['create', 'a b', 'admin'])).message).toMatch(/^Username "a b" is not valid/);
    const missing = await failure(['create', 'ops-x']);
    expect(missing.message).toMatch(/^create takes <username> <role>/);
    expect(missing.exitCode).toBe(2);
    expect((await run(['list'])).join('\n')).not.toMatch(/ops-bad|ops-x/);
  });
});

describe('admin totp-enrol and totp-remove', () => {
  it('enrols a secret whose codes then open the login, and the login needs one', async () => {
    const { username, password, adminId } = await created();
    const lines = await run(['totp-enrol', username]);
    const uri = printed(lines, 'URI:');
    const secret = printed(lines, 'Secret:');
    expect(new URL(uri).searchParams.get('secret')).toBe(secret);
    expect((await login(username, password)).body.code).toBe('auth.wrong_credentials');
    expect((await login(username, password, totpCode(secret, t.clock.now()))).body.status).toBe(1);
    const [entry] = await auditOf('ops/admin.totp_enrol', adminId);
    expect(entry).toMatchObject({ actorName: 'ops-cli', before: { twoFactor: 'none' }, after: { twoFactor: 'totp' } });
    expect(JSON.stringify(entry)).not.toContain(secret);
  });

  it('refuses to enrol twice unless --replace, which retires the old secret', async () => {
    const { username, password } = await created();
    const first = printed(await run(['totp-enrol', username]), 'Secret:');
    expect((await failure(['totp-enrol', username])).message).toMatch(/already has TOTP enrolled; pass --replace/);
    const second = printed(await run(['totp-enrol', username, '--replace']), 'Secret:');
    expect(second).not.toBe(first);
    t.clock.advance(STEP_MS);
    expect((await login(username, password, totpCode(first, t.clock.now()))).body.code).toBe('auth.wrong_credentials');
    expect((await login(username, password, totpCode(second, t.clock.now()))).body.status).toBe(1);
  });

  it('removes TOTP so the password alone logs in again, audited', async () => {
    const { username, password, adminId } = await created();
    await run(['totp-enrol', username]);
    expect(await run(['totp-remove', username])).toEqual([`Removed TOTP from "${username}".`]);
    expect((await login(username, password)).body.status).toBe(1);
    expect((await auditOf('ops/admin.totp_remove', adminId))[0]).toMatchObject({
      before: { twoFactor: 'totp' },
      after: { twoFactor: 'none' },
    });
    expect(await run(['totp-remove', username])).toEqual([`"${username}" had no TOTP enrolled; nothing changed.`]);
    expect(await auditOf('ops/admin.totp_remove', adminId)).toHaveLength(1);
  });
});

describe('admin disable, enable and list', () => {
  it('disabling answers account.disabled at login and ends open sessions; enabling lets the admin back in', async () => {
    const { username, password, adminId } = await created();
    const session = (await login(username, password)).body.data as { token: string };
    const headers = { authorization: `Bearer ${session.token}` };
    expect((await post(t.app, '/api/admin/user/list', {}, headers)).http).toBe(200);
    expect(await run(['disable', username])).toEqual([`Disabled "${username}"; 1 open session(s) revoked.`]);
    expect((await login(username, password)).body.code).toBe('account.disabled');
    expect((await post(t.app, '/api/admin/user/list', {}, headers)).http).toBe(401);
    expect((await auditOf('ops/admin.disable', adminId))[0]).toMatchObject({
      actorName: 'ops-cli',
      before: { disabled: false },
      after: { disabled: true, sessionsRevoked: 1 },
    });
    await run(['enable', username]);
    expect((await login(username, password)).body.status).toBe(1);
    expect((await post(t.app, '/api/admin/user/list', {}, headers)).http).toBe(401);
    expect((await auditOf('ops/admin.enable', adminId))[0]).toMatchObject({
      before: { disabled: true },
      after: { disabled: false },
    });
  });

  it('lists every admin with role, status and whether TOTP is enrolled', async () => {
    const { username } = await created('reviewer');
    await run(['totp-enrol', username]);
    await run(['disable', username]);
    const lines = await run(['list']);
    expect(lines[0]).toMatch(/^USERNAME\s+ROLE\s+STATUS\s+TOTP\s+CREATED \(UTC\)$/);
    expect(lines.find((l) => l.startsWith(`${username} `))).toMatch(/reviewer\s+disabled\s+yes\s+2026-/);
    expect(lines.find((l) => l.startsWith('admin1 '))).toMatch(/admin\s+active\s+no/);
  });

  it('answers an unknown admin, an unknown command or option with an operator message', async () => {
    for (const command of ['totp-enrol', 'totp-remove', 'disable', 'enable']) {
      const error = await failure([command, 'ghost']);
      expect(error.message).toBe('No admin named "ghost".');
      expect(error.exitCode).toBe(1);
    }
    expect((await failure(['promote', 'admin1'])).exitCode).toBe(2);
    expect((await failure(['disable', 'admin1', '--force'])).message).toMatch(/^Unknown option --force/);
    expect((await failure(['disable', 'admin1', '--replace'])).message).toBe('--replace applies to totp-enrol only.');
    expect((await failure([])).exitCode).toBe(2);
    expect((await run(['--help']))[0]).toMatch(/^Usage: npm run admin --/);
  });
});
