/** The credit-loan module (docs/api.md §16.1–§16.5, §3.3 `loan` and `quota` queues). */
export { createLoanModule } from './loan.module.js';
export { registerLoanRoutes } from './loan.routes.js';
export { loanReviewQueue, quotaReviewQueue, type LoanReviewDeps } from './loan.review.js';
export { unpaidLoanPort, type CheckinCounter, type LoanDeps } from './loan.service.js';
export { daysBetween, loanPosition, splitRepayment, type LoanBalances, type LoanPosition } from './loan.interest.js';
