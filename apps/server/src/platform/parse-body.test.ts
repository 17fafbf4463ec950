import { DomainError } from './errors.js';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseBody } from './http.js';

describe('parseBody of an empty body (the cached parse of {})', () => {
  const listRequest = z.object({ page: z.number().int().default(1), size: z.number().int().default(20) });

  it('answers the defaults, as a fresh object each time', () => {
    const first = parseBody(listRequest, {});
    expect(first).toEqual({ page: 1, size: 20 });
    first.page = 99;
    expect(parseBody(listRequest, undefined)).toEqual({ page: 1, size: 20 });
  });

  it('still refuses {} where a field is required, every time', () => {
    const needsId = z.object({ orderId: z.string() });
    for (let i = 0; i < 2; i += 1) {
      const error = (() => {
        try {
          parseBody(needsId, {});
        } catch (e) {
          return e;
        }
        return null;
      })();
      expect(error).toBeInstanceOf(DomainError);
      expect((error as DomainError).params).toEqual({ fields: { orderId: 'required' } });
    }
  });

  it('parses a non-empty body normally', () => {
    expect(parseBody(listRequest, { page: 3 })).toEqual({ page: 3, size: 20 });
    expect(() => parseBody(listRequest, { page: 'x' })).toThrow(DomainError);
  });

  it('does not cache nested defaults (a shared array would leak between calls)', () => {
    const withArray = z.object({ states: z.array(z.string()).default(['pending']) });
    const first = parseBody(withArray, {});
    first.states.push('holding');
    expect(parseBody(withArray, {})).toEqual({ states: ['pending'] });
  });
});
