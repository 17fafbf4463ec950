/**
 * Back-office sign-in with a one-time code, end to end: operations create an admin and enrol
 * TOTP with the real CLI (`npm run admin` runs apps/server/src/ops/admin-cli.ts) on a copy of the
 * journeys' migrated and seeded database (migrating from empty in the CLI took over a minute on a
 * loaded machine); the built server then starts on that database; in Chromium the operator's
 * password alone is refused with the page's own message, and the password with the code an
 * authenticator would show for the printed secret opens the back office.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Secret, TOTP } from 'otpauth';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launch, shot } from './browser.js';
import { startServer, type E2eServer } from './global-setup.js';

const ROOT = path.resolve(new URL('.', import.meta.url).pathname, '..');
const USERNAME = 'ops-e2e';
const PASSWORD = 'Ops-e2e-password-2026';

let dataDir = '';
let server: E2eServer;
let browser: Browser;
let secret = '';

/** Runs the operations CLI on the journey's database; its stdout, or a thrown error with both streams. */
function adminCli(...args: string[]): string {
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(ROOT, 'apps/server/src/ops/admin-cli.ts'), ...args],
    {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', ADMIN_NEW_PASSWORD: PASSWORD },
      encoding: 'utf8',
      timeout: 120_000,
    },
  );
  if (run.status !== 0)
    throw new Error(`admin ${args.join(' ')} exited ${String(run.status)}:\n${run.stdout}\n${run.stderr}`);
  return run.stdout;
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'brokerage-e2e-totp-'));
  cpSync(inject('serverTemplate'), dataDir, { recursive: true });
  adminCli('create', USERNAME, 'admin', '--reason', 'Operator for the TOTP journey');
  const enrolled = adminCli('totp-enrol', USERNAME, '--reason', 'Second factor for the TOTP journey');
  secret = /Secret: ([A-Z2-7]+)/.exec(enrolled)?.[1] ?? '';
  expect(secret, enrolled).toMatch(/^[A-Z2-7]{32}$/);
  server = await startServer({ DATA_DIR: dataDir });
  browser = await launch();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('an operator with TOTP enrolled signs in to the back office', () => {
  it('is refused without the code and let in with the code the authenticator shows', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/admin/`);
    await page.getByTestId('admin-login-username').fill(USERNAME);
    await page.getByTestId('admin-login-password').fill(PASSWORD);
    await page.getByTestId('admin-login-submit').click();
    await page.getByTestId('admin-login-refused').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('admin-login-refused').textContent()).toContain('one-time code');
    await shot(page, '70-admin-totp-refused');

    const code = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate();
    await page.getByTestId('admin-login-password').fill(PASSWORD);
    await page.getByTestId('admin-login-otp').fill(code);
    await page.getByTestId('admin-login-submit').click();
    await page.getByTestId('users-search').waitFor({ timeout: 20_000 });
    await shot(page, '71-admin-totp-signed-in');
    await context.close();
  });
});
