import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const require = createRequire(import.meta.url);
// npm's own range semantics (semver is in every npm tree; typed here for the one call)
const semver = require('semver') as {
  satisfies(version: string, range: string): boolean;
  minVersion(range: string): { version: string };
};

describe('engines: every locked package runs on the lowest Node the project supports', () => {
  it('no package of package-lock.json needs a newer Node than package.json engines (npm warns EBADENGINE)', () => {
    const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { engines: { node: string } };
    const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { engines?: { node?: string } | string[] }>;
    };
    const lowest = semver.minVersion(pkg.engines.node).version;
    const tooNew = Object.entries(lock.packages)
      .filter(([, p]) => p.engines && !Array.isArray(p.engines) && p.engines.node !== undefined)
      .filter(([, p]) => !semver.satisfies(lowest, (p.engines as { node: string }).node))
      .map(([name, p]) => `${name} ${(p.engines as { node: string }).node}`);
    expect(tooNew).toEqual([]);
  });
});
