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
const featureB = `${tag}-b`;

const fixtures: Record<string, string> = {
  // feature b: an index that exports a part, and a part it keeps to itself
  [`features/${featureB}/index.ts`]: "export { shown } from './Shown';\n",
  [`features/${featureB}/Shown.ts`]: "export const shown = 'shown';\n",
  [`features/${featureB}/other.ts`]: "export const other = 'other';\n",
  // a deep import into another feature, and the same through its index (allowed)
  [`features/${featureA}/deep.ts`]: `import { other } from '../${featureB}/other';\nexport const deep = other;\n`,
  [`features/${featureA}/through.ts`]: `import { shown } from '../${featureB}';\nexport const through = shown;\n`,
  // a shared part reaching up into a feature, even through its index
  [`components/${tag}.ts`]: `import { shown } from '../features/${featureB}';\nexport const up = shown;\n`,
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
  for (const feature of [featureA, featureB])
    rmSync(path.join(src, 'features', feature), { recursive: true, force: true });
  rmSync(path.join(src, `components/${tag}.ts`), { force: true });
});

describe('the lint of the back office', () => {
  it('fails floats, unnamed roundings and the money scales on amounts', () => {
    const messages = results.get(`features/${featureA}/payout.ts`) ?? [];
    // Number(…), Number.parseFloat, .toFixed(…), Math.round, .toDecimalPlaces(…) and Dec.ROUND_HALF_UP
    expect(messages.filter((m) => m === 'no-restricted-syntax')).toHaveLength(6);
    expect(messages).toContain('no-restricted-globals'); // parseFloat
    expect(messages).toContain('@typescript-eslint/no-restricted-imports'); // currencyScale
  });

  it('fails a deep import into another feature', () => {
    expect(results.get(`features/${featureA}/deep.ts`)).toContain('import-x/no-restricted-paths');
  });

  it('fails a shared part that imports a feature, even through its index', () => {
    expect(results.get(`components/${tag}.ts`)).toContain('import-x/no-restricted-paths');
  });

  it("passes an import through the other feature's index", () => {
    expect(results.get(`features/${featureA}/through.ts`)).toEqual([]);
  });

  it("passes the contract's Money with a named rounding", () => {
    expect(results.get(`features/${featureA}/clean.ts`)).toEqual([]);
  });
});
