/**
 * The API client (spec §7, docs/api.md §1): every call is `POST /api/vue/<path>` with a JSON body,
 * the session headers and a 10 s timeout. It unwraps the envelope, toasts rejections and
 * success keys in the user's language, and handles 401 by clearing local storage and going
 * to the login screen after 2 s (spec §4, §8).
 */
import type { RequestOf, ResponseOf, UserEndpointName, userEndpoints } from '@brokerage/contract';
import { i18n } from '../i18n';
import { sessionStore } from '../store/session';
import { failureMessage, successMessage, type Translator } from './messages';

export const API_BASE = '/api/vue';
export const REQUEST_TIMEOUT_MS = 10_000;
export const TOAST_DURATION_MS = 2_000;
export const UNAUTHORISED_REDIRECT_MS = 2_000;

type PathOf<N extends UserEndpointName> = (typeof userEndpoints)[N]['path'];

/**
 * The paths of the user endpoints this app calls, checked against the contract at compile
 * time (a wrong path or an unknown name fails to compile). The contract grows as other areas
 * are built; an endpoint becomes callable here when a screen needs it.
 */
export const paths = {
  config: '/common/config',
  legal: '/common/legal',
  register: '/user/register',
  login: '/user/login',
  logout: '/user/logout',
  getUserinfo: '/user/getUserinfo',
  notice: '/user/notice',
  changePassword: '/user/changePassword',
  setFundPassword: '/user/setFundPassword',
  changeFundPassword: '/user/changeFundPassword',
  assets: '/user/assets',
  newsList: '/common/newsList',
  newsDetail: '/common/newsDetail',
  marketList: '/market/list',
  quote: '/market/quote',
  candles: '/market/candles',
  search: '/market/search',
  searchHistory: '/market/searchHistory',
  searchHistoryClear: '/market/searchHistoryClear',
  watchlist: '/market/watchlist',
  watchAdd: '/market/watchAdd',
  watchRemove: '/market/watchRemove',
  watchRemoveMany: '/market/watchRemoveMany',
  kycSubmit: '/user/kycSubmit',
  kycStatus: '/user/kycStatus',
  cardList: '/card/list',
  cardAdd: '/card/add',
  cardDelete: '/card/delete',
  walletAdd: '/wallet/add',
  walletDelete: '/wallet/delete',
  depositChannels: '/funds/depositChannels',
  deposit: '/funds/deposit',
  withdrawInfo: '/funds/withdrawInfo',
  withdraw: '/funds/withdraw',
  fundRecords: '/funds/records',
  rates: '/funds/rates',
  exchange: '/funds/exchange',
  statement: '/funds/statement',
  statementMonths: '/funds/statementMonths',
  statementRange: '/funds/statementRange',
  tradePreview: '/trade/preview',
  tradeBuy: '/trade/buy',
  tradeCancel: '/trade/cancel',
  tradeClose: '/trade/close',
  tradeSetTpSl: '/trade/setTpSl',
  userStockList: '/trade/userstocklist',
  tradeDetail: '/trade/detail',
  dayTradingApply: '/trade/dayTradingApply',
  dayTradingStatus: '/trade/dayTradingStatus',
  lendingProducts: '/lending/products',
  lendingApply: '/lending/apply',
  lendingRecords: '/lending/records',
  newShareList: '/newShare/list',
  newShareDetail: '/newShare/detail',
  newShareSubscribe: '/newShare/subscribe',
  newSharePay: '/newShare/pay',
  newShareWaive: '/newShare/waive',
  newShareRecords: '/newShare/records',
  newShareDrawProof: '/newShare/drawProof',
  blockList: '/block/list',
  blockApply: '/block/apply',
  blockApplications: '/block/applications',
  checkinDo: '/checkin/do',
  checkinStatus: '/checkin/status',
  inviteInfo: '/invite/info',
  loanRating: '/loan/rating',
  loanBorrow: '/loan/borrow',
  loanRepay: '/loan/repay',
  loanRaiseQuota: '/loan/raiseQuota',
  loanRecords: '/loan/records',
  copyList: '/copy/list',
  copyDetail: '/copy/detail',
  copySubscribe: '/copy/subscribe',
  copyMine: '/copy/mine',
  copyRedeem: '/copy/redeem',
  alertCreate: '/alert/create',
  alertList: '/alert/list',
  alertCancel: '/alert/cancel',
  pushConfig: '/push/config',
  pushSubscribe: '/push/subscribe',
  pushUnsubscribe: '/push/unsubscribe',
  pushPrefs: '/push/prefs',
  loginVerify: '/user/loginVerify',
  totpSetup: '/user/totpSetup',
  totpEnable: '/user/totpEnable',
  totpDisable: '/user/totpDisable',
  recoveryCodes: '/user/recoveryCodes',
  sessions: '/user/sessions',
  sessionRevoke: '/user/sessionRevoke',
  sessionRevokeOthers: '/user/sessionRevokeOthers',
  performance: '/user/performance',
  pnlCalendar: '/user/pnlCalendar',
  allocation: '/user/allocation',
  passkeyOptions: '/user/passkeyOptions',
  passkeyAdd: '/user/passkeyAdd',
  passkeys: '/user/passkeys',
  passkeyRemove: '/user/passkeyRemove',
  passkeyLoginOptions: '/user/passkeyLoginOptions',
  passkeyLogin: '/user/passkeyLogin',
  proofLatest: '/proof/latest',
  proofMine: '/proof/mine',
} as const satisfies { [N in UserEndpointName]?: PathOf<N> };

/** Endpoints the app can `call`. */
export type CallableEndpoint = keyof typeof paths;

export type ApiErrorKind = 'rejected' | 'unauthorised' | 'network' | 'timeout' | 'http';

export class ApiError extends Error {
  constructor(
    readonly kind: ApiErrorKind,
    message: string,
    readonly code?: string,
    readonly params: Record<string, unknown> = {},
    readonly httpStatus?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface CallOptions {
  /** Do not toast a rejection (the screen shows it itself). */
  silent?: boolean;
  /** Do not toast the success key. */
  quietSuccess?: boolean;
}

export const translator: Translator = {
  t: (key, params) => i18n.t(key, params ?? {}),
  exists: (key) => i18n.exists(key),
};

/**
 * A short message over the screen. antd-mobile's Toast (with its animation library) is loaded
 * the first time one is shown, not with the first screen (issue 16: first-route JavaScript).
 */
export function toast(content: string, durationMs = TOAST_DURATION_MS): void {
  void import('antd-mobile/es/components/toast').then(({ default: Toast }) => {
    Toast.show({ content, duration: durationMs });
  });
}

let unauthorisedTimer: ReturnType<typeof setTimeout> | null = null;

/** Spec §4/§8: a 401 clears all local storage and goes to /login/login after 2 s. */
export function handleUnauthorised(): void {
  if (unauthorisedTimer !== null) return;
  unauthorisedTimer = setTimeout(() => {
    unauthorisedTimer = null;
    // Forget the session in memory first, then clear storage, so nothing is written back after the clear.
    sessionStore.getState().forgetAll();
    try {
      localStorage.clear();
    } catch {
      // Storage may be unavailable (private mode); the in-memory session is already forgotten.
    }
    window.location.hash = '#/login/login';
  }, UNAUTHORISED_REDIRECT_MS);
}

/** The session headers of spec §6 (token, account, is-admin), plus the JSON content type unless `json` is false. */
export function sessionHeaders(json = true): Record<string, string> {
  const state = sessionStore.getState();
  const result: Record<string, string> = json ? { 'Content-Type': 'application/json' } : {};
  if (state.tokend) result.token = state.tokend;
  if (state.account) result.account = state.account;
  if (state.is_admin !== null && state.is_admin !== '') result['is-admin'] = state.is_admin;
  return result;
}

export interface RawEnvelope {
  status?: unknown;
  msg?: unknown;
  code?: unknown;
  params?: unknown;
  data?: unknown;
}

export function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/** Posts to any `/api/vue/` path; prefer `call` for endpoints the contract types. */
export async function post<T>(path: string, body: unknown = {}, options: CallOptions = {}): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method: 'POST',
      headers: sessionHeaders(),
      body: JSON.stringify(body ?? {}),
      signal: controller.signal,
    });
  } catch (error) {
    throw transportError(controller.signal.aborted, error, options);
  } finally {
    clearTimeout(timer);
  }

  let envelope: RawEnvelope | undefined;
  try {
    envelope = asRecord(await response.json()) as RawEnvelope | undefined;
  } catch {
    envelope = undefined;
  }
  return unwrap<T>(response.status, envelope, options);
}

/**
 * Turns an answer into its `data` or an `ApiError`: a 401 toasts and sends the user to login,
 * a rejection toasts its translated code (unless `silent`), a success toasts its key (unless
 * `quietSuccess`). Shared by JSON calls, uploads and file downloads.
 */
export function unwrap<T>(httpStatus: number, envelope: RawEnvelope | undefined, options: CallOptions = {}): T {
  if (httpStatus === 401) {
    const message = failureMessage(translator, {
      code: 'auth.required',
      msg: typeof envelope?.msg === 'string' ? envelope.msg : '',
    });
    toast(message);
    handleUnauthorised();
    throw new ApiError('unauthorised', message, 'auth.required', {}, 401);
  }

  if (envelope && envelope.status === 1) {
    const code = typeof envelope.code === 'string' ? envelope.code : undefined;
    if (!options.quietSuccess) {
      const text = successMessage(translator, code);
      if (text) toast(text);
    }
    return envelope.data as T;
  }

  const failure = {
    code: typeof envelope?.code === 'string' ? envelope.code : undefined,
    msg: typeof envelope?.msg === 'string' ? envelope.msg : undefined,
    params: asRecord(envelope?.params) ?? {},
  };
  const message = failureMessage(translator, failure);
  if (!options.silent) toast(message);
  throw new ApiError(envelope ? 'rejected' : 'http', message, failure.code, failure.params, httpStatus);
}

/** A network failure or a timeout as an `ApiError`, toasted unless `silent`. */
export function transportError(timedOut: boolean, cause: unknown, options: CallOptions = {}): ApiError {
  const message = translator.t(timedOut ? 'ui.error.timeout' : 'ui.error.network');
  if (!options.silent) toast(message);
  return new ApiError(timedOut ? 'timeout' : 'network', message, undefined, { cause: String(cause) });
}

/**
 * A money submission's answer is final when the server stored it (docs/api.md §1.6): a success or a
 * business rejection (HTTP 200). After anything else (network, timeout, 400, 401, 409, 429,
 * 500) the same `requestId` may and should be sent again.
 */
export function isFinalAnswer(error: unknown): boolean {
  return error instanceof ApiError && error.kind === 'rejected' && error.httpStatus === 200;
}

/** A file the server answered with (content-disposition attachment). */
export interface DownloadedFile {
  blob: Blob;
  filename: string;
}

/** The file name of a `content-disposition` header (`attachment; filename="x.csv"`), else `fallback`. */
export function filenameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(disposition);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // fall through to the plain form
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(disposition);
  return plain?.[1]?.trim() || fallback;
}

/**
 * Posts a JSON body to a call that answers with a file (the CSV statement): same headers,
 * timeout and 401 handling as `post`. A JSON answer instead of the file is a rejection.
 */
export async function postForFile(
  path: string,
  body: unknown,
  fallbackName: string,
  options: CallOptions = {},
): Promise<DownloadedFile> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  try {
    let response: Response;
    try {
      response = await fetch(`${API_BASE}${path}`, {
        method: 'POST',
        headers: sessionHeaders(),
        body: JSON.stringify(body ?? {}),
        signal: controller.signal,
      });
    } catch (error) {
      throw transportError(controller.signal.aborted, error, options);
    }
    const type = response.headers.get('content-type') ?? '';
    if (response.ok && !type.includes('application/json')) {
      const blob = await response.blob();
      return { blob, filename: filenameOf(response.headers.get('content-disposition'), fallbackName) };
    }
    let envelope: RawEnvelope | undefined;
    try {
      envelope = asRecord(await response.json()) as RawEnvelope | undefined;
    } catch {
      envelope = undefined;
    }
    // A status-1 envelope here means the server sent data instead of a file: not what was asked.
    if (envelope?.status === 1) envelope = { status: 0, msg: '', params: {} };
    return unwrap<never>(response.status, envelope, options);
  } finally {
    clearTimeout(timer);
  }
}

/** Calls a contract endpoint; request and answer types come from `@brokerage/contract`. */
export function call<N extends CallableEndpoint>(
  name: N,
  body: RequestOf<N>,
  options?: CallOptions,
): Promise<ResponseOf<N>> {
  return post<ResponseOf<N>>(paths[name], body, options);
}
