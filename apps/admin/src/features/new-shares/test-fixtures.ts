/** A contract-shaped offering for the new-share screens' tests (API.md §12.2, §19.5). */
import type { AdminNewShare } from '@brokerage/contract';

export const offering: AdminNewShare = {
  id: 'ns_12', kind: 'ipo', name: 'Nova Energía', code: 'NOVA', market: 'mxn', currency: 'MXN', issuePrice: '18.50', marketPrice: '21.20',
  applyStart: '2025-03-10T14:30:00Z', applyEnd: '2025-03-18T21:00:00Z', listingDate: '2025-03-25', minShares: 10000, channelOpen: true,
  paymentMode: 'on_allotment', phase: 'open', instrumentId: 'i_nova', premiumSpread: '2.70', sharesOffered: 50000000, totalSubscription: 72000000,
  minInvestment: '185000.00', placementTiers: null, maxApplicationsPerUser: 1, drawDate: '2025-03-20', paymentDeadline: '2025-03-21T21:00:00Z',
  distributionDate: '2025-03-24', issueMarket: 'BMV', sponsorBroker: 'Example Capital', channelPasswordRequired: false, lockDays: 0, drawnAt: null,
  winningRate: null, winnersCount: null, drawSeedHash: 'ab'.repeat(32), drawSeed: null, applicationsCount: 0, createdAt: '2025-03-01T10:00:00Z',
};
