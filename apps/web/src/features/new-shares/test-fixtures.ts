/** Contract-shaped answers for the new-share screens' component tests (API.md §12). */

export function newShareDetail(overrides: Record<string, unknown> = {}) {
  return {
    id: 'ns_12', kind: 'ipo', name: 'Nova Energía', code: 'NOVA', market: 'mxn', currency: 'MXN', issuePrice: '18.50', marketPrice: '21.20',
    applyStart: '2025-03-10T14:30:00Z', applyEnd: '2025-03-18T21:00:00Z', listingDate: '2025-03-25', minShares: 10000, channelOpen: true,
    paymentMode: 'on_allotment', phase: 'open', instrumentId: 'i_nova', premiumSpread: '2.70', sharesOffered: 50000000, totalSubscription: 72000000,
    minInvestment: '185000.00', placementTiers: null, maxApplicationsPerUser: 1, drawDate: '2025-03-20', paymentDeadline: '2025-03-21T21:00:00Z',
    distributionDate: '2025-03-24', issueMarket: 'BMV', sponsorBroker: 'Example Capital', channelPasswordRequired: false, lockDays: 0, drawnAt: null,
    winningRate: null, winnersCount: null, drawSeedHash: 'ab'.repeat(32), drawSeed: null,
    my: { applications: 0, subscriptionQuantity: 0, allottedQuantity: 0, amountPayable: '0.00', amountPaid: '0.00' },
    ...overrides,
  };
}

export function subscriptionRecord(overrides: Record<string, unknown> = {}) {
  return {
    id: 'sb_8', newShareId: 'ns_12', kind: 'ipo', name: 'Nova Energía', code: 'NOVA', currency: 'MXN', state: 'awaiting_payment',
    paymentMode: 'on_allotment', quantity: 10000, issuePrice: '18.50', amount: '185000.00', frozenAmount: '0.00', allottedQuantity: 6944,
    amountPayable: '128464.00', amountPaid: '0.00', paymentDeadline: '2025-03-21T21:00:00Z', listingDate: '2025-03-25', appliedAt: '2025-03-12T15:00:00Z',
    history: [
      { state: 'applied', at: '2025-03-12T15:00:00Z' },
      { state: 'pending_draw', at: '2025-03-18T21:00:00Z' },
      { state: 'won', at: '2025-03-20T15:00:00Z' },
      { state: 'awaiting_payment', at: '2025-03-20T15:00:00Z' },
    ],
    ...overrides,
  };
}
