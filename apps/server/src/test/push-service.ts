/**
 * A push service on loopback for the Web Push tests (docs/api.md §22.4): a node http server on
 * 127.0.0.1 that records each POST and answers what the test asks, and the browser's side of
 * RFC 8291 (a real P-256 key pair and auth secret, the decryption of an `aes128gcm` body) and of
 * RFC 8292 (the VAPID header checked against the server's public key).
 */
import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedPush {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export interface PushServiceStub {
  origin: string;
  received: ReceivedPush[];
  /** the answers to give, in order; 201 once they run out */
  answers: { status: number; headers?: Record<string, string> }[];
  close: () => Promise<void>;
}

export async function startPushService(): Promise<PushServiceStub> {
  const received: ReceivedPush[] = [];
  const answers: PushServiceStub['answers'] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      const answer = answers.shift() ?? { status: 201 };
      res.writeHead(answer.status, answer.headers ?? {});
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    received,
    answers,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A browser's push keys: what `PushSubscription.toJSON().keys` carries, and the private half it keeps. */
export function browserKeys(): { keys: { p256dh: string; auth: string }; privateKey: Buffer; auth: Buffer } {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
    privateKey: ecdh.getPrivateKey(),
    auth,
  };
}

/** Decrypts an `aes128gcm` push body as the browser does (RFC 8291 §3.4, RFC 8188 §2); throws when it does not authenticate. */
export function decryptPush(body: Buffer, privateKey: Buffer, auth: Buffer): Buffer {
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body.readUInt8(20);
  const senderKey = body.subarray(21, 21 + idlen);
  const record = body.subarray(21 + idlen);
  if (record.length > rs) throw new Error(`a record of ${record.length} bytes is over the record size ${rs}`);
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(privateKey);
  const shared = ecdh.computeSecret(senderKey);
  const info = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), senderKey]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, auth, info, 32));
  const key = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', key, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('the last record does not end with the delimiter 2');
  return padded.subarray(0, end);
}

/**
 * The claims of a `vapid t=…, k=…` header once its ES256 signature is verified with `publicKey`
 * (base64url point); throws when it does not verify or `k` is another key.
 */
export function verifyVapid(header: string, publicKey: string): { aud: string; exp: number; sub: string } {
  const match = /^vapid t=([\w-]+)\.([\w-]+)\.([\w-]+), k=([\w-]+)$/.exec(header);
  if (!match) throw new Error(`not a VAPID header: ${header}`);
  const [, head, claims, signature, k] = match as unknown as [string, string, string, string, string];
  if (k !== publicKey) throw new Error('the header names another key');
  const point = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({
    format: 'jwk',
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
  });
  const ok = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!ok) throw new Error('the VAPID signature does not verify');
  const parsedHead = JSON.parse(Buffer.from(head, 'base64url').toString()) as { alg: string };
  if (parsedHead.alg !== 'ES256') throw new Error(`alg ${parsedHead.alg}`);
  return JSON.parse(Buffer.from(claims, 'base64url').toString()) as { aud: string; exp: number; sub: string };
}
