// @vitest-environment node
/**
 * The web app's rules in eslint.config.js (docs/style.md §1, §3) fail where they should: a few
 * throwaway files are written into the real tree, linted with the real config, and removed.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const src = path.join(repoRoot, 'apps/web/src');
const tag = `zz-lint-fixture-${process.pid}`;
const featureA = `${tag}-a`;
const featureB = `${tag}-b`;

const fixtures: Record<string, string> = {
  [`features/${featureB}/index.ts`]: "export { part } from './Part';\n",
  [`features/${featureB}/Part.ts`]: 'export const part = (): number => 1;\n',
  // a deep import into another feature
  [`features/${featureA}/deep.ts`]: `import { part } from '../${featureB}/Part';\nexport const deep = (): number => part();\n`,
  // the right way: through the other feature's index.ts, and a shared part from components/
  [`features/${featureA}/clean.ts`]: [
    `import { part } from '../${featureB}';`,
    "import { NextPages } from '../../components/Lists';",
    'export const clean = (): number => part();',
    'export const shared = NextPages;',
    '',
  ].join('\n'),
  // an amount as a float, a rounding without a mode, the currency scale outside the contract
  [`features/${featureA}/money.ts`]: [
    "import { currencyScale, Dec } from '@brokerage/contract';",
    'export const scale = currencyScale.USD;',
    "export const float = (row: { amount: string }): number => Number(row.amount) + Number.parseFloat('1.5');",
    "export const unnamed = new Dec('1.005').toFixed(2);",
    "export const decimalJs = new Dec('1.005').toDecimalPlaces(2, Dec.ROUND_HALF_UP);",
    '',
  ].join('\n'),
  // the same figures with the contract's Money and a named rounding
  [`features/${featureA}/money-clean.ts`]: [
    "import { Dec, Money } from '@brokerage/contract';",
    "import { formatDecimal } from '../../lib/format';",
    "export const total = (row: { amount: string }): Money => Money.of(row.amount, 'USD').plus(Money.of('1.5', 'USD'));",
    "export const named = formatDecimal(new Dec('1.005'), 2, 'half_up');",
    "export const cents = Money.of('1.005', 'USD').rounded('half_up').toString();",
    '',
  ].join('\n'),
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
  for (const feature of [featureA, featureB])
    rmSync(path.join(src, 'features', feature), { recursive: true, force: true });
});

describe('web lint rules', () => {
  it('fails a deep import into another feature', () => {
    expect(results.get(`features/${featureA}/deep.ts`)).toContain('import-x/no-restricted-paths');
  });

  it('fails an amount as a float, a rounding without a mode and the currency scale outside the contract', () => {
    const messages = results.get(`features/${featureA}/money.ts`) ?? [];
    expect(messages).toContain('@typescript-eslint/no-restricted-imports');
    // Number(row.amount), Number.parseFloat, toFixed(2), toDecimalPlaces and Dec.ROUND_HALF_UP
    expect(messages.filter((rule) => rule === 'no-restricted-syntax')).toHaveLength(5);
  });

  it('passes the same figures with Money and a named rounding', () => {
    expect(results.get(`features/${featureA}/money-clean.ts`)).toEqual([]);
  });

  it("passes an import through the other feature's index.ts and a shared part from components/", () => {
    expect(results.get(`features/${featureA}/clean.ts`)).toEqual([]);
  });
});
