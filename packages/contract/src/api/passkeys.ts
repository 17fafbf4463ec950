/**
 * Passkeys (WebAuthn Level 2) of docs/api.md §23.7. The options and the browser's answers travel
 * in the JSON forms of WebAuthn Level 3 (`PublicKeyCredentialCreationOptionsJSON`,
 * `RegistrationResponseJSON`, …): binary fields as base64url strings.
 */
import { z } from 'zod';
import { id, timestamp } from '../primitives.js';

/** At most this many passkeys per account (`passkey.too_many` {max}). */
export const MAX_PASSKEYS = 10;
/** A passkey challenge lives this long and is used once. */
export const PASSKEY_CHALLENGE_TTL_MS = 5 * 60 * 1000;
export const PASSKEY_NAME_MAX = 40;

const base64url = z
  .string()
  .max(16_384)
  .regex(/^[A-Za-z0-9_-]*$/, 'format');
/** `usb`, `nfc`, `ble`, `hybrid`, `internal`, …: kept as the browser names them (newer names may come) */
const transport = z.string().min(1).max(32);
const extensions = z.record(z.string(), z.unknown()).default({});

/** What `navigator.credentials.create()` answered, as JSON (attestation `none` is asked for). */
export const registrationResponse = z.object({
  id: base64url.min(1).max(1_024),
  rawId: base64url.min(1).max(1_024),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url.min(1),
    attestationObject: base64url.min(1),
    transports: z.array(transport).max(8).optional(),
    authenticatorData: base64url.optional(),
    publicKey: base64url.optional(),
    publicKeyAlgorithm: z.number().int().optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: extensions,
});
export type RegistrationResponseJson = z.infer<typeof registrationResponse>;

/** What `navigator.credentials.get()` answered, as JSON. */
export const authenticationResponse = z.object({
  id: base64url.min(1).max(1_024),
  rawId: base64url.min(1).max(1_024),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url.min(1),
    authenticatorData: base64url.min(1),
    signature: base64url.min(1),
    userHandle: base64url.max(128).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: extensions,
});
export type AuthenticationResponseJson = z.infer<typeof authenticationResponse>;

/** The options objects are made by the server's WebAuthn library and handed to the browser as they are. */
const optionsJson = z.looseObject({ challenge: z.string() });

export const passkeyOptionsResponse = optionsJson;
export const passkeyAddRequest = z.object({
  response: registrationResponse,
  name: z.string().trim().min(1).max(PASSKEY_NAME_MAX),
});
export const passkey = z.object({
  id,
  name: z.string(),
  createdAt: timestamp,
  lastUsedAt: timestamp.nullable(),
});
export type Passkey = z.infer<typeof passkey>;
export const passkeyListResponse = z.object({ list: z.array(passkey) });
export const passkeyRemoveRequest = z.object({ passkeyId: id, password: z.string().min(1).max(64) });
export const passkeyLoginOptionsResponse = z.object({ challengeId: id, options: optionsJson });
export type PasskeyLoginOptions = z.infer<typeof passkeyLoginOptionsResponse>;
export const passkeyLoginRequest = z.object({ challengeId: id, response: authenticationResponse });
