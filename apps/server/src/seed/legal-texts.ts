/**
 * The legal texts as templates an operator completes before launch: bracketed fields such as
 * [Company legal name] are to be filled in. Written for this product; versioned by date.
 */
export const LEGAL_VERSION = '2026-11';

export const legalTexts = {
  agreement: {
    title: 'User agreement',
    content: `
<h2>1. Who we are</h2>
<p>This agreement is between you and [Company legal name], an asset manager registered in the United States with branches in Frankfurt and the Netherlands ("we"). It governs your use of the [Product name] app and the brokerage account you open through it.</p>
<h2>2. Eligibility and account types</h2>
<p>You must be at least 18 years old and able to enter into a binding contract. We offer three account types: <strong>standard</strong>, <strong>institutional investor</strong> and <strong>DMA</strong> (direct market access). Registration requires a valid invitation code from an existing client or an organisation code.</p>
<h2>3. Real-name verification</h2>
<p>Before you trade, deposit, withdraw or exchange currencies, you must verify your identity with your legal name, identity document number and photographs of the document. We review each submission and tell you the outcome and, if we reject it, the reason.</p>
<h2>4. Your money</h2>
<ul>
<li>Every movement of your money is recorded in a double-entry ledger. Your statement shows every movement and reconciles with your balances.</li>
<li>Free funds can be withdrawn to a bank card or wallet in your own name, subject only to the stated rules shown in the app before you submit (account restrictions, real-name status, fund password, time window, minimum and maximum amounts, an unpaid credit loan, another withdrawal under review, and the withdrawable amount).</li>
<li>Deposits are credited after we verify the proof of payment.</li>
</ul>
<h2>5. Trading</h2>
<p>Prices come only from market data. Leveraged positions can lose more than their margin would suggest; a position whose loss reaches the stop-out level set for its market is closed automatically. Fees are a buy fee on opening, a sell fee and, where applicable, stamp duty on closing. DMA orders carry a fixed spread of 1% and a fill rate of 100% of the displayed quantity.</p>
<h2>6. Copy trading</h2>
<p>Copy-trading funds charge a performance fee of 18% of positive profit and a service fee of 2% of the amount invested. Past results do not guarantee future returns; a fund's result is what its strategy's positions actually made.</p>
<h2>7. Records</h2>
<p>We keep trade and financial records for 5 years and investment data for 10 years.</p>
<h2>8. Contact</h2>
<p>[Customer service address, e-mail and hours.]</p>`,
  },
  privacy: {
    title: 'Privacy policy',
    content: `
<h2>What we collect</h2>
<p>Your phone number, password (stored only as a one-way hash), identity details and document photographs for real-name verification, bank card and wallet details, and records of your deposits, withdrawals, orders and positions.</p>
<h2>Why</h2>
<p>To open and run your account, to meet our legal obligations to know our clients and keep records, to protect your account against misuse, and to answer your requests.</p>
<h2>Who sees it</h2>
<p>Only staff whose role needs it; every back-office access to full card and identity numbers is recorded in an audit log. We share data with banks and payment providers to move your money, and with authorities where the law requires it. We do not sell personal data.</p>
<h2>How long</h2>
<p>Trade and financial records for 5 years, investment data for 10 years, then deletion.</p>
<h2>Your rights</h2>
<p>You may ask for a copy of your data, its correction, or its deletion where the law allows, by contacting [data protection contact].</p>`,
  },
  about: {
    title: 'About us',
    content: `
<p>[Product name] is operated by [Company legal name], a US-based asset manager with branches in Frankfurt and the Netherlands.</p>
<p>We offer stocks of the United States, Mexico and Spain, their indexes, forex and digital currencies, new-share subscriptions, block trades, copy-trading funds, securities lending and credit loans, in English, German, Traditional Chinese, Spanish and Korean.</p>
<p>Our principles: honest double-entry books, prices only from the market, every back-office decision accountable, and no rule that holds your money unless it is stated.</p>`,
  },
} as const;
