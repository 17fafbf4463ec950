/**
 * The boundary rules of eslint.config.js (docs/style.md §1, docs/decisions.md) fail where they should:
 * a few throwaway files are written into the real tree, linted with the real config, and removed.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const src = path.join(repoRoot, 'apps/server/src');
const tag = `zz-lint-fixture-${process.pid}`;
const moduleA = `${tag}-a`;
const moduleB = `${tag}-b`;
const moduleC = `${tag}-c`;

const fixtures: Record<string, string> = {
  // a → b through b's index, and b/other → a: no file cycle, but a module cycle.
  [`modules/${moduleA}/index.ts`]: `import { b } from '../${moduleB}/index.js';\nexport const a = (): number => b() + 1;\n`,
  [`modules/${moduleB}/index.ts`]: `export const b = (): number => 1;\n`,
  [`modules/${moduleB}/other.ts`]: `import { a } from '../${moduleA}/index.js';\nexport const other = (): number => a();\n`,
  // a deep import into another module
  [`modules/${moduleC}/deep.ts`]: `import { other } from '../${moduleB}/other.js';\nexport const deep = (): number => other();\n`,
  // a file cycle inside one module
  [`modules/${moduleC}/x.ts`]: `import { y } from './y.js';\nexport const x = (): number => y() + 1;\n`,
  [`modules/${moduleC}/y.ts`]: `import { x } from './x.js';\nexport const y = (): number => (Math.random() > 2 ? x() : 0);\n`,
  // promises left floating or handed where nothing waits for them
  [`modules/${moduleC}/promises.ts`]: [
    'async function work(): Promise<void> {}',
    'export function run(items: number[]): void {',
    '  work();',
    '  items.forEach(async () => { await work(); });',
    '}',
    '',
  ].join('\n'),
  // a service that queries (only repositories do) and opens its own transaction (only edges do)
  [`modules/${moduleC}/orders.service.ts`]: [
    "import { eq } from 'drizzle-orm';",
    "import { transaction, type Db } from '../../platform/db.js';",
    'export const same = eq;',
    'export async function viaPool(db: Db): Promise<void> {',
    '  await transaction(db, async () => {});',
    '  await db.transaction(async () => {});',
    '}',
    '',
  ].join('\n'),
  // the same in a repository and a route file: allowed
  [`modules/${moduleC}/orders.repository.ts`]: "import { eq } from 'drizzle-orm';\nexport const same = eq;\n",
  [`modules/${moduleC}/orders.routes.ts`]: [
    "import { transaction, type Db } from '../../platform/db.js';",
    'export async function edge(db: Db): Promise<void> {',
    '  await transaction(db, async () => {});',
    '}',
    '',
  ].join('\n'),
  // a module that scales and rounds money itself instead of through the contract's Money
  [`modules/${moduleC}/payout.service.ts`]: [
    "import { Dec, LEDGER_SCALE, currencyScale, formatAmount, Money } from '@brokerage/contract';",
    "export const scales = [LEDGER_SCALE, currencyScale.USD, formatAmount('1', 'USD')];",
    "export const cents = new Dec('1.005').toDecimalPlaces(2, Dec.ROUND_HALF_UP);",
    "export const kernel = Money.of('1.005', 'USD').rounded('half_up').toString();",
    '',
  ].join('\n'),
  // a service that turns strings into money itself (the repository returns records: Money, enums, Dates)
  [`modules/${moduleC}/records.service.ts`]: [
    "import { Dec, Money, type Currency } from '@brokerage/contract';",
    'const moneyOf = (value: string, currency: string): Money => Money.fromLedger(value, currency as Currency);',
    "export const stored = moneyOf('1', 'USD').toLedgerString();",
    "export const rate = new Dec('0.123456789').toFixed(8);",
    "export const kernel = Money.of('1', 'USD').plus(Money.zero('USD')).toString();",
    '',
  ].join('\n'),
  // the same in a repository, a tables file and platform/ (the kernel): allowed
  [`modules/${moduleC}/records.repository.ts`]: [
    "import { Dec, Money, type Currency } from '@brokerage/contract';",
    'export const moneyOf = (value: string, currency: string): Money => Money.fromLedger(value, currency as Currency);',
    "export const stored = moneyOf('1', 'USD').toLedgerString();",
    "export const rate = new Dec('0.123456789').toFixed(8);",
    '',
  ].join('\n'),
  [`platform/${tag}-columns.ts`]: [
    "import { Money, type Currency } from '@brokerage/contract';",
    'export const moneyOf = (value: string, currency: string): Money => Money.fromLedger(value, currency as Currency);',
    "export const stored = moneyOf('1', 'USD').toLedgerString();",
    '',
  ].join('\n'),
  // platform reaching up into a module
  [`platform/${tag}.ts`]: `import { b } from '../modules/${moduleB}/index.js';\nexport const up = (): number => b();\n`,
  // the right way: through the index, promises awaited
  [`modules/${moduleC}/clean.ts`]: `import { b } from '../${moduleB}/index.js';\nexport async function clean(): Promise<number> {\n  return b();\n}\nexport async function waits(): Promise<void> {\n  await clean();\n}\n`,
};

let results: Map<string, string[]>;

beforeAll(async () => {
  for (const [file, text] of Object.entries(fixtures)) {
    mkdirSync(path.dirname(path.join(src, file)), { recursive: true });
    writeFileSync(path.join(src, file), text);
  }
  const eslint = new ESLint({ cwd: repoRoot });
  const linted = await eslint.lintFiles(Object.keys(fixtures).map((file) => path.join(src, file)));
  results = new Map(linted.map((r) => [path.relative(src, r.filePath), r.messages.map((m) => m.ruleId ?? m.message)]));
}, 180_000);

afterAll(() => {
  for (const dir of [moduleA, moduleB, moduleC])
    rmSync(path.join(src, 'modules', dir), { recursive: true, force: true });
  rmSync(path.join(src, `platform/${tag}.ts`), { force: true });
  rmSync(path.join(src, `platform/${tag}-columns.ts`), { force: true });
});

describe('the lint of the server', () => {
  it('fails a deep import into another module', () => {
    expect(results.get(`modules/${moduleC}/deep.ts`)).toContain('import-x/no-restricted-paths');
  });

  it('fails platform/ importing a module, even through its index', () => {
    expect(results.get(`platform/${tag}.ts`)).toContain('import-x/no-restricted-paths');
  });

  it('fails a cycle between modules that is no cycle between files, on both sides', () => {
    expect(results.get(`modules/${moduleA}/index.ts`)).toContain('server/no-module-cycle');
    expect(results.get(`modules/${moduleB}/other.ts`)).toContain('server/no-module-cycle');
    expect(results.get(`modules/${moduleA}/index.ts`)).not.toContain('import-x/no-cycle');
  });

  it('fails a cycle between files', () => {
    expect(results.get(`modules/${moduleC}/x.ts`)).toContain('import-x/no-cycle');
  });

  it('fails a floating promise and a promise handed to a callback that returns nothing', () => {
    expect(results.get(`modules/${moduleC}/promises.ts`)).toEqual(
      expect.arrayContaining(['@typescript-eslint/no-floating-promises', '@typescript-eslint/no-misused-promises']),
    );
  });

  it("fails a query outside a repository, a transaction opened below the edges, and drizzle's own .transaction()", () => {
    const messages = results.get(`modules/${moduleC}/orders.service.ts`) ?? [];
    expect(messages.filter((m) => m === 'no-restricted-imports')).toHaveLength(1);
    // importing transaction() below the edges, and calling drizzle's .transaction()
    expect(messages.filter((m) => m === 'no-restricted-syntax')).toHaveLength(2);
  });

  it('fails a module that imports the money scales or rounds a decimal itself', () => {
    const messages = results.get(`modules/${moduleC}/payout.service.ts`) ?? [];
    // LEDGER_SCALE, currencyScale and formatAmount: one each
    expect(messages.filter((m) => m === '@typescript-eslint/no-restricted-imports')).toHaveLength(3);
    // .toDecimalPlaces( and Dec.ROUND_HALF_UP; Money.rounded('half_up') passes
    expect(messages.filter((m) => m === 'no-restricted-syntax')).toHaveLength(2);
    expect(
      messages.every((m) => m === '@typescript-eslint/no-restricted-imports' || m === 'no-restricted-syntax'),
    ).toBe(true);
  });

  it('fails a service that converts strings to money, casts a currency or rounds with an unnamed toFixed', () => {
    const messages = results.get(`modules/${moduleC}/records.service.ts`) ?? [];
    // the moneyOf adapter, fromLedger, `as Currency`, toLedgerString, toFixed(8); Money's own calls pass
    expect(messages).toEqual(Array(5).fill('no-restricted-syntax'));
  });

  it('lets the kernel (a repository, platform/) convert rows to money', () => {
    expect(results.get(`modules/${moduleC}/records.repository.ts`)).toEqual([]);
    expect(results.get(`platform/${tag}-columns.ts`)).toEqual([]);
  });

  it('lets a repository query and a route open a transaction', () => {
    expect(results.get(`modules/${moduleC}/orders.repository.ts`)).toEqual([]);
    expect(results.get(`modules/${moduleC}/orders.routes.ts`)).toEqual([]);
  });

  it('passes an import through the index and awaited promises', () => {
    expect(results.get(`modules/${moduleC}/clean.ts`)).toEqual([]);
  });
});
