/** Back-office calls of docs/api.md §19.1, §19.2, §19.4, §19.7 and §19.8. */
import { z } from 'zod';
import { accountTypes, adminRoles, kycStatuses, restrictActions, restrictions, type AdminRole } from '../enums.js';
import { id, int, page, size, timestamp } from '../primitives.js';
import { currencyAccount } from './user.js';

/** Every data-changing back-office call carries a reason (3–500 characters), written to the audit log. */
export const reason = z.string().trim().min(3).max(500);

export const adminLoginRequest = z.object({
  username: z.string().trim().min(1).max(64),
  password: z.string().min(1).max(128),
  otp: z
    .string()
    .regex(/^\d{6}$/, 'format')
    .optional(),
});
export const adminLoginResponse = z.object({ token: z.string(), role: z.enum(adminRoles), expiresAt: timestamp });

export const adminUser = z.object({
  userId: id,
  account: z.string(),
  realname: z.string(),
  kycStatus: z.enum(kycStatuses),
  accountType: z.enum(accountTypes),
  restrictions: z.array(z.enum(restrictions)),
  creditScore: z.number().int(),
  loanQuota: z.string(),
  dayTrading: z.boolean(),
  /** two-step verification is on (§23.1) */
  totpEnabled: z.boolean(),
  createdAt: timestamp,
  lastLoginAt: timestamp.nullable(),
});
export type AdminUser = z.infer<typeof adminUser>;

export const adminUserListRequest = z.object({
  keyword: z.string().trim().max(64).optional(),
  restriction: z.enum(restrictions).optional(),
  kycStatus: z.enum(kycStatuses).optional(),
  page,
  size,
});

export const adminUserDetailRequest = z.object({ userId: id });
export const adminUserDetail = adminUser.extend({
  accounts: z.array(currencyAccount),
  cards: z.array(z.record(z.string(), z.unknown())),
  wallets: z.array(z.record(z.string(), z.unknown())),
  idNumber: z.string().nullable(),
  inviterId: z.string().nullable(),
  invitedCount: z.number().int(),
});
export type AdminUserDetail = z.infer<typeof adminUserDetail>;

export const adminRestrictRequest = z
  .object({ userId: id, action: z.enum(restrictActions), restriction: z.enum(restrictions).optional(), reason })
  .refine((b) => b.action !== 'unblock' || b.restriction !== undefined, { message: 'required', path: ['restriction'] });

/** §23.1: turn a user's two-step verification off (audited; the user gets `message.security.totp_reset`). */
export const adminTotpResetRequest = z.object({ userId: id, reason });
export const adminSetAccountTypeRequest = z.object({ userId: id, accountType: z.enum(accountTypes), reason });
export const adminSetCreditScoreRequest = z.object({ userId: id, score: int.min(0).max(100), reason });

export const configItem = z.object({
  key: z.string(),
  value: z.unknown(),
  updatedAt: timestamp.nullable(),
  updatedBy: z.string().nullable(),
});
export type ConfigItem = z.infer<typeof configItem>;
export const configGetResponse = z.object({ list: z.array(configItem) });
export const configSetRequest = z.object({ key: z.string().min(1).max(100), value: z.unknown(), reason });

export const auditEntry = z.object({
  id,
  at: timestamp,
  actorId: z.string().nullable(),
  actorName: z.string().nullable(),
  role: z.string().nullable(),
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  reason: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  result: z.string(),
  ip: z.string().nullable(),
  requestId: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntry>;
export const auditListRequest = z.object({
  actorId: z.string().max(64).optional(),
  action: z.string().max(64).optional(),
  targetType: z.string().max(64).optional(),
  targetId: z.string().max(64).optional(),
  from: timestamp.optional(),
  to: timestamp.optional(),
  page,
  size,
});

/** Rights of docs/api.md §19.2. */
export const adminRights = [
  'review.read',
  'review.decide',
  'user.read',
  'user.freeze',
  'user.manage',
  'product.manage',
  'config.manage',
  'audit.read',
] as const;
export type AdminRight = (typeof adminRights)[number];

export const rightsOfRole: Record<AdminRole, readonly AdminRight[]> = {
  admin: adminRights,
  reviewer: ['review.read', 'review.decide', 'user.read'],
  support: ['review.read', 'user.read', 'user.freeze'],
};

/** The right a restrict action needs: freeze and login ban are support work, the rest admin only. */
export function rightForRestrictAction(action: z.infer<typeof adminRestrictRequest>['action']): AdminRight {
  return action === 'freeze' || action === 'login_ban' ? 'user.freeze' : 'user.manage';
}
