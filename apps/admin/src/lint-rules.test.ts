// @vitest-environment node
/**
 * The back office's lint rules (eslint.config.js, the admin blocks) fail where they should: a few throwaway
 * files are written into the real tree, linted with the real config, and removed.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const src = path.join(repoRoot, 'apps/admin/src');
const tag = `zz-lint-fixture-${process.pid}`;
const featureA = `${tag}-a`;

const fixtures: Record<string, string> = {
  // amounts turned into floats, rounded without a named mode, or scaled with the contract's private scales
  [`features/${featureA}/payout.ts`]: [
    "import { Dec, currencyScale } from '@brokerage/contract';",
    "export const asNumber = Number('1.10') + Number.parseFloat('2.20');",
    "export const float = parseFloat('1.10');",
    "export const fixed = new Dec('1.005').toFixed(2);",
    'export const rounded = Math.round(1.5);',
    'export const scale = currencyScale.USD;',
    "export const places = new Dec('1.005').toDecimalPlaces(2, Dec.ROUND_HALF_UP);",
    '',
  ].join('\n'),
  // the right way: the contract's Money, rounded with a named mode
  [`features/${featureA}/clean.ts`]: [
    "import { Money } from '@brokerage/contract';",
    "export const net = Money.of('1.005', 'USD').minus(Money.of('0.5', 'USD')).rounded('half_up').toString();",
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
  rmSync(path.join(src, 'features', featureA), { recursive: true, force: true });
});

describe('the lint of the back office', () => {
  it('fails floats, unnamed roundings and the money scales on amounts', () => {
    const messages = results.get(`features/${featureA}/payout.ts`) ?? [];
    // Number(…), Number.parseFloat, .toFixed(…), Math.round, .toDecimalPlaces(…) and Dec.ROUND_HALF_UP
    expect(messages.filter((m) => m === 'no-restricted-syntax')).toHaveLength(6);
    expect(messages).toContain('no-restricted-globals'); // parseFloat
    expect(messages).toContain('@typescript-eslint/no-restricted-imports'); // currencyScale
  });

  it("passes the contract's Money with a named rounding", () => {
    expect(results.get(`features/${featureA}/clean.ts`)).toEqual([]);
  });
});
