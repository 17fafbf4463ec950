/** Whether this browser can make and use passkeys (WebAuthn, docs/api.md §23.7); jsdom and old browsers cannot. */
export function browserHasWebAuthn(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}

/** The browser refused, or the person closed its passkey dialog. */
export function isWebAuthnCancel(error: unknown): boolean {
  return error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError');
}
