/**
 * The back-office API client (docs/api.md §19.1): every call is `POST /api/admin/<path>` with a JSON body and
 * `Authorization: Bearer <adminToken>`. It unwraps the envelope of §1.3: `status: 1` gives `data` (and the
 * success key), `status: 0` throws an `ApiError` carrying `code`, `msg` and `params`. A 401 ends the
 * session and sends the operator to the login page. Errors are shown as a toast with the server's English
 * `msg`, unless the caller shows them itself.
 */
import { message as staticMessage } from 'antd';
import {
  adminEndpoints,
  type AdminEndpointName,
  type AdminRequestOf,
  type Code,
  type Envelope,
  type ListPage,
} from '@brokerage/contract';
import { describeInvalidFields } from './field-reasons';
import { clearSession, getSession } from './session';

export const adminApiBase = '/api/admin';
/** docs/api.md §1.1: the client gives up after 10 s. */
const timeoutMs = 10_000;

/** The parsed answer schema of an endpoint, without importing zod here. */
type ResponseSchemaOf<N extends AdminEndpointName> = ReturnType<(typeof adminEndpoints)[N]['response']['parse']>;
/** List endpoints declare their item schema; the answer is a list page of those (docs/api.md §1.5). */
type ListEndpointName = 'userList' | 'auditList';
export type AdminDataOf<N extends AdminEndpointName> = N extends ListEndpointName
  ? ListPage<ResponseSchemaOf<N>>
  : ResponseSchemaOf<N>;

export interface AdminAnswer<N extends AdminEndpointName> {
  data: AdminDataOf<N>;
  /** The success key (`result.update.ok`) or `list.empty`, when the server sends one. */
  code: Code | undefined;
}

/** A refused or failed call. `code` is a catalogue key, or `network.error` when no answer arrived. */
export class ApiError extends Error {
  readonly code: Code | 'network.error';
  readonly params: Record<string, unknown>;
  readonly httpStatus: number | null;

  constructor(code: Code | 'network.error', msg: string, params: Record<string, unknown>, httpStatus: number | null) {
    super(msg);
    this.name = 'ApiError';
    this.code = code;
    this.params = params;
    this.httpStatus = httpStatus;
  }

  /** The text for a toast: `msg`, and for `request.invalid` each bad field with its reason. */
  get displayText(): string {
    if (this.code !== 'request.invalid') return this.message;
    const fields = describeInvalidFields(this.params);
    return fields ? `${this.message} ${fields}` : this.message;
  }
}

interface Notifier {
  error: (text: string) => unknown;
}

// Replaced by the App's context-aware message API once it mounts (see NotifierBridge); the static one
// covers calls made before that.
let notifier: Notifier = { error: (text) => staticMessage.error(text) };

export function setErrorNotifier(next: Notifier): void {
  notifier = next;
}

export interface CallOptions {
  /**
   * Whether to toast a failure. A function decides per error, so a form can show `request.invalid`
   * fields inline and still toast everything else. Default: toast every failure.
   */
  notify?: boolean | ((error: ApiError) => boolean);
}

function shouldNotify(options: CallOptions, error: ApiError): boolean {
  const { notify = true } = options;
  return typeof notify === 'function' ? notify(error) : notify;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function goToLogin(): void {
  if (typeof window === 'undefined') return;
  if (!window.location.hash.startsWith('#/login')) window.location.hash = '#/login';
}

async function send(path: string, body: unknown): Promise<{ httpStatus: number; payload: unknown }> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json' };
  const session = getSession();
  if (session) headers.Authorization = `Bearer ${session.token}`;
  let response: Response;
  try {
    response = await fetch(`${adminApiBase}${path}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body ?? {}),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (cause) {
    const timedOut = cause instanceof DOMException && cause.name === 'TimeoutError';
    throw new ApiError(
      'network.error',
      timedOut
        ? 'The server did not answer in time. Please try again.'
        : 'Cannot reach the server. Check the connection.',
      {},
      null,
    );
  }
  let payload: unknown = null;
  try {
    payload = await response.json();
  } catch {
    payload = null;
  }
  return { httpStatus: response.status, payload };
}

function toError(httpStatus: number, payload: unknown): ApiError {
  if (isRecord(payload) && payload.status === 0 && typeof payload.code === 'string') {
    const msg = typeof payload.msg === 'string' && payload.msg ? payload.msg : payload.code;
    return new ApiError(payload.code as Code, msg, isRecord(payload.params) ? payload.params : {}, httpStatus);
  }
  // A proxy error page or an empty body: no envelope to read.
  if (httpStatus === 401) return new ApiError('auth.required', 'Please log in.', {}, httpStatus);
  return new ApiError('server.error', `Unexpected answer from the server (HTTP ${httpStatus}).`, {}, httpStatus);
}

/** Calls one back-office endpoint and returns its `data` with the success key. */
export async function adminCall<N extends AdminEndpointName>(
  name: N,
  body: AdminRequestOf<N>,
  options: CallOptions = {},
): Promise<AdminAnswer<N>> {
  const { path } = adminEndpoints[name];
  try {
    const { httpStatus, payload } = await send(path, body);
    if (httpStatus === 401) {
      clearSession();
      goToLogin();
    }
    if (httpStatus >= 200 && httpStatus < 300 && isRecord(payload) && payload.status === 1) {
      const ok = payload as unknown as Envelope<AdminDataOf<N>> & { status: 1 };
      return { data: ok.data, code: ok.code };
    }
    throw toError(httpStatus, payload);
  } catch (error) {
    const apiError = error instanceof ApiError ? error : new ApiError('server.error', String(error), {}, null);
    if (shouldNotify(options, apiError)) notifier.error(apiError.displayText);
    throw apiError;
  }
}

/** Calls one endpoint and returns only its `data`. */
export async function adminData<N extends AdminEndpointName>(
  name: N,
  body: AdminRequestOf<N>,
  options: CallOptions = {},
): Promise<AdminDataOf<N>> {
  return (await adminCall(name, body, options)).data;
}
