import { describe, expect, it } from 'vitest';
import type { Tx } from '../../platform/db.js';
import type { AuthCache } from '../auth/index.js';
import { canKyc, initialKycSubmissionState, transitionKyc } from './kyc.states.js';

// a step the table does not list fails before any query: no database needed
const noDb = {} as Tx;
const noCache = {} as AuthCache;

describe('kyc states', () => {
  it('a submission starts pending', () => {
    expect(initialKycSubmissionState()).toBe('pending');
  });
  it('a status moves only along §3.4', async () => {
    expect(canKyc('verified', 'submit')).toBe(false);
    expect(canKyc('rejected', 'submit')).toBe(true);
    await expect(transitionKyc(noDb, noCache, 'u_1', 'none', 'approve')).rejects.toThrow(/no approve from none/);
    await expect(transitionKyc(noDb, noCache, 'u_1', 'verified', 'reject')).rejects.toThrow(/no reject from verified/);
  });
});
