/**
 * Test helpers for money: real uploads, a verified user, a funded account. Everything goes
 * through the public API (user and back office), as a user and an operator would.
 */
import sharp from 'sharp';
import type { FastifyInstance } from 'fastify';
import { adminLogin, post, registerUser, type TestUser } from './harness.js';

let tinyPng: Buffer | null = null;

async function png(): Promise<Buffer> {
  tinyPng ??= await sharp({ create: { width: 8, height: 8, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();
  return tinyPng;
}

export async function uploadImage(app: FastifyInstance, user: TestUser, purpose: string): Promise<string> {
  const boundary = `----funds-test-${Math.random().toString(36).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="purpose"\r\n\r\n${purpose}\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="x.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    await png(),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await app.inject({
    method: 'POST',
    url: '/api/vue/upload/image',
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...user.headers },
  });
  const body = res.json<{ status: number; data: { imageId: string } }>();
  if (body.status !== 1) throw new Error(`upload failed: ${res.body}`);
  return body.data.imageId;
}

export async function submitKyc(app: FastifyInstance, user: TestUser, name = 'Ana López'): Promise<string> {
  const frontImageId = await uploadImage(app, user, 'kyc_front');
  const backImageId = await uploadImage(app, user, 'kyc_back');
  const r = await post(
    app,
    '/user/kycSubmit',
    { name, idNumber: 'LOPA850101HDF7', frontImageId, backImageId },
    user.headers,
  );
  if (r.body.status !== 1) throw new Error(`kyc submit failed: ${JSON.stringify(r.body)}`);
  const admin = await adminLogin(app, 'reviewer');
  const list = await post(app, '/api/admin/review/list', { queue: 'kyc', userId: user.id }, admin);
  const item = (list.body.data as { list: { id: string }[] }).list[0];
  if (!item) throw new Error('kyc item not in queue');
  return item.id;
}

export async function approve(app: FastifyInstance, queue: string, id: string, reason = 'checked'): Promise<void> {
  const admin = await adminLogin(app, 'reviewer');
  const r = await post(app, '/api/admin/review/approve', { queue, id, reason }, admin);
  if (r.body.status !== 1) throw new Error(`approve failed: ${JSON.stringify(r.body)}`);
}

/** A user whose real name is verified (name "Ana López"). */
export async function verifiedUser(app: FastifyInstance): Promise<TestUser> {
  const user = await registerUser(app);
  await approve(app, 'kyc', await submitKyc(app, user));
  return user;
}

export const TEST_CHANNELS = [
  {
    id: 'ch_mx',
    type: 'bank',
    name: 'SPEI transfer',
    currency: 'MXN',
    accountName: 'Meridian Securities SA de CV',
    accountNumber: '012180001234567891',
    bankName: 'BBVA México',
    branch: 'CDMX Centro',
    window: { open: '00:00', close: '24:00', days: [1, 2, 3, 4, 5, 6, 7] },
    enabled: true,
  },
  {
    id: 'ch_usdt',
    type: 'crypto',
    name: 'USDT TRC20',
    currency: 'USDT',
    network: 'TRC20',
    address: 'TQ5xExampleAddressxxxxxxxxxxxxxxxx',
    window: { open: '00:00', close: '24:00', days: [1, 2, 3, 4, 5, 6, 7] },
    enabled: true,
  },
  {
    id: 'ch_usd',
    type: 'bank',
    name: 'US wire',
    currency: 'USD',
    accountName: 'Meridian Securities LLC',
    accountNumber: '021000021123456789',
    bankName: 'Chase',
    branch: 'NYC',
    window: { open: '00:00', close: '24:00', days: [1, 2, 3, 4, 5, 6, 7] },
    enabled: true,
  },
];

export async function configureChannels(app: FastifyInstance): Promise<void> {
  const admin = await adminLogin(app, 'admin');
  const r = await post(
    app,
    '/api/admin/config/set',
    { key: 'deposit.channels', value: TEST_CHANNELS, reason: 'test channels' },
    admin,
  );
  if (r.body.status !== 1) throw new Error(`channels failed: ${JSON.stringify(r.body)}`);
}

/** Deposits `amount` through the channel of `currency` and approves it. */
export async function fund(
  app: FastifyInstance,
  user: TestUser,
  currency: 'MXN' | 'USD' | 'USDT',
  amount: string,
): Promise<void> {
  const channelId = TEST_CHANNELS.find((c) => c.currency === currency)?.id ?? 'ch_mx';
  const proofImageId = await uploadImage(app, user, 'deposit_proof');
  const r = await post(app, '/funds/deposit', { channelId, amount, proofImageId }, user.headers);
  if (r.body.status !== 1) throw new Error(`deposit failed: ${JSON.stringify(r.body)}`);
  await approve(app, 'deposit', (r.body.data as { id: string }).id);
}
