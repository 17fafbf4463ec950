/**
 * What the log may hold of an error (issue 18): never the parameters of a failed statement, nor
 * the values PostgreSQL quotes in its messages and details (a user's ID number, a phone). An
 * error from the database keeps its type, SQLSTATE, statement text (placeholders only) and
 * constraint; every quoted value in a message or stack is replaced by "…".
 */

interface LoggedError {
  type: string;
  message: string;
  stack?: string;
  code?: string;
  query?: string;
  constraint?: string;
  table?: string;
  cause?: LoggedError;
}

const QUOTED = /"[^"\n]*"|'[^'\n]*'/g;

/** The parameters drizzle appends to a failed query's message (`\nparams: …`) up to the stack. */
function withoutParams(text: string): string {
  return text.replace(/\nparams: [^\n]*/g, '\nparams: [redacted]');
}

function scrub(text: string): string {
  return withoutParams(text).replace(QUOTED, '"…"');
}

function isSqlError(error: Record<string, unknown>): boolean {
  return typeof error.query === 'string' || (typeof error.code === 'string' && /^[0-9A-Z]{5}$/.test(error.code));
}

export function safeError(error: unknown, depth = 0): LoggedError | unknown {
  if (!(error instanceof Error) || depth > 4) return error;
  const e = error as Error & Record<string, unknown>;
  const sqlError = isSqlError(e) || depth > 0;
  const out: LoggedError = {
    type: e.name === 'Error' ? e.constructor.name : e.name,
    message: sqlError ? scrub(e.message) : withoutParams(e.message),
  };
  if (typeof e.stack === 'string') out.stack = sqlError ? scrub(e.stack) : withoutParams(e.stack);
  if (typeof e.code === 'string') out.code = e.code;
  if (typeof e.query === 'string') out.query = e.query;
  if (typeof e.constraint === 'string') out.constraint = e.constraint;
  if (typeof e.table === 'string') out.table = e.table;
  if (e.cause !== undefined) out.cause = safeError(e.cause, depth + 1) as LoggedError;
  return out;
}
