/**
 * The operations commands for back-office accounts (docs/api.md §19.1: "admin accounts are created by
 * operations tooling"), behind `npm run admin -- <command>` (admin-cli.ts). Each change and its
 * audit entry (actor `ops-cli`) commit in one transaction. Bad input throws `OpsError`, whose
 * message is meant for the operator; the CLI prints it and exits non-zero.
 */
import { adminRoles, type AdminRole } from '@brokerage/contract';
import type { Clock } from '../platform/clock.js';
import { transaction, type Db, type Tx } from '../platform/db.js';
import { newPassword } from '../platform/ids.js';
import {
  createAdmin,
  findAdminAccount,
  listAdminAccounts,
  lockAdminAccount,
  newTotpEnrolment,
  setAdminDisabled,
  setAdminTotpSecret,
  writeAudit,
  type AdminAccount,
} from '../modules/admin/index.js';

export const OPS_ACTOR = 'ops-cli';
/** Operator-chosen passwords (ADMIN_NEW_PASSWORD): at least this long; the login accepts up to 128. */
export const ADMIN_PASSWORD_LENGTH_MIN = 12;
const ADMIN_PASSWORD_LENGTH_MAX = 128;
/** Letters, digits and `._@-`, 3–64 characters (the login takes up to 64), starting with a letter or digit. */
const USERNAME = /^[A-Za-z0-9][A-Za-z0-9._@-]{2,63}$/;

export class OpsError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
    this.name = 'OpsError';
  }
}

export interface OpsContext {
  db: Db;
  clock: Clock;
  /** Where ADMIN_NEW_PASSWORD is read from. */
  env: NodeJS.ProcessEnv;
}

export interface OpsOptions {
  reason?: string | null;
}

function audit(
  tx: Db,
  ctx: OpsContext,
  action: string,
  target: AdminAccount | { id: string },
  before: unknown,
  after: unknown,
  reason: string | null | undefined,
) {
  return writeAudit(tx, ctx.clock, {
    actorId: null,
    actorName: OPS_ACTOR,
    role: null,
    action: `ops/${action}`,
    targetType: 'admin',
    targetId: target.id,
    reason: reason ?? null,
    before,
    after,
    result: 'ok',
    ip: null,
    requestId: null,
  });
}

/** The account, its row locked for the rest of the transaction. */
async function mustFind(tx: Tx, username: string): Promise<AdminAccount> {
  const account = await lockAdminAccount(tx, username);
  if (!account) throw new OpsError(`No admin named "${username}".`);
  return account;
}

function twoFactorOf(account: AdminAccount) {
  return account.hasTotp ? 'totp' : 'none';
}

/** Creates an admin. The password is ADMIN_NEW_PASSWORD when set, else generated and returned to print once. */
export async function createAdminAccount(
  ctx: OpsContext,
  username: string,
  role: string,
  options: OpsOptions = {},
): Promise<{ adminId: string; username: string; role: AdminRole; generatedPassword: string | null }> {
  if (!USERNAME.test(username)) {
    throw new OpsError(
      `Username "${username}" is not valid: 3–64 letters, digits or . _ @ -, starting with a letter or digit.`,
    );
  }
  if (!(adminRoles as readonly string[]).includes(role))
    throw new OpsError(`Role "${role}" is not one of ${adminRoles.join(', ')}.`);
  const chosen = ctx.env.ADMIN_NEW_PASSWORD;
  if (
    chosen !== undefined &&
    (chosen.length < ADMIN_PASSWORD_LENGTH_MIN || chosen.length > ADMIN_PASSWORD_LENGTH_MAX)
  ) {
    throw new OpsError(
      `ADMIN_NEW_PASSWORD must have ${ADMIN_PASSWORD_LENGTH_MIN}–${ADMIN_PASSWORD_LENGTH_MAX} characters.`,
    );
  }
  const password = chosen ?? newPassword();
  return transaction(ctx.db, async (tx) => {
    if (await findAdminAccount(tx, username)) throw new OpsError(`An admin named "${username}" already exists.`);
    const adminId = await createAdmin(tx, username, password, role as AdminRole);
    await audit(
      tx,
      ctx,
      'admin.create',
      { id: adminId },
      null,
      { username, role, disabled: false, twoFactor: 'none' },
      options.reason,
    );
    return { adminId, username, role: role as AdminRole, generatedPassword: chosen === undefined ? password : null };
  });
}

/** A new TOTP secret; refused when one is enrolled unless `replace` (a lost phone). */
export async function enrolAdminTotp(
  ctx: OpsContext,
  username: string,
  options: OpsOptions & { replace?: boolean } = {},
): Promise<{ secret: string; uri: string; replaced: boolean }> {
  return transaction(ctx.db, async (tx) => {
    const account = await mustFind(tx, username);
    if (account.hasTotp && !options.replace) {
      throw new OpsError(
        `"${username}" already has TOTP enrolled; pass --replace to issue a new secret (the old one stops working).`,
      );
    }
    const enrolment = newTotpEnrolment(account.username);
    await setAdminTotpSecret(tx, account.id, enrolment.secret);
    await audit(
      tx,
      ctx,
      'admin.totp_enrol',
      account,
      { twoFactor: twoFactorOf(account) },
      { twoFactor: 'totp' },
      options.reason,
    );
    return { ...enrolment, replaced: account.hasTotp };
  });
}

/** Removes the TOTP secret: the admin logs in with the password alone again. False when none was enrolled. */
export async function removeAdminTotp(ctx: OpsContext, username: string, options: OpsOptions = {}): Promise<boolean> {
  return transaction(ctx.db, async (tx) => {
    const account = await mustFind(tx, username);
    if (!account.hasTotp) return false;
    await setAdminTotpSecret(tx, account.id, null);
    await audit(tx, ctx, 'admin.totp_remove', account, { twoFactor: 'totp' }, { twoFactor: 'none' }, options.reason);
    return true;
  });
}

/**
 * Disables (the login then answers account.disabled and open sessions are revoked) or enables an
 * admin. Returns whether anything changed and the sessions revoked.
 */
export async function setAdminAccountDisabled(
  ctx: OpsContext,
  username: string,
  disabled: boolean,
  options: OpsOptions = {},
): Promise<{ changed: boolean; sessionsRevoked: number }> {
  return transaction(ctx.db, async (tx) => {
    const account = await mustFind(tx, username);
    if (account.disabled === disabled) return { changed: false, sessionsRevoked: 0 };
    const sessionsRevoked = await setAdminDisabled(tx, ctx.clock, account.id, disabled);
    await audit(
      tx,
      ctx,
      disabled ? 'admin.disable' : 'admin.enable',
      account,
      { disabled: account.disabled },
      { disabled, sessionsRevoked },
      options.reason,
    );
    return { changed: true, sessionsRevoked };
  });
}

export function listAdmins(ctx: OpsContext): Promise<AdminAccount[]> {
  return listAdminAccounts(ctx.db);
}

export const ADMIN_CLI_USAGE = `Usage: npm run admin -- <command> [--reason "<text>"]

  create <username> <role>           role: ${adminRoles.join(' | ')}; password from ADMIN_NEW_PASSWORD, else generated and printed once
  totp-enrol <username> [--replace]  new TOTP secret: prints the otpauth:// URI and the base32 secret once
  totp-remove <username>             the admin logs in with the password alone
  disable <username>                 login answers account.disabled; open sessions are revoked
  enable <username>
  list

Opens the database the server uses (DATABASE_URL, else the embedded one in DATA_DIR, default ./data);
on the embedded database stop the server first. Every change is audited with actor "${OPS_ACTOR}".`;

interface ParsedArgs {
  positional: string[];
  reason: string | null;
  isReplace: boolean;
}

function parseArgs(argv: readonly string[]): ParsedArgs {
  const parsed: ParsedArgs = { positional: [], reason: null, isReplace: false };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? '';
    if (arg === '--replace') parsed.isReplace = true;
    else if (arg === '--reason') {
      const value = argv[i + 1];
      if (value === undefined || value.trim() === '') throw new OpsError('--reason needs a text.', 2);
      parsed.reason = value.trim();
      i += 1;
    } else if (arg.startsWith('--')) throw new OpsError(`Unknown option ${arg}.\n\n${ADMIN_CLI_USAGE}`, 2);
    else parsed.positional.push(arg);
  }
  return parsed;
}

function expectArgs(args: ParsedArgs, names: string[]): string[] {
  const [, ...rest] = args.positional;
  if (rest.length !== names.length) {
    throw new OpsError(`${args.positional[0]} takes ${names.map((n) => `<${n}>`).join(' ')}.\n\n${ADMIN_CLI_USAGE}`, 2);
  }
  return rest;
}

/** Runs one command line (without the program name); returns the lines to print. */
export async function runAdminCommand(ctx: OpsContext, argv: readonly string[]): Promise<string[]> {
  if (argv.includes('--help') || argv.includes('-h') || argv[0] === 'help') return [ADMIN_CLI_USAGE];
  const args = parseArgs(argv);
  const command = args.positional[0];
  if (args.isReplace && command !== 'totp-enrol') throw new OpsError('--replace applies to totp-enrol only.', 2);
  const options = { reason: args.reason };
  switch (command) {
    case 'create': {
      const [username = '', role = ''] = expectArgs(args, ['username', 'role']);
      const r = await createAdminAccount(ctx, username, role, options);
      return [
        `Created ${r.role} "${r.username}" (${r.adminId}).`,
        r.generatedPassword
          ? `Password: ${r.generatedPassword}   (shown once; store it now)`
          : 'Password: the ADMIN_NEW_PASSWORD you set.',
      ];
    }
    case 'totp-enrol': {
      const [username = ''] = expectArgs(args, ['username']);
      const r = await enrolAdminTotp(ctx, username, { ...options, replace: args.isReplace });
      return [
        `${r.replaced ? 'Replaced the' : 'Enrolled a'} TOTP secret for "${username}" (shown once; the login now needs a code).`,
        `URI:    ${r.uri}`,
        `Secret: ${r.secret}`,
      ];
    }
    case 'totp-remove': {
      const [username = ''] = expectArgs(args, ['username']);
      return [
        (await removeAdminTotp(ctx, username, options))
          ? `Removed TOTP from "${username}".`
          : `"${username}" had no TOTP enrolled; nothing changed.`,
      ];
    }
    case 'disable':
    case 'enable': {
      const [username = ''] = expectArgs(args, ['username']);
      const r = await setAdminAccountDisabled(ctx, username, command === 'disable', options);
      if (!r.changed) return [`"${username}" is already ${command}d; nothing changed.`];
      return [
        command === 'disable'
          ? `Disabled "${username}"; ${r.sessionsRevoked} open session(s) revoked.`
          : `Enabled "${username}".`,
      ];
    }
    case 'list': {
      expectArgs(args, []);
      const rows = await listAdmins(ctx);
      if (rows.length === 0) return ['No admins.'];
      const header = ['USERNAME', 'ROLE', 'STATUS', 'TOTP', 'CREATED (UTC)'];
      const table = rows.map((a) => [
        a.username,
        a.role,
        a.disabled ? 'disabled' : 'active',
        a.hasTotp ? 'yes' : 'no',
        a.createdAt.toISOString(),
      ]);
      const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => (row[i] ?? '').length)));
      return [header, ...table].map((row) =>
        row
          .map((cell, i) => cell.padEnd(widths[i] ?? 0))
          .join('  ')
          .trimEnd(),
      );
    }
    case undefined:
      throw new OpsError(ADMIN_CLI_USAGE, 2);
    default:
      throw new OpsError(`Unknown command "${command}".\n\n${ADMIN_CLI_USAGE}`, 2);
  }
}
