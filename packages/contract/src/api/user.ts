/** `user` calls of docs/api.md §7.1–§7.8 and §7.11. */
import { z } from 'zod';
import { accountTypes, kycStatuses, noticeKinds, restrictions } from '../enums.js';
import { messageCodes } from '../messages.js';
import { refineSecondFactor, secondFactorFields } from './security.js';
import { currencies } from '../money.js';
import { fundPassword, id, page, password, phone, size, timestamp } from '../primitives.js';

export const registerRequest = z
  .object({
    phone,
    password,
    confirmPassword: z.string(),
    inviteCode: z.string().trim().min(4).max(32),
    agreementAccepted: z.boolean().refine((v) => v === true, 'not_accepted'),
    agreementVersion: z.string().min(1).max(32).optional(),
  })
  .refine((b) => b.password === b.confirmPassword, { message: 'mismatch', path: ['confirmPassword'] });
export type RegisterRequest = z.infer<typeof registerRequest>;

export const loginRequest = z.object({
  account: z.string().trim().min(1).max(32),
  password: z.string().min(1).max(64),
});

export const userInfo = z.object({
  id,
  account: z.string(),
  realname: z.string(),
  is_true: z.union([z.literal(0), z.literal(1)]),
  phone: z.string(),
  kycStatus: z.enum(kycStatuses),
  accountType: z.enum(accountTypes),
  hasFundPassword: z.boolean(),
  dayTrading: z.boolean(),
  inviteCode: z.string(),
  restrictions: z.array(z.enum(restrictions)),
  /** addition (§23.1): two-step verification is on, so protected calls need `code` or `recoveryCode` */
  totpEnabled: z.boolean(),
  createdAt: timestamp,
});
export type UserInfo = z.infer<typeof userInfo>;

export const loginResponse = z.object({
  token: z.string(),
  account: z.string(),
  expiresAt: timestamp,
  user: userInfo,
});
export type LoginResponse = z.infer<typeof loginResponse>;

export const emptyRequest = z.object({});
export const listRequestSchema = z.object({ page, size });

/**
 * A notice for everyone (`code` and `params` null, `content` sanitised HTML) or a personal
 * message (`code` and `params` from the message catalogue, translated and shown as text by the
 * client; `title` and `content` are its English rendering, plain text, for older clients).
 */
export const notice = z.object({
  id,
  kind: z.enum(noticeKinds),
  title: z.string(),
  content: z.string(),
  code: z.enum(messageCodes).nullable(),
  params: z.record(z.string(), z.string()).nullable(),
  createdAt: timestamp,
});
export type Notice = z.infer<typeof notice>;
export const noticeResponse = z.array(notice);

export const changePasswordRequest = z
  .object({
    oldPassword: z.string().min(1).max(64),
    newPassword: password,
    confirmPassword: z.string(),
    ...secondFactorFields,
  })
  .refine((b) => b.newPassword === b.confirmPassword, { message: 'mismatch', path: ['confirmPassword'] })
  .refine((b) => b.newPassword !== b.oldPassword, { message: 'same_as_old', path: ['newPassword'] })
  .superRefine(refineSecondFactor);

export const setFundPasswordRequest = z
  .object({ fundPassword, confirmFundPassword: z.string(), loginPassword: z.string().min(1).max(64) })
  .refine((b) => b.fundPassword === b.confirmFundPassword, { message: 'mismatch', path: ['confirmFundPassword'] });

export const changeFundPasswordRequest = z
  .object({
    oldFundPassword: z.string().min(1).max(64),
    newFundPassword: fundPassword,
    confirmFundPassword: z.string(),
    ...secondFactorFields,
  })
  .refine((b) => b.newFundPassword === b.confirmFundPassword, { message: 'mismatch', path: ['confirmFundPassword'] })
  .refine((b) => b.newFundPassword !== b.oldFundPassword, { message: 'same_as_old', path: ['newFundPassword'] })
  .superRefine(refineSecondFactor);

export const assetsRequest = z.object({ currency: z.enum(currencies).default('MXN') });
const amount = z.string();
export const currencyAccount = z.object({
  currency: z.enum(currencies),
  available: amount,
  frozen: amount,
  inTransit: amount,
  withdrawable: amount,
  positionsValue: amount,
  investValue: amount,
  totalAssets: amount,
  profit: amount,
});
export type CurrencyAccount = z.infer<typeof currencyAccount>;
export const assetsResponse = z.object({
  currency: z.enum(currencies),
  totalAssets: amount,
  available: amount,
  frozen: amount,
  inTransit: amount,
  withdrawable: amount,
  profit: amount,
  creditScore: z.number().int(),
  ratesAt: timestamp,
  accounts: z.array(currencyAccount),
});
export type Assets = z.infer<typeof assetsResponse>;
