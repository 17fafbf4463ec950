/** Scratch databases on a PostgreSQL server: created for one run, dropped after it. */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface ScratchDatabase {
  name: string;
  /** `serverUrl` with this database as its path. */
  url: string;
  /** Drops the database, closing any connection still open on it. */
  drop: () => Promise<void>;
}

/** `url` pointing at database `name` of the same server. */
export function databaseUrl(url: string, name: string): string {
  const target = new URL(url);
  target.pathname = `/${name}`;
  return target.toString();
}

/** One statement on its own connection (CREATE and DROP DATABASE cannot run in a transaction). */
async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** Creates database `name` (by default `bench_<12 random hex digits>`) on the server of `serverUrl`. */
export async function createDatabase(
  serverUrl: string,
  name = `bench_${randomBytes(6).toString('hex')}`,
): Promise<ScratchDatabase> {
  await adminQuery(serverUrl, `create database ${name}`);
  return {
    name,
    url: databaseUrl(serverUrl, name),
    drop: () => adminQuery(serverUrl, `drop database if exists ${name} with (force)`),
  };
}
