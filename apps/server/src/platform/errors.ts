/**
 * Refusals are data: a business rule that says no throws a DomainError with a catalogue code
 * and typed params. Bugs are not refusals: a broken invariant goes through `invariant`, which
 * surfaces as `server.error` with the request id and never leaks internals.
 */
import type { Code, FieldReason } from '@brokerage/contract';

export class DomainError extends Error {
  constructor(
    readonly code: Code,
    readonly params: Record<string, unknown> = {},
  ) {
    super(code);
    this.name = 'DomainError';
  }
}

/** 400 `request.invalid` with per-field reasons, for checks a schema cannot express (uploads, cross-field rules). */
export class InvalidRequest extends DomainError {
  constructor(fields: Record<string, FieldReason>) {
    super('request.invalid', { fields });
    this.name = 'InvalidRequest';
  }
}

export class InvariantError extends Error {
  constructor(message: string) {
    super(`Invariant failed: ${message}`);
    this.name = 'InvariantError';
  }
}

export function invariant(condition: unknown, message: string): asserts condition {
  if (!condition) throw new InvariantError(message);
}
