/**
 * The registry of review queues in the drawer: one file per queue, one line here. A queue's view renders
 * its own details and says what approving or rejecting does; the drawer (ReviewDetailDrawer) keeps the
 * common frame: the summary, the decision buttons with their reason, reloads and failures.
 */
import type { ReviewItem } from '@brokerage/contract';
import type { BuiltReviewQueue } from '../../../sections';
import { blockView } from './block';
import { dayTradeView } from './day-trade';
import { depositView } from './deposit';
import { kycView } from './kyc';
import { loanView } from './loan';
import type { QueueView } from './parts';
import { quotaView } from './quota';
import { withdrawView } from './withdraw';

export type { ImageSupport, QueueView } from './parts';
export { money } from './parts';

export const queueViews: { [Q in BuiltReviewQueue]: QueueView<Q> } = {
  kyc: kycView,
  deposit: depositView,
  withdraw: withdrawView,
  loan: loanView,
  quota: quotaView,
  block: blockView,
  day_trade: dayTradeView,
};

/**
 * The view of an item's queue. The map pairs each queue with the view of that queue's items, which
 * TypeScript cannot carry through an index by `item.queue`: the one widening cast is here.
 */
export function queueViewOf(item: ReviewItem): QueueView<ReviewItem['queue']> {
  return queueViews[item.queue] as QueueView<ReviewItem['queue']>;
}
