/**
 * The endpoint registry: one place that names each call's path, its auth, its request and
 * answer schemas and its success key. The server registers routes from it, the OpenAPI
 * document is generated from it, and the clients type their calls with it.
 */
import type { z } from 'zod';
import type { Code } from '../codes.js';
import * as admin from './admin.js';
import * as common from './common.js';
import * as user from './user.js';
import type { AdminRight } from './admin.js';

export interface UserEndpoint {
  path: string;
  auth: 'yes' | 'no' | 'opt';
  summary: string;
  request: z.ZodType;
  response: z.ZodType;
  success?: Code;
  usesRequestId?: boolean;
}

export interface AdminEndpoint {
  path: string;
  /** null: no admin session needed (login). */
  right: AdminRight | null;
  /** Changes data: requires `reason`, answers `result.update.ok`. */
  mutating: boolean;
  summary: string;
  request: z.ZodType;
  response: z.ZodType;
}

export const userEndpoints = {
  config: { path: '/common/config', auth: 'no', summary: 'Public configuration entries', request: common.configRequest, response: common.configResponse },
  legal: { path: '/common/legal', auth: 'no', summary: 'User agreement, privacy policy or about page', request: common.legalRequest, response: common.legalResponse },
  register: { path: '/user/register', auth: 'no', summary: 'Register with an invitation or organisation code', request: user.registerRequest, response: user.loginResponse, success: 'result.register.ok' },
  login: { path: '/user/login', auth: 'no', summary: 'Log in with phone and password', request: user.loginRequest, response: user.loginResponse, success: 'result.login.ok' },
  logout: { path: '/user/logout', auth: 'yes', summary: 'Revoke the current session', request: user.emptyRequest, response: user.emptyRequest.nullable() },
  getUserinfo: { path: '/user/getUserinfo', auth: 'yes', summary: 'The session user', request: user.emptyRequest, response: user.userInfo },
  notice: { path: '/user/notice', auth: 'yes', summary: 'Notices and personal messages, newest first', request: user.emptyRequest, response: user.noticeResponse },
  changePassword: { path: '/user/changePassword', auth: 'yes', summary: 'Change the login password; revokes other sessions', request: user.changePasswordRequest, response: user.emptyRequest.nullable(), success: 'result.update.ok' },
  setFundPassword: { path: '/user/setFundPassword', auth: 'yes', summary: 'Set the fund password once', request: user.setFundPasswordRequest, response: user.emptyRequest.nullable(), success: 'result.update.ok' },
  changeFundPassword: { path: '/user/changeFundPassword', auth: 'yes', summary: 'Change the fund password', request: user.changeFundPasswordRequest, response: user.emptyRequest.nullable(), success: 'result.update.ok' },
  assets: { path: '/user/assets', auth: 'yes', summary: 'Balances per currency from the ledger', request: user.assetsRequest, response: user.assetsResponse },
} as const satisfies Record<string, UserEndpoint>;

export const adminEndpoints = {
  login: { path: '/auth/login', right: null, mutating: false, summary: 'Back-office login', request: admin.adminLoginRequest, response: admin.adminLoginResponse },
  logout: { path: '/auth/logout', right: null, mutating: false, summary: 'Back-office logout', request: user.emptyRequest, response: user.emptyRequest.nullable() },
  userList: { path: '/user/list', right: 'user.read', mutating: false, summary: 'Search users', request: admin.adminUserListRequest, response: admin.adminUser },
  userDetail: { path: '/user/detail', right: 'user.read', mutating: false, summary: 'One user with balances (audited read)', request: admin.adminUserDetailRequest, response: admin.adminUserDetail },
  userRestrict: { path: '/user/restrict', right: 'user.read', mutating: true, summary: 'Set or lift a restriction', request: admin.adminRestrictRequest, response: admin.adminUser },
  setAccountType: { path: '/user/setAccountType', right: 'user.manage', mutating: true, summary: 'Change the account type', request: admin.adminSetAccountTypeRequest, response: admin.adminUser },
  setCreditScore: { path: '/user/setCreditScore', right: 'user.manage', mutating: true, summary: 'Change the credit score', request: admin.adminSetCreditScoreRequest, response: admin.adminUser },
  configGet: { path: '/config/get', right: 'config.manage', mutating: false, summary: 'Every config key with its effective value', request: user.emptyRequest, response: admin.configGetResponse },
  configSet: { path: '/config/set', right: 'config.manage', mutating: true, summary: 'Set one config key', request: admin.configSetRequest, response: admin.configItem },
  auditList: { path: '/audit/list', right: 'audit.read', mutating: false, summary: 'The append-only audit log', request: admin.auditListRequest, response: admin.auditEntry },
} as const satisfies Record<string, AdminEndpoint>;

export type UserEndpointName = keyof typeof userEndpoints;
export type AdminEndpointName = keyof typeof adminEndpoints;
export type RequestOf<N extends UserEndpointName> = z.input<(typeof userEndpoints)[N]['request']>;
export type ResponseOf<N extends UserEndpointName> = z.output<(typeof userEndpoints)[N]['response']>;
export type AdminRequestOf<N extends AdminEndpointName> = z.input<(typeof adminEndpoints)[N]['request']>;
