import { createDecipheriv, createECDH, hkdfSync, verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  encryptPayload,
  generateVapidKeys,
  MAX_PLAINTEXT,
  publicKeyOfPoint,
  vapidAuthorization,
  vapidSigningKey,
} from './push.crypto.js';

const b = (text: string) => Buffer.from(text, 'base64url');

// RFC 8291 Appendix A: the sender's fixed ephemeral key and salt, the browser's keys, the expected body
const rfc = {
  plaintext: b('V2hlbiBJIGdyb3cgdXAsIEkgd2FudCB0byBiZSBhIHdhdGVybWVsb24'),
  asPrivate: 'yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw',
  uaPrivate: 'q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94',
  uaPublic: 'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4',
  salt: 'DGv6ra1nlYgDCS1FRnbzlw',
  auth: 'BTBZMqHH6r4Tts7J_aSIgg',
  body:
    'DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A' +
    '_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN',
};

/** The browser's side (RFC 8291 §3.4, RFC 8188 §2), written for the test from the RFCs' steps. */
export function decryptAes128gcm(body: Buffer, uaPrivate: Buffer, auth: Buffer): Buffer {
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body.readUInt8(20);
  const asPublic = body.subarray(21, 21 + idlen);
  const record = body.subarray(21 + idlen);
  expect(record.length).toBeLessThanOrEqual(rs);
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(uaPrivate);
  const uaPublic = ecdh.getPublicKey();
  const shared = ecdh.computeSecret(asPublic);
  const info = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, auth, info, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  expect(padded[end]).toBe(2); // the last record's delimiter
  return padded.subarray(0, end);
}

describe('RFC 8291 encryption', () => {
  it("reproduces Appendix A's body byte for byte", () => {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(b(rfc.asPrivate));
    const body = encryptPayload(rfc.plaintext, { p256dh: rfc.uaPublic, auth: rfc.auth }, { salt: b(rfc.salt), ecdh });
    expect(body.toString('base64url')).toBe(rfc.body);
    expect(decryptAes128gcm(body, b(rfc.uaPrivate), b(rfc.auth)).toString()).toBe(
      'When I grow up, I want to be a watermelon',
    );
  });

  it('uses a fresh key and salt per message, and refuses a payload past one record', () => {
    const keys = { p256dh: rfc.uaPublic, auth: rfc.auth };
    const one = encryptPayload(Buffer.from('hi'), keys);
    const two = encryptPayload(Buffer.from('hi'), keys);
    expect(one.subarray(0, 16).equals(two.subarray(0, 16))).toBe(false);
    expect(decryptAes128gcm(one, b(rfc.uaPrivate), b(rfc.auth)).toString()).toBe('hi');
    expect(() => encryptPayload(Buffer.alloc(MAX_PLAINTEXT + 1), keys)).toThrow(/too long/);
  });
});

describe('RFC 8292 VAPID', () => {
  it('signs an ES256 JWT for the origin, valid for at most 24 hours', () => {
    const keys = generateVapidKeys();
    const now = new Date('2026-03-03T16:00:00Z');
    const header = vapidAuthorization(keys, vapidSigningKey(keys), 'https://push.example.net', 'mailto:a@b.c', now);
    const match = /^vapid t=([\w-]+)\.([\w-]+)\.([\w-]+), k=([\w-]+)$/.exec(header);
    expect(match).not.toBeNull();
    const [, h, c, s, k] = match as unknown as [string, string, string, string, string];
    expect(k).toBe(keys.publicKey);
    expect(JSON.parse(b(h).toString())).toEqual({ typ: 'JWT', alg: 'ES256' });
    const claims = JSON.parse(b(c).toString()) as { aud: string; exp: number; sub: string };
    expect(claims.aud).toBe('https://push.example.net');
    expect(claims.sub).toBe('mailto:a@b.c');
    expect(claims.exp).toBeGreaterThan(now.getTime() / 1000);
    expect(claims.exp).toBeLessThanOrEqual(now.getTime() / 1000 + 24 * 3600);
    const ok = verify(
      'sha256',
      Buffer.from(`${h}.${c}`),
      { key: publicKeyOfPoint(k), dsaEncoding: 'ieee-p1363' },
      b(s),
    );
    expect(ok).toBe(true);
  });

  it('refuses a key pair whose halves do not match', () => {
    const one = generateVapidKeys();
    const two = generateVapidKeys();
    expect(() => vapidSigningKey({ publicKey: one.publicKey, privateKey: two.privateKey })).toThrow(
      /not the public key/,
    );
    expect(() => vapidSigningKey({ publicKey: 'abc', privateKey: one.privateKey })).toThrow(/P-256/);
  });

  it('keeps a scalar with leading zero bytes at 32 bytes, and signs with one stored shorter', () => {
    // about one P-256 scalar in 256 starts with a zero byte, which Node's ECDH drops
    let short: Buffer | null = null;
    for (let i = 0; i < 20_000 && !short; i++) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      if (ecdh.getPrivateKey().length < 32) short = ecdh.getPrivateKey();
    }
    if (!short) throw new Error('no short scalar in 20,000 keys');
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(short);
    const legacy = { publicKey: ecdh.getPublicKey().toString('base64url'), privateKey: short.toString('base64url') };
    expect(() => vapidSigningKey(legacy)).not.toThrow();
    for (let i = 0; i < 2_000; i++) expect(b(generateVapidKeys().privateKey)).toHaveLength(32);
  });
});
