/**
 * The endpoint registry: one place that names each call's path, its auth, its request and
 * answer schemas and its success key. The server registers routes from it, the OpenAPI
 * document is generated from it, and the clients type their calls with it.
 */
import { z } from 'zod';
import type { Code } from '../codes.js';
import * as admin from './admin.js';
import * as common from './common.js';
import * as funds from './funds.js';
import * as trade from './trade.js';
import * as lending from './lending.js';
import * as market from './market.js';
import * as newshare from './newshare.js';
import * as block from './block.js';
import * as copy from './copy.js';
import * as engagement from './engagement.js';
import * as loan from './loan.js';
import { listPage } from '../primitives.js';
import * as user from './user.js';
import type { AdminRight } from './admin.js';

export interface UserEndpoint {
  path: string;
  auth: 'yes' | 'no' | 'opt';
  summary: string;
  request: z.ZodType;
  response: z.ZodType;
  success?: Code;
  usesRequestId?: boolean;
}

export interface AdminEndpoint {
  path: string;
  /** null: no admin session needed (login). */
  right: AdminRight | null;
  /** Changes data: requires `reason`, answers `result.update.ok`. */
  mutating: boolean;
  summary: string;
  request: z.ZodType;
  response: z.ZodType;
}

export const userEndpoints = {
  config: { path: '/common/config', auth: 'no', summary: 'Public configuration entries', request: common.configRequest, response: common.configResponse },
  legal: { path: '/common/legal', auth: 'no', summary: 'User agreement, privacy policy or about page', request: common.legalRequest, response: common.legalResponse },
  register: { path: '/user/register', auth: 'no', summary: 'Register with an invitation or organisation code', request: user.registerRequest, response: user.loginResponse, success: 'result.register.ok' },
  login: { path: '/user/login', auth: 'no', summary: 'Log in with phone and password', request: user.loginRequest, response: user.loginResponse, success: 'result.login.ok' },
  logout: { path: '/user/logout', auth: 'yes', summary: 'Revoke the current session', request: user.emptyRequest, response: user.emptyRequest.nullable() },
  getUserinfo: { path: '/user/getUserinfo', auth: 'yes', summary: 'The session user', request: user.emptyRequest, response: user.userInfo },
  notice: { path: '/user/notice', auth: 'yes', summary: 'Notices and personal messages, newest first', request: user.emptyRequest, response: user.noticeResponse },
  changePassword: { path: '/user/changePassword', auth: 'yes', summary: 'Change the login password; revokes other sessions', request: user.changePasswordRequest, response: user.emptyRequest.nullable(), success: 'result.update.ok' },
  setFundPassword: { path: '/user/setFundPassword', auth: 'yes', summary: 'Set the fund password once', request: user.setFundPasswordRequest, response: user.emptyRequest.nullable(), success: 'result.update.ok' },
  changeFundPassword: { path: '/user/changeFundPassword', auth: 'yes', summary: 'Change the fund password', request: user.changeFundPasswordRequest, response: user.emptyRequest.nullable(), success: 'result.update.ok' },
  assets: { path: '/user/assets', auth: 'yes', summary: 'Balances per currency from the ledger', request: user.assetsRequest, response: user.assetsResponse },
  newsList: { path: '/common/newsList', auth: 'no', summary: 'News of one category, newest first', request: market.newsListRequest, response: listPage(market.newsItem) },
  newsDetail: { path: '/common/newsDetail', auth: 'no', summary: 'One news item with its content', request: market.newsDetailRequest, response: market.newsDetail },
  marketList: { path: '/market/list', auth: 'opt', summary: 'Instruments of one market tab', request: market.marketListRequest, response: listPage(market.instrumentSummary) },
  quote: { path: '/market/quote', auth: 'opt', summary: 'One instrument with its market rules', request: market.instrumentRequest, response: market.quoteResponse },
  candles: { path: '/market/candles', auth: 'no', summary: 'Bars of one period, oldest first', request: market.candlesRequest, response: market.candlesResponse },
  search: { path: '/market/search', auth: 'opt', summary: 'Search by code prefix or name', request: market.searchRequest, response: listPage(market.instrumentSummary) },
  searchHistory: { path: '/market/searchHistory', auth: 'yes', summary: 'Recent search keywords', request: user.listRequestSchema, response: listPage(market.searchHistoryItem) },
  searchHistoryClear: { path: '/market/searchHistoryClear', auth: 'yes', summary: 'Clear the search history', request: user.emptyRequest, response: user.emptyRequest.nullable(), success: 'result.delete.ok' },
  watchlist: { path: '/market/watchlist', auth: 'yes', summary: 'The watchlist, newest first', request: user.listRequestSchema, response: listPage(market.watchlistItem) },
  watchAdd: { path: '/market/watchAdd', auth: 'yes', summary: 'Add to the watchlist', request: market.instrumentRequest, response: user.emptyRequest.nullable(), success: 'result.add.ok' },
  watchRemove: { path: '/market/watchRemove', auth: 'yes', summary: 'Remove from the watchlist', request: market.instrumentRequest, response: user.emptyRequest.nullable(), success: 'result.delete.ok' },
  watchRemoveMany: { path: '/market/watchRemoveMany', auth: 'yes', summary: 'Remove several (select all + delete)', request: market.watchRemoveManyRequest, response: market.watchRemoveManyResponse, success: 'result.delete.ok' },
  kycSubmit: { path: '/user/kycSubmit', auth: 'yes', summary: 'Submit the real-name verification', request: funds.kycSubmitRequest, response: funds.kycStatusResponse, success: 'result.submit.ok' },
  kycStatus: { path: '/user/kycStatus', auth: 'yes', summary: 'The real-name verification state', request: user.emptyRequest, response: funds.kycStatusResponse },
  cardList: { path: '/card/list', auth: 'yes', summary: 'Bound cards and wallets', request: user.emptyRequest, response: funds.cardListResponse },
  cardAdd: { path: '/card/add', auth: 'yes', summary: 'Bind a bank card in the verified name', request: funds.cardAddRequest, response: funds.card, success: 'result.add.ok' },
  cardDelete: { path: '/card/delete', auth: 'yes', summary: 'Remove a bank card', request: funds.cardDeleteRequest, response: user.emptyRequest.nullable(), success: 'result.delete.ok' },
  walletAdd: { path: '/wallet/add', auth: 'yes', summary: 'Bind a crypto wallet', request: funds.walletAddRequest, response: funds.wallet, success: 'result.add.ok' },
  walletDelete: { path: '/wallet/delete', auth: 'yes', summary: 'Unbind a crypto wallet', request: funds.walletDeleteRequest, response: user.emptyRequest.nullable(), success: 'result.unbind.ok' },
  depositChannels: { path: '/funds/depositChannels', auth: 'yes', summary: 'Configured deposit channels', request: funds.depositChannelsRequest, response: funds.depositChannelsResponse },
  deposit: { path: '/funds/deposit', auth: 'yes', summary: 'Report a deposit with its proof', request: funds.depositRequest, response: funds.depositRecord, success: 'result.deposit.ok', usesRequestId: true },
  withdrawInfo: { path: '/funds/withdrawInfo', auth: 'yes', summary: 'Limits, window and every rule that could hold a withdrawal', request: funds.withdrawInfoRequest, response: funds.withdrawInfoResponse },
  withdraw: { path: '/funds/withdraw', auth: 'yes', summary: 'Request a withdrawal (amount frozen until review)', request: funds.withdrawRequest, response: funds.withdrawRecord, success: 'result.withdraw.ok', usesRequestId: true },
  fundRecords: { path: '/funds/records', auth: 'yes', summary: 'Trade, deposit and withdrawal records', request: funds.fundRecordsRequest, response: listPage(z.union([funds.ledgerRecord, funds.depositRecord, funds.withdrawRecord])) },
  rates: { path: '/funds/rates', auth: 'no', summary: 'Exchange rates from the feed with the spread', request: funds.ratesRequest, response: funds.ratesResponse },
  exchange: { path: '/funds/exchange', auth: 'yes', summary: 'Exchange between own currency accounts', request: funds.exchangeRequest, response: funds.exchangeResponse, success: 'result.exchange.ok', usesRequestId: true },
  statement: { path: '/funds/statement', auth: 'yes', summary: 'Account statement for a date range (JSON or CSV)', request: funds.statementRequest, response: funds.statementResponse },
  tradePreview: { path: '/trade/preview', auth: 'yes', summary: 'Fees, margin and the all-in ticket of an order', request: trade.previewRequest, response: trade.previewResponse },
  tradeBuy: { path: '/trade/buy', auth: 'yes', summary: 'Place an order, long or short', request: trade.buyRequest, response: trade.order, success: 'result.buy.ok', usesRequestId: true },
  tradeCancel: { path: '/trade/cancel', auth: 'yes', summary: 'Cancel a pending order', request: trade.orderActionRequest, response: trade.order, success: 'result.cancel.ok', usesRequestId: true },
  tradeClose: { path: '/trade/close', auth: 'yes', summary: 'Close a position at the current price', request: trade.orderActionRequest, response: trade.order, success: 'result.close.ok', usesRequestId: true },
  tradeSetTpSl: { path: '/trade/setTpSl', auth: 'yes', summary: 'Set or clear take-profit and stop-loss', request: trade.setTpSlRequest, response: trade.order, success: 'result.edit.ok' },
  userStockList: { path: '/trade/userstocklist', auth: 'yes', summary: 'Positions and orders of one market', request: trade.userStockListRequest, response: trade.userStockListResponse },
  tradeDetail: { path: '/trade/detail', auth: 'yes', summary: 'One order with its history', request: trade.orderIdRequest, response: trade.orderDetailResponse },
  dayTradingApply: { path: '/trade/dayTradingApply', auth: 'yes', summary: 'Apply for day trading (seat account)', request: user.emptyRequest, response: lending.dayTradingApplyResponse, success: 'result.submit.ok' },
  dayTradingStatus: { path: '/trade/dayTradingStatus', auth: 'yes', summary: 'Whether day trading is enabled, with the latest application', request: user.emptyRequest, response: lending.dayTradingStatusResponse },
  newShareList: { path: '/newShare/list', auth: 'opt', summary: 'New shares of one kind, soonest application deadline first', request: newshare.newShareListRequest, response: listPage(newshare.newShareSummary) },
  newShareDetail: { path: '/newShare/detail', auth: 'opt', summary: "One new share, with the caller's applications when signed in", request: newshare.newShareDetailRequest, response: newshare.newShare },
  newShareSubscribe: { path: '/newShare/subscribe', auth: 'yes', summary: 'Apply for a new share (prepaid: the amount is frozen)', request: newshare.newShareSubscribeRequest, response: newshare.subscriptionRecord, success: 'result.subscribe.ok', usesRequestId: true },
  newSharePay: { path: '/newShare/pay', auth: 'yes', summary: 'Pay for an allotment awaiting payment', request: newshare.subscriptionPayRequest, response: newshare.subscriptionRecord, success: 'result.submit.ok', usesRequestId: true },
  newShareWaive: { path: '/newShare/waive', auth: 'yes', summary: 'Give up an allotment awaiting payment', request: newshare.subscriptionWaiveRequest, response: newshare.subscriptionRecord, success: 'result.submit.ok' },
  newShareRecords: { path: '/newShare/records', auth: 'yes', summary: 'Own subscriptions, newest first', request: newshare.subscriptionRecordsRequest, response: listPage(newshare.subscriptionRecord) },
  newShareDrawProof: { path: '/newShare/drawProof', auth: 'no', summary: 'The draw seed and the anonymised applications, to recompute every allotment', request: newshare.drawProofRequest, response: newshare.drawProof },
  blockList: { path: '/block/list', auth: 'yes', summary: 'Block-trade and agreement products, with the caller\'s remaining daily limit', request: block.blockListRequest, response: listPage(block.blockProduct) },
  blockApply: { path: '/block/apply', auth: 'yes', summary: 'Apply with the secret key; amount + fee is frozen until the review', request: block.blockApplyRequest, response: block.blockApplication, success: 'result.submit.ok', usesRequestId: true },
  blockApplications: { path: '/block/applications', auth: 'yes', summary: 'Own block-trade applications, newest first', request: block.blockApplicationsRequest, response: listPage(block.blockApplication) },
  copyList: { path: '/copy/list', auth: 'opt', summary: 'Copy-trading funds, open ones first', request: copy.copyListRequest, response: listPage(copy.copyFund) },
  copyDetail: { path: '/copy/detail', auth: 'opt', summary: "One fund with its daily results, NAV history, strategy and the strategy's current positions", request: copy.copyDetailRequest, response: copy.copyFundDetail },
  copySubscribe: { path: '/copy/subscribe', auth: 'yes', summary: 'Follow a fund with an amount (it leaves available for the fund)', request: copy.copySubscribeRequest, response: copy.copySubscription, success: 'result.copy_trade.ok', usesRequestId: true },
  copyMine: { path: '/copy/mine', auth: 'yes', summary: 'Own copy subscriptions with their value and profit, newest first', request: copy.copyMineRequest, response: listPage(copy.copySubscription) },
  copyRedeem: { path: '/copy/redeem', auth: 'yes', summary: 'End a subscription after its lock-up; the payout is credited', request: copy.copyRedeemRequest, response: copy.copySubscription, success: 'result.redeem.ok', usesRequestId: true },
  lendingProducts: { path: '/lending/products', auth: 'opt', summary: 'Lending products', request: lending.lendingProductsRequest, response: listPage(lending.lendingProduct) },
  lendingApply: { path: '/lending/apply', auth: 'yes', summary: 'Lend an amount to a product (frozen until the next settlement)', request: lending.lendingApplyRequest, response: lending.lendingRecord, success: 'result.lending.ok', usesRequestId: true },
  loanRating: { path: '/loan/rating', auth: 'yes', summary: 'Credit score, quota, borrowed, outstanding and the rules of borrowing and raising the quota', request: loan.loanRatingRequest, response: loan.loanRating },
  loanBorrow: { path: '/loan/borrow', auth: 'yes', summary: 'Apply for a credit loan (reviewed; credited on approval)', request: loan.loanBorrowRequest, response: loan.loanRecord, success: 'result.loan.ok', usesRequestId: true },
  loanRepay: { path: '/loan/repay', auth: 'yes', summary: 'Repay a loan at once: accrued interest first, then principal', request: loan.loanRepayRequest, response: loan.loanRecord, success: 'result.repay.ok', usesRequestId: true },
  loanRaiseQuota: { path: '/loan/raiseQuota', auth: 'yes', summary: 'Ask for a higher loan quota (reviewed)', request: loan.loanRaiseQuotaRequest, response: loan.quotaRaise, success: 'result.submit.ok', usesRequestId: true },
  loanRecords: { path: '/loan/records', auth: 'yes', summary: 'Own loans, newest first', request: loan.loanRecordsRequest, response: listPage(loan.loanRecord) },
  lendingRecords: { path: '/lending/records', auth: 'yes', summary: 'Own lending records, newest first', request: lending.lendingRecordsRequest, response: listPage(lending.lendingRecord) },
  checkinDo: { path: '/checkin/do', auth: 'yes', summary: 'Check in for today (once per calendar day in funds.timezone)', request: user.emptyRequest, response: engagement.checkinResult, success: 'result.checkin.ok' },
  checkinStatus: { path: '/checkin/status', auth: 'yes', summary: 'Check-in count, streak and the days of the last 30 days', request: user.emptyRequest, response: engagement.checkinStatus },
  inviteInfo: { path: '/invite/info', auth: 'yes', summary: 'The caller\'s invitation code and how many registered with it', request: user.emptyRequest, response: engagement.inviteInfo },
} as const satisfies Record<string, UserEndpoint>;

export const adminEndpoints = {
  login: { path: '/auth/login', right: null, mutating: false, summary: 'Back-office login', request: admin.adminLoginRequest, response: admin.adminLoginResponse },
  logout: { path: '/auth/logout', right: null, mutating: false, summary: 'Back-office logout', request: user.emptyRequest, response: user.emptyRequest.nullable() },
  userList: { path: '/user/list', right: 'user.read', mutating: false, summary: 'Search users', request: admin.adminUserListRequest, response: admin.adminUser },
  userDetail: { path: '/user/detail', right: 'user.read', mutating: false, summary: 'One user with balances (audited read)', request: admin.adminUserDetailRequest, response: admin.adminUserDetail },
  userRestrict: { path: '/user/restrict', right: 'user.read', mutating: true, summary: 'Set or lift a restriction', request: admin.adminRestrictRequest, response: admin.adminUser },
  setAccountType: { path: '/user/setAccountType', right: 'user.manage', mutating: true, summary: 'Change the account type', request: admin.adminSetAccountTypeRequest, response: admin.adminUser },
  setCreditScore: { path: '/user/setCreditScore', right: 'user.manage', mutating: true, summary: 'Change the credit score', request: admin.adminSetCreditScoreRequest, response: admin.adminUser },
  configGet: { path: '/config/get', right: 'config.manage', mutating: false, summary: 'Every config key with its effective value', request: user.emptyRequest, response: admin.configGetResponse },
  configSet: { path: '/config/set', right: 'config.manage', mutating: true, summary: 'Set one config key', request: admin.configSetRequest, response: admin.configItem },
  auditList: { path: '/audit/list', right: 'audit.read', mutating: false, summary: 'The append-only audit log', request: admin.auditListRequest, response: admin.auditEntry },
  newsList: { path: '/news/list', right: 'product.manage', mutating: false, summary: 'News items, drafts included', request: market.adminNewsListRequest, response: listPage(market.adminNewsItem) },
  newsCreate: { path: '/news/create', right: 'product.manage', mutating: true, summary: 'Create a news draft', request: market.adminNewsCreateRequest, response: market.adminNewsItem },
  newsUpdate: { path: '/news/update', right: 'product.manage', mutating: true, summary: 'Edit a news item', request: market.adminNewsUpdateRequest, response: market.adminNewsItem },
  newsPublish: { path: '/news/publish', right: 'product.manage', mutating: true, summary: 'Publish a news item', request: market.adminPublishRequest, response: market.adminNewsItem },
  newsUnpublish: { path: '/news/unpublish', right: 'product.manage', mutating: true, summary: 'Withdraw a news item', request: market.adminPublishRequest, response: market.adminNewsItem },
  noticeList: { path: '/notice/list', right: 'product.manage', mutating: false, summary: 'Notices for everyone, drafts included', request: market.adminNoticeListRequest, response: listPage(market.adminNoticeItem) },
  noticeCreate: { path: '/notice/create', right: 'product.manage', mutating: true, summary: 'Create a notice draft', request: market.adminNoticeCreateRequest, response: market.adminNoticeItem },
  noticeUpdate: { path: '/notice/update', right: 'product.manage', mutating: true, summary: 'Edit a notice', request: market.adminNoticeUpdateRequest, response: market.adminNoticeItem },
  noticePublish: { path: '/notice/publish', right: 'product.manage', mutating: true, summary: 'Publish a notice', request: market.adminPublishRequest, response: market.adminNoticeItem },
  noticeUnpublish: { path: '/notice/unpublish', right: 'product.manage', mutating: true, summary: 'Withdraw a notice', request: market.adminPublishRequest, response: market.adminNoticeItem },
  userOrders: { path: '/user/orders', right: 'user.read', mutating: false, summary: "One user's orders and positions (read-only)", request: trade.adminUserOrdersRequest, response: listPage(trade.order) },
  productList: { path: '/product/list', right: 'product.manage', mutating: false, summary: 'Products of one kind', request: lending.adminProductListRequest, response: listPage(z.union([lending.lendingProduct, newshare.adminNewShare, block.adminBlockProduct, copy.adminCopyFund])) },
  newShareCreate: { path: '/newShare/create', right: 'product.manage', mutating: true, summary: 'Create a new-share offering (its instrument lists on listingDate)', request: newshare.adminNewShareCreateRequest, response: newshare.adminNewShare },
  newShareUpdate: { path: '/newShare/update', right: 'product.manage', mutating: true, summary: 'Edit an offering (terms lock at the first application)', request: newshare.adminNewShareUpdateRequest, response: newshare.adminNewShare },
  newShareRotateChannelPassword: { path: '/newShare/rotateChannelPassword', right: 'product.manage', mutating: true, summary: 'Replace the channel password (shown once)', request: newshare.adminNewShareIdRequest, response: newshare.channelPasswordResponse },
  newShareDraw: { path: '/newShare/draw', right: 'product.manage', mutating: true, summary: 'Run the draw once, after applyEnd (the operator chooses nothing)', request: newshare.adminNewShareIdRequest, response: newshare.drawResponse },
  blockCreate: { path: '/block/create', right: 'product.manage', mutating: true, summary: 'Create a block-trade product (its secret key is shown once)', request: block.adminBlockCreateRequest, response: block.adminBlockProduct },
  blockUpdate: { path: '/block/update', right: 'product.manage', mutating: true, summary: 'Edit a block-trade product (new applications only)', request: block.adminBlockUpdateRequest, response: block.adminBlockProduct },
  blockRotateKey: { path: '/block/rotateKey', right: 'product.manage', mutating: true, summary: 'Replace the secret key (shown once)', request: block.adminBlockIdRequest, response: block.secretKeyResponse },
  copyCreate: { path: '/copy/create', right: 'product.manage', mutating: true, summary: 'Create a fund run by one of the engine\'s strategies (the house seeds it)', request: copy.adminCopyCreateRequest, response: copy.adminCopyFund },
  copyUpdate: { path: '/copy/update', right: 'product.manage', mutating: true, summary: 'Edit a fund\'s name, minimum, deadline or switch (never its results)', request: copy.adminCopyUpdateRequest, response: copy.adminCopyFund },
  copyClose: { path: '/copy/close', right: 'product.manage', mutating: true, summary: 'Close a fund: its positions are sold, then every subscription ends with its payout', request: copy.adminCopyCloseRequest, response: copy.adminCopyFund },
  lendingCreate: { path: '/lending/create', right: 'product.manage', mutating: true, summary: 'Create a lending product', request: lending.adminLendingCreateRequest, response: lending.lendingProduct },
  lendingUpdate: { path: '/lending/update', right: 'product.manage', mutating: true, summary: 'Edit a lending product (rate and term only before the first application)', request: lending.adminLendingUpdateRequest, response: lending.lendingProduct },
  reviewList: { path: '/review/list', right: 'review.read', mutating: false, summary: 'A review queue', request: funds.reviewListRequest, response: listPage(funds.reviewListItem) },
  reviewDetail: { path: '/review/detail', right: 'review.read', mutating: false, summary: 'One review item (audited read)', request: funds.reviewDetailRequest, response: funds.reviewItem },
  reviewApprove: { path: '/review/approve', right: 'review.decide', mutating: true, summary: 'Approve a pending item', request: funds.reviewDecisionRequest, response: funds.reviewItem },
  reviewReject: { path: '/review/reject', right: 'review.decide', mutating: true, summary: 'Reject a pending item with the reason shown to the user', request: funds.reviewDecisionRequest, response: funds.reviewItem },
} as const satisfies Record<string, AdminEndpoint>;

export type UserEndpointName = keyof typeof userEndpoints;
export type AdminEndpointName = keyof typeof adminEndpoints;
export type RequestOf<N extends UserEndpointName> = z.input<(typeof userEndpoints)[N]['request']>;
export type ResponseOf<N extends UserEndpointName> = z.output<(typeof userEndpoints)[N]['response']>;
export type AdminRequestOf<N extends AdminEndpointName> = z.input<(typeof adminEndpoints)[N]['request']>;
