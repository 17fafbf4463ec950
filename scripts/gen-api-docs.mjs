// Writes docs/api.md from the contract (packages/contract/src/api-doc.ts). Run: npm run docs:api
// With --check it writes nothing and fails when the file is stale.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';

const root = fileURLToPath(new URL('..', import.meta.url));
const { buildApiDoc } = await tsImport('../packages/contract/src/api-doc.ts', import.meta.url);
const prose = (name) => readFileSync(`${root}packages/contract/src/api-doc/${name}.md`, 'utf8');
const text = buildApiDoc({ conventions: prose('conventions'), closing: prose('closing') });
const target = `${root}docs/api.md`;
if (process.argv.includes('--check')) {
  let current = '';
  try {
    current = readFileSync(target, 'utf8');
  } catch {
    // missing counts as stale
  }
  if (current !== text) {
    console.error('docs/api.md is stale: run `npm run docs:api`');
    process.exit(1);
  }
} else {
  writeFileSync(target, text);
  console.log(`wrote docs/api.md (${text.split('\n').length} lines)`);
}
