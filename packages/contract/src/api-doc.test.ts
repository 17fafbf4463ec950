import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildApiDoc } from './api-doc.js';
import { adminEndpoints, userEndpoints } from './api/endpoints.js';
import { codes } from './codes.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const prose = (name: string) => readFileSync(fileURLToPath(new URL(`./api-doc/${name}.md`, import.meta.url)), 'utf8');
const generated = buildApiDoc({ conventions: prose('conventions'), closing: prose('closing') });

/** The section numbers that head a part of the document: `1`, `1.10`, `19.7`… */
function sectionNumbers(doc: string): Set<string> {
  const found = new Set<string>();
  for (const m of doc.matchAll(/^#{2,4} (\d+(?:\.\d+)?)[. ]/gm)) found.add(m[1]!);
  return found;
}

describe('docs/api.md', () => {
  it('is the text the contract generates', () => {
    const current = readFileSync(`${root}docs/api.md`, 'utf8');
    // a plain comparison: a stale file fails with the instruction, not a 6000-line diff
    expect(current === generated, 'docs/api.md is stale: run `npm run docs:api` and commit the result').toBe(true);
  });

  it('documents every endpoint and every code', () => {
    for (const e of Object.values(userEndpoints)) expect(generated).toContain('`POST ' + e.path + '`');
    for (const e of Object.values(adminEndpoints)) expect(generated).toContain('`POST /api/admin' + e.path + '`');
    for (const c of codes) expect(generated).toContain('| `' + c + '` |');
  });

  it('numbers its sections from §1 in order, with no gap', () => {
    const top = [...generated.matchAll(/^## (\d+)\. /gm)].map((m) => Number(m[1]));
    expect(top).toEqual(Array.from({ length: top.length }, (_, i) => i + 1));
    expect(top.length).toBeGreaterThanOrEqual(22);
  });

  it('has a heading for every section the code cites', () => {
    let cited: string[];
    try {
      cited = execFileSync('git', ['grep', '-h', '-o', '-E', 'docs/api\\.md §[0-9]+(\\.[0-9]+)?'], {
        cwd: root,
        encoding: 'utf8',
      })
        .split('\n')
        .filter(Boolean);
    } catch {
      return; // not a git checkout: nothing to scan
    }
    const sections = sectionNumbers(generated);
    const missing = [...new Set(cited.map((c) => c.replace('docs/api.md §', '')))].filter((n) => !sections.has(n));
    expect(missing, 'cited in the code as docs/api.md §N.M but not a heading of docs/api.md').toEqual([]);
  });
});
