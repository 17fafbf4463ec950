/**
 * Values that are ready now on the hot path (a cached session, an in-memory rate counter, a cached
 * user) and a promise otherwise. `andThen` goes on at once when the value is ready, so a call that
 * finds everything cached is answered without a promise or a microtask hop (docs/performance.md).
 */
export type MaybePromise<T> = T | PromiseLike<T>;

function isPromiseLike<T>(value: MaybePromise<T>): value is PromiseLike<T> {
  return typeof (value as { then?: unknown } | null | undefined)?.then === 'function';
}

/** `next(value)`: now when `value` is ready, once it settles when it is a promise (a rejection skips `next`). */
export function andThen<T, R>(value: MaybePromise<T>, next: (value: T) => MaybePromise<R>): MaybePromise<R> {
  return isPromiseLike(value) ? Promise.resolve(value).then(next) : next(value);
}
