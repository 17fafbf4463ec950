/**
 * The outside servers an e2e file needs (PostgreSQL, Redis): probed once when the file loads. A
 * missing one skips the file, with a line saying so, unless the file's REQUIRE variable is `1`
 * (CI sets them, .ci/run), where it fails the run instead.
 */
import pg from 'pg';
import { redisReachable } from '../apps/server/src/test/redis.js';

export async function postgresReachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export interface NeededService {
  kind: 'PostgreSQL' | 'Redis';
  url: string;
}

/**
 * True when every service answers. Otherwise throws when `process.env[requireVariable]` is `1`,
 * else writes `<file>: skipped, no <service> at <url>` and answers false (the caller skips).
 */
export async function servicesAvailable(
  file: string,
  requireVariable: string,
  services: readonly NeededService[],
): Promise<boolean> {
  const up = await Promise.all(
    services.map((s) => (s.kind === 'Redis' ? redisReachable(s.url) : postgresReachable(s.url))),
  );
  const absent = services.filter((_, i) => !up[i]).map((s) => `${s.kind} at ${s.url}`);
  if (absent.length === 0) return true;
  if (process.env[requireVariable] === '1')
    throw new Error(`${requireVariable}=1 but ${absent.join(' and ')} does not answer`);
  process.stdout.write(`${file}: skipped, no ${absent.join(' nor ')}\n`);
  return false;
}
