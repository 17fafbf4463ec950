/**
 * The cryptography of Web Push on node:crypto (docs/decisions.md "Web Push"):
 *
 * - RFC 8291 message encryption with the RFC 8188 `aes128gcm` content coding: an ephemeral P-256
 *   key agreed with the browser's `p256dh` key, HKDF-SHA-256 keyed by the browser's `auth` secret,
 *   one AES-128-GCM record. Checked against the RFC's Appendix A example (push.crypto.test.ts).
 * - RFC 8292 VAPID: an ES256 JWT (`aud` the push service's origin, `exp`, `sub`) signed with the
 *   server's P-256 key, sent as `Authorization: vapid t=<jwt>, k=<public key>`.
 */
import {
  createCipheriv,
  createECDH,
  createPrivateKey,
  createPublicKey,
  hkdfSync,
  randomBytes,
  sign,
  type ECDH,
  type KeyObject,
} from 'node:crypto';

/** The record size announced in the header (RFC 8188 §2.1); one record carries the whole message. */
export const RECORD_SIZE = 4096;
const KEY_LENGTH = 65;
const TAG_LENGTH = 16;
/** salt (16) + rs (4) + idlen (1) + keyid (65) */
const HEADER_LENGTH = 16 + 4 + 1 + KEY_LENGTH;
/** The longest plaintext one record holds: the record size less the padding delimiter and the tag. */
export const MAX_PLAINTEXT = RECORD_SIZE - 1 - TAG_LENGTH;

const b64u = (bytes: Buffer): string => bytes.toString('base64url');
const fromB64u = (text: string): Buffer => Buffer.from(text.replace(/=+$/, ''), 'base64url');

function hkdf(salt: Buffer, ikm: Buffer, info: Buffer, length: number): Buffer {
  return Buffer.from(hkdfSync('sha256', ikm, salt, info, length));
}

export interface BrowserKeys {
  /** base64url, 65-byte uncompressed P-256 point */
  p256dh: string;
  /** base64url, 16 bytes */
  auth: string;
}

/** The key a browser sent wrong, or null: `p256dh` an uncompressed point on P-256, `auth` 16 bytes (RFC 8291 §3.2). */
export function badBrowserKey(keys: BrowserKeys): 'p256dh' | 'auth' | null {
  if (fromB64u(keys.auth).length !== 16) return 'auth';
  const point = fromB64u(keys.p256dh);
  if (point.length !== KEY_LENGTH || point[0] !== 0x04) return 'p256dh';
  try {
    // a point off the curve fails the key agreement
    const probe = createECDH('prime256v1');
    probe.generateKeys();
    probe.computeSecret(point);
    return null;
  } catch {
    return 'p256dh';
  }
}

/**
 * The `aes128gcm` body of a push message: header (salt, record size, the sender's ephemeral public
 * key) and one encrypted record. `fixed` pins the salt and the ephemeral key (the RFC's example).
 */
export function encryptPayload(
  plaintext: Buffer,
  keys: BrowserKeys,
  fixed: { salt?: Buffer; ecdh?: ECDH } = {},
): Buffer {
  if (plaintext.length > MAX_PLAINTEXT) throw new Error(`push payload of ${plaintext.length} bytes is too long`);
  const uaPublic = fromB64u(keys.p256dh);
  const authSecret = fromB64u(keys.auth);
  const ecdh = fixed.ecdh ?? createECDH('prime256v1');
  if (!fixed.ecdh) ecdh.generateKeys();
  const asPublic = ecdh.getPublicKey();
  const salt = fixed.salt ?? randomBytes(16);
  const sharedSecret = ecdh.computeSecret(uaPublic);
  // RFC 8291 §3.4: IKM from the shared secret, keyed by the auth secret, bound to both public keys
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0', 'latin1'), uaPublic, asPublic]);
  const ikm = hkdf(authSecret, sharedSecret, keyInfo, 32);
  // RFC 8188 §2.2, §2.3
  const cek = hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0', 'latin1'), 16);
  const nonce = hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0', 'latin1'), 12);
  const cipher = createCipheriv('aes-128-gcm', cek, nonce);
  // the last (only) record ends with the delimiter 0x02 and no further padding
  const record = Buffer.concat([cipher.update(plaintext), cipher.update(Buffer.from([2])), cipher.final()]);
  const header = Buffer.alloc(HEADER_LENGTH);
  salt.copy(header, 0);
  header.writeUInt32BE(RECORD_SIZE, 16);
  header.writeUInt8(KEY_LENGTH, 20);
  asPublic.copy(header, 21);
  return Buffer.concat([header, record, cipher.getAuthTag()]);
}

/** A VAPID key pair, base64url (public: the uncompressed point; private: the 32-byte scalar). */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

export function generateVapidKeys(): VapidKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { publicKey: b64u(ecdh.getPublicKey()), privateKey: b64u(scalar32(ecdh.getPrivateKey())) };
}

/**
 * A P-256 scalar as exactly 32 bytes. Node's ECDH hands the private key out without its leading
 * zero bytes (about one key in 256 comes out shorter), and a JWK `d` must be the full length.
 */
function scalar32(raw: Buffer): Buffer {
  if (raw.length >= 32) return raw;
  const full = Buffer.alloc(32);
  raw.copy(full, 32 - raw.length);
  return full;
}

/** The signing key of a pair; throws when the two halves do not belong together or are malformed. */
export function vapidSigningKey(keys: VapidKeys): KeyObject {
  const point = fromB64u(keys.publicKey);
  const given = fromB64u(keys.privateKey);
  if (point.length !== KEY_LENGTH || point[0] !== 0x04 || given.length === 0 || given.length > 32)
    throw new Error('VAPID keys must be a base64url P-256 public point (65 bytes) and private scalar (32 bytes)');
  // a pair stored before the padding above may carry a scalar with its leading zeros dropped
  const scalar = scalar32(given);
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(scalar);
  if (!ecdh.getPublicKey().equals(point))
    throw new Error('VAPID_PUBLIC_KEY is not the public key of VAPID_PRIVATE_KEY');
  return createPrivateKey({
    format: 'jwk',
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: b64u(point.subarray(1, 33)),
      y: b64u(point.subarray(33, 65)),
      d: b64u(scalar),
    },
  });
}

/** The public key object of a base64url uncompressed point (tests verify signatures with it). */
export function publicKeyOfPoint(publicKey: string): KeyObject {
  const point = fromB64u(publicKey);
  return createPublicKey({
    format: 'jwk',
    key: { kty: 'EC', crv: 'P-256', x: b64u(point.subarray(1, 33)), y: b64u(point.subarray(33, 65)) },
  });
}

/** The VAPID longest validity (RFC 8292 §2: no more than 24 hours); ours is 12 h. */
export const VAPID_TTL_SECONDS = 12 * 60 * 60;

/** `Authorization: vapid t=…, k=…` for a push service's origin, valid from `now` for 12 hours. */
export function vapidAuthorization(
  keys: VapidKeys,
  signingKey: KeyObject,
  audience: string,
  subject: string,
  now: Date,
): string {
  const header = b64u(Buffer.from(JSON.stringify({ typ: 'JWT', alg: 'ES256' })));
  const exp = Math.floor(now.getTime() / 1000) + VAPID_TTL_SECONDS;
  const claims = b64u(Buffer.from(JSON.stringify({ aud: audience, exp, sub: subject })));
  const signingInput = `${header}.${claims}`;
  const signature = sign('sha256', Buffer.from(signingInput), { key: signingKey, dsaEncoding: 'ieee-p1363' });
  return `vapid t=${signingInput}.${b64u(signature)}, k=${keys.publicKey}`;
}
