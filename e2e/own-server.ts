/**
 * A server of the test file's own with a phone browser and one verified user funded in USDT
 * through the demo TRC-20 channel: for journeys that change what other files rely on (deposit
 * channels, products on offer), or that watch one account's screens.
 */
import type { Browser } from 'playwright-core';
import { launch } from './browser.js';
import { startServer, type E2eServer } from './global-setup.js';
import type { Session } from './market-helpers.js';
import { AdminApi, verifiedFundedUser } from './server-api.js';

export interface OwnServer {
  server: E2eServer;
  baseUrl: string;
  browser: Browser;
  /** the back office, logged in */
  ops: AdminApi;
  session: Session;
}

export async function ownServerWithFundedUser(amount: string): Promise<OwnServer> {
  const server = await startServer();
  const browser = await launch();
  const ops = new AdminApi(server.baseUrl);
  await ops.login();
  const { session } = await verifiedFundedUser(server.baseUrl, ops, { channelId: 'demo_usdt_trc20', amount });
  return { server, baseUrl: server.baseUrl, browser, ops, session };
}

/** Closes the browser and stops the server (either may be missing when the set-up failed). */
export async function closeOwnServer(own: Partial<OwnServer> | undefined): Promise<void> {
  await own?.browser?.close();
  await own?.server?.stop();
}
