/**
 * What withdrawals need from the loan module (the kernel's `unpaidLoan` port; funds never imports loan): the
 * amount still owed on approved loans, or null when nothing is owed (§10.4 rule 6, `loan.unpaid`).
 * The credit score is not part of it and never reaches funds (§1.10).
 */
import type { Money } from '@brokerage/contract';
import type { Db } from '../../platform/db.js';

export type UnpaidLoanPort = (db: Db, userId: string) => Promise<{ outstanding: Money } | null>;
