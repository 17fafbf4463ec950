/**
 * The API client (spec §7, API.md §1): every call is `POST /api/vue/<path>` with a JSON body,
 * the session headers and a 10 s timeout. It unwraps the envelope, toasts rejections and
 * success keys in the user's language, and handles 401 by clearing local storage and going
 * to the login screen after 2 s (spec §4, §8).
 */
import type { RequestOf, ResponseOf, UserEndpointName, userEndpoints } from '@brokerage/contract';
import { Toast } from 'antd-mobile';
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

export function toast(content: string): void {
  Toast.show({ content, duration: TOAST_DURATION_MS });
}

let unauthorisedTimer: ReturnType<typeof setTimeout> | null = null;

/** Spec §4/§8: a 401 clears all local storage and goes to /login/login after 2 s. */
function handleUnauthorised(): void {
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

function headers(): Record<string, string> {
  const state = sessionStore.getState();
  const result: Record<string, string> = { 'Content-Type': 'application/json' };
  if (state.tokend) result.token = state.tokend;
  if (state.account) result.account = state.account;
  if (state.is_admin !== null && state.is_admin !== '') result['is-admin'] = state.is_admin;
  return result;
}

interface RawEnvelope {
  status?: unknown;
  msg?: unknown;
  code?: unknown;
  params?: unknown;
  data?: unknown;
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

/** Posts to any `/api/vue/` path; prefer `call` for endpoints the contract types. */
export async function post<T>(path: string, body: unknown = {}, options: CallOptions = {}): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method: 'POST',
      headers: headers(),
      body: JSON.stringify(body ?? {}),
      signal: controller.signal,
    });
  } catch (error) {
    const timedOut = controller.signal.aborted;
    const message = translator.t(timedOut ? 'ui.error.timeout' : 'ui.error.network');
    if (!options.silent) toast(message);
    throw new ApiError(timedOut ? 'timeout' : 'network', message, undefined, { cause: String(error) });
  } finally {
    clearTimeout(timer);
  }

  let envelope: RawEnvelope | undefined;
  try {
    envelope = asRecord(await response.json()) as RawEnvelope | undefined;
  } catch {
    envelope = undefined;
  }

  if (response.status === 401) {
    const message = failureMessage(translator, { code: 'auth.required', msg: typeof envelope?.msg === 'string' ? envelope.msg : '' });
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
  throw new ApiError(envelope ? 'rejected' : 'http', message, failure.code, failure.params, response.status);
}

/** Calls a contract endpoint; request and answer types come from `@brokerage/contract`. */
export function call<N extends CallableEndpoint>(name: N, body: RequestOf<N>, options?: CallOptions): Promise<ResponseOf<N>> {
  return post<ResponseOf<N>>(paths[name], body, options);
}
