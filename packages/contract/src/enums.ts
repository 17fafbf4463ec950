/** The enumerations of docs/api.md §2. */
export const sides = ['long', 'short'] as const;
export const orderTypes = ['limit', 'market'] as const;
export const orderStates = ['pending', 'cancelled', 'holding', 'closing', 'locked', 'closed'] as const;
export const orderSources = ['order', 'ipo', 'block'] as const;
export const cancelReasons = ['user', 'expired'] as const;
export const closeReasons = ['user', 'take_profit', 'stop_loss', 'stop_out', 'delisting'] as const;
export const subscriptionStates = [
  'applied',
  'pending_draw',
  'won',
  'lost',
  'awaiting_payment',
  'paid',
  'waived',
  'payment_failed',
  'listed',
] as const;
export const reviewStates = ['pending', 'approved', 'rejected'] as const;
export const kycStatuses = ['none', 'pending', 'verified', 'rejected'] as const;
export const copyStates = ['active', 'ended'] as const;
export const lendingStates = ['active', 'completed', 'succeeded', 'failed'] as const;
export const instrumentStatuses = ['trading', 'halted', 'pre_listing', 'delisted'] as const;
export const markets = ['mxn', 'usd', 'eur', 'crypto', 'forex'] as const;
export const marketTabs = ['listed', 'otc', 'index', 'crypto', 'forex'] as const;
export const assetClasses = ['stock', 'index', 'crypto', 'forex'] as const;
export const boards = ['listed', 'otc'] as const;
export const periods = ['time_share', '5m', '15m', '30m', '1d', '1w', '1M'] as const;
export const adjustModes = ['none', 'forward', 'backward'] as const;
export const newShareKinds = ['ipo', 'placement', 'capital_increase'] as const;
export const paymentModes = ['prepaid', 'on_allotment'] as const;
export const blockKinds = ['block', 'agreement'] as const;
export const fundRecordTabs = ['trade', 'deposit', 'withdraw'] as const;
export const ledgerKinds = [
  'order_freeze',
  'order_release',
  'order_open',
  'order_close',
  'exchange_out',
  'exchange_in',
  'subscription_freeze',
  'subscription_release',
  'subscription_pay',
  'subscription_list',
  'block_freeze',
  'block_release',
  'block_open',
  'copy_in',
  'copy_out',
  'lending_freeze',
  'lending_release',
  'lending_match',
  'lending_payout',
  'loan_in',
  'loan_repay',
] as const;
export const channelTypes = ['bank', 'crypto'] as const;
export const accountTypes = ['standard', 'institutional', 'dma'] as const;
export const restrictions = ['frozen', 'login_banned', 'disabled', 'trade_blocked', 'withdraw_blocked'] as const;
export const newsCategories = ['top', 'stock'] as const;
export const noticeKinds = ['notice', 'message'] as const;
export const legalKinds = ['agreement', 'privacy', 'about'] as const;
export const uploadPurposes = ['kyc_front', 'kyc_back', 'deposit_proof', 'wallet_qr'] as const;
export const reviewQueues = ['deposit', 'withdraw', 'kyc', 'loan', 'quota', 'block', 'day_trade'] as const;
export const adminRoles = ['admin', 'reviewer', 'support'] as const;
export const languages = ['en', 'de', 'zh', 'esp', 'kor'] as const;
export const restrictActions = ['freeze', 'login_ban', 'disable', 'trade_block', 'withdraw_block', 'unblock'] as const;

export type Side = (typeof sides)[number];
export type OrderType = (typeof orderTypes)[number];
export type OrderSource = (typeof orderSources)[number];
export type CancelReason = (typeof cancelReasons)[number];
export type CloseReason = (typeof closeReasons)[number];
export type OrderState = (typeof orderStates)[number];
export type SubscriptionState = (typeof subscriptionStates)[number];
export type ReviewState = (typeof reviewStates)[number];
export type KycStatus = (typeof kycStatuses)[number];
export type CopyState = (typeof copyStates)[number];
export type LendingState = (typeof lendingStates)[number];
export type InstrumentStatus = (typeof instrumentStatuses)[number];
export type Market = (typeof markets)[number];
export type AccountType = (typeof accountTypes)[number];
export type Restriction = (typeof restrictions)[number];
export type NoticeKind = (typeof noticeKinds)[number];
export type LegalKind = (typeof legalKinds)[number];
export type UploadPurpose = (typeof uploadPurposes)[number];
export type ReviewQueue = (typeof reviewQueues)[number];
export type AdminRole = (typeof adminRoles)[number];
export type Language = (typeof languages)[number];
export type RestrictAction = (typeof restrictActions)[number];
export type LedgerKind = (typeof ledgerKinds)[number];
export type NewShareKind = (typeof newShareKinds)[number];
export type PaymentMode = (typeof paymentModes)[number];
export type BlockKind = (typeof blockKinds)[number];

/** What each restrict action sets (docs/api.md §19.4); `unblock` lifts the named restriction instead. */
export const restrictionOfAction: Record<Exclude<RestrictAction, 'unblock'>, Restriction> = {
  freeze: 'frozen',
  login_ban: 'login_banned',
  disable: 'disabled',
  trade_block: 'trade_blocked',
  withdraw_block: 'withdraw_blocked',
};

/** Restrictions that refuse login and revoke every session (docs/api.md §2). */
export const sessionRevokingRestrictions: readonly Restriction[] = ['frozen', 'login_banned', 'disabled'];
