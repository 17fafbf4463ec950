/**
 * Every personal message has one sender: the module that declares it in its spec's `messageKinds`
 * (issue 24 item 1), with the push preference it goes out under (docs/api.md §22.4). The sources
 * are read for the codes each module writes, so a module that starts sending an undeclared code,
 * or a code that no module sends, fails here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { messageCodes, pushPrefKinds, type MessageCode } from '@brokerage/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../platform/config.js';
import { openTestDatabase } from '../test/test-db.js';
import type { Kernel } from './kernel.js';

const modulesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../modules');

/** The message codes written as literals in a module's sources (tests aside). */
function codesIn(module: string): Set<string> {
  const found = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts'))
        for (const m of readFileSync(file, 'utf8').matchAll(/'(message\.[a-z_]+\.[a-z_]+)'/g)) found.add(m[1] ?? '');
    }
  };
  walk(path.join(modulesDir, module));
  return found;
}

describe('message kinds', () => {
  let kernel: Kernel;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const database = await openTestDatabase();
    const { app, deps } = await buildApp({
      config: loadConfig({}),
      database,
      engine: false,
      webDist: null,
      adminDist: null,
    });
    kernel = deps;
    close = async () => {
      await app.close();
      await database.close();
    };
  });
  afterAll(async () => close());

  it('are declared by the module that sends them, and only by it', () => {
    const modules = readdirSync(modulesDir, { withFileTypes: true }).filter((d) => d.isDirectory());
    let sent = 0;
    for (const { name } of modules) {
      for (const code of codesIn(name)) {
        sent++;
        expect(messageCodes as readonly string[], `${name} writes ${code}`).toContain(code);
        expect(kernel.messageKinds.get(code as MessageCode)?.module, `${code} written in modules/${name}`).toBe(name);
      }
    }
    expect(sent).toBeGreaterThan(20);
  });

  it('cover every message of the catalogue but the legacy one, each with a known push kind or none', () => {
    const undeclared = messageCodes.filter((c) => c !== 'message.legacy' && !kernel.messageKinds.has(c));
    expect(undeclared).toEqual([]);
    for (const [code, { push }] of kernel.messageKinds) {
      if (push === 'security') expect(code).toMatch(/^message\.security\./);
      else if (push !== null) expect(pushPrefKinds, code).toContain(push);
    }
    // account-security notices go out under `security`, which no preference turns off
    expect(kernel.messageKinds.get('message.security.new_login')?.push).toBe('security');
    // what §22.4 names: fills and stops under orders, money reviews under money, allotments under products
    expect(kernel.messageKinds.get('message.position.stop_out')?.push).toBe('orders');
    expect(kernel.messageKinds.get('message.withdraw.approved')?.push).toBe('money');
    expect(kernel.messageKinds.get('message.subscription.awaiting_payment')?.push).toBe('products');
  });
});
