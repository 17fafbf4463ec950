/**
 * The back-office and upload calls the journeys make over HTTP (for setup steps a journey does
 * not test through the screens): admin login, admin calls, approving the first pending review
 * item of a user, an MXN deposit channel, uploading an image, a verified and funded account.
 */
import { expect } from 'vitest';
import { E2E_ADMIN_PASSWORD } from './global-setup.js';
import { api, registerUser, type Session } from './market-helpers.js';

/** A 4×4 PNG (valid, decodable), so the server's re-encoding accepts it. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEElEQVQImWMwTpsJRwzEcQDrIxMhLoLCbgAAAABJRU5ErkJggg==',
  'base64',
);

export class AdminApi {
  private token = '';

  constructor(private readonly baseUrl: string) {}

  /** Logs in as the bootstrap admin (again: a session ages with a moved clock). */
  async login(): Promise<void> {
    const r = await fetch(`${this.baseUrl}/api/admin/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: E2E_ADMIN_PASSWORD }),
    });
    this.token = ((await r.json()) as { data: { token: string } }).data.token;
  }

  async call<T = unknown>(path: string, body: unknown): Promise<{ status: number; code?: string; data?: T }> {
    const r = await fetch(`${this.baseUrl}/api/admin${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${this.token}` },
      body: JSON.stringify(body),
    });
    return (await r.json()) as { status: number; code?: string; data?: T };
  }

  /** Approves the user's oldest waiting item in `queue`, waiting up to 15 s for it to arrive. */
  async approveFirst(queue: string, userId: string): Promise<void> {
    // a plain loop, not expect.poll: set-up hooks (beforeAll) call this too
    const deadline = Date.now() + 15_000;
    while (((await this.call<{ list: unknown[] }>('/review/list', { queue, userId })).data?.list.length ?? 0) === 0) {
      if (Date.now() > deadline) throw new Error(`nothing waits in the ${queue} queue for ${userId} after 15 s`);
      await new Promise((r) => setTimeout(r, 250));
    }
    const list = await this.call<{ list: { id: string }[] }>('/review/list', { queue, userId });
    const id = list.data?.list[0]?.id;
    expect(id, JSON.stringify(list)).toBeTruthy();
    expect((await this.call('/review/approve', { queue, id, reason: 'e2e: checked' })).status).toBe(1);
  }
}

/** Every day of the week, in the deposit and withdrawal windows' numbering (1 = Monday … 7 = Sunday). */
export const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7];

/** Sets the deposit channels to one MXN bank transfer open around the clock (`id`, `ch_mx` by default). */
export async function openMxnChannel(ops: AdminApi, id = 'ch_mx', reason = 'e2e: MXN channel'): Promise<void> {
  const channel = {
    id,
    type: 'bank',
    name: 'SPEI transfer',
    currency: 'MXN',
    accountName: 'Meridian Securities SA de CV',
    accountNumber: '012180001234567891',
    bankName: 'BBVA México',
    branch: 'CDMX Centro',
    window: { open: '00:00', close: '24:00', days: EVERY_DAY },
    enabled: true,
  };
  const r = await ops.call('/config/set', { key: 'deposit.channels', reason, value: [channel] });
  expect(r.status, JSON.stringify(r)).toBe(1);
}

/** Uploads a small PNG for `purpose` (kyc_front, deposit_proof, …) and answers its image id. */
export async function uploadImage(baseUrl: string, session: Session, purpose: string): Promise<string> {
  const form = new FormData();
  form.append('purpose', purpose);
  form.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), `${purpose}.png`);
  const r = await fetch(`${baseUrl}/api/vue/upload/image`, {
    method: 'POST',
    headers: { token: session.tokend, account: session.account },
    body: form,
  });
  const body = (await r.json()) as { status: number; data?: { imageId: string } };
  expect(body.status, JSON.stringify(body)).toBe(1);
  return body.data?.imageId ?? '';
}

/**
 * A new account with its real name approved and one approved deposit of `amount` through
 * `channelId` (the money journey drives those screens; the others only need the result).
 */
export async function verifiedFundedUser(
  baseUrl: string,
  ops: AdminApi,
  deposit: { channelId: string; amount: string },
): Promise<{ session: Session; uid: string }> {
  const session = await registerUser(baseUrl);
  const info = await api<{ id: string }>(baseUrl, '/user/getUserinfo', {}, session);
  const uid = info.data?.id ?? '';
  const kyc = await api(
    baseUrl,
    '/user/kycSubmit',
    {
      name: 'Ana López',
      idNumber: 'LOPA850101HDF7',
      frontImageId: await uploadImage(baseUrl, session, 'kyc_front'),
      backImageId: await uploadImage(baseUrl, session, 'kyc_back'),
    },
    session,
  );
  expect(kyc.status, JSON.stringify(kyc)).toBe(1);
  await ops.approveFirst('kyc', uid);
  const paid = await api(
    baseUrl,
    '/funds/deposit',
    { ...deposit, proofImageId: await uploadImage(baseUrl, session, 'deposit_proof') },
    session,
  );
  expect(paid.status, JSON.stringify(paid)).toBe(1);
  await ops.approveFirst('deposit', uid);
  return { session, uid };
}
