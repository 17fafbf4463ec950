/** Account security calls of docs/api.md §23.1: two-step verification (TOTP, RFC 6238) and recovery codes. */
import { z } from 'zod';
import { id } from '../primitives.js';

/** An authenticator's code: 6 digits (SHA-1, 30 s steps). */
export const totpCodeField = z.string().regex(/^\d{6}$/, 'format');
/** A recovery code as printed (`xxxx-xxxx-xxxx-xxxx`); case, spaces and dashes are ignored. */
export const recoveryCodeField = z.string().trim().min(8).max(40);
/** How many recovery codes a set holds, and the tries a login challenge takes (§23.1). */
export const RECOVERY_CODE_COUNT = 10;
export const LOGIN_CHALLENGE_MAX_WRONG = 5;
export const LOGIN_CHALLENGE_TTL_MS = 5 * 60 * 1000;

/**
 * The second factor a protected call may carry (§23.1): `code` or `recoveryCode`, never both
 * (`exclusive`). Neither, with two-step verification on, answers `auth.second_factor_required`.
 */
export const secondFactorFields = {
  code: totpCodeField.optional(),
  recoveryCode: recoveryCodeField.optional(),
};
export type SecondFactorProof = { code?: string; recoveryCode?: string };

/** Adds the `exclusive` refusal of `code` with `recoveryCode` to a request schema's refinements. */
export function refineSecondFactor(b: SecondFactorProof, ctx: z.RefinementCtx): void {
  if (b.code !== undefined && b.recoveryCode !== undefined)
    ctx.addIssue({ code: 'custom', message: 'exclusive', path: ['recoveryCode'] });
}

export const totpSetupRequest = z.object({ password: z.string().min(1).max(64) });
export const totpSetupResponse = z.object({
  /** the pending secret, base32 (160 bits); never returned again */
  secret: z.string(),
  /** `otpauth://totp/…` for the QR code */
  otpauthUrl: z.string(),
});
export type TotpSetup = z.infer<typeof totpSetupResponse>;

export const totpEnableRequest = z.object({ code: totpCodeField });
export const recoveryCodesResponse = z.object({ recoveryCodes: z.array(z.string()).length(RECOVERY_CODE_COUNT) });
export type RecoveryCodes = z.infer<typeof recoveryCodesResponse>;

export const totpDisableRequest = z
  .object({ password: z.string().min(1).max(64), ...secondFactorFields })
  .superRefine(refineSecondFactor);
export const recoveryCodesRequest = z.object({ password: z.string().min(1).max(64), code: totpCodeField });

export const loginVerifyRequest = z.object({ challengeId: id, ...secondFactorFields }).superRefine((b, ctx) => {
  // exactly one of the two (docs/api.md §1.3 `exclusive`)
  refineSecondFactor(b, ctx);
  if (b.code === undefined && b.recoveryCode === undefined)
    ctx.addIssue({ code: 'custom', message: 'exclusive', path: ['code'] });
});
