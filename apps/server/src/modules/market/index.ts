export type { FeedQuote, MarketFeed } from './feed.js';
export { STALE_AFTER_MS } from './feed.js';
export { SimulatedFeed, calendarsFromSettings } from './simulated-feed.js';
export { QuoteHub, type QuoteHubOptions } from './quote-hub.js';
export { registerMarketRoutes, registerNewsAdminRoutes } from './market.routes.js';
export { createNews, seedNews } from './news.service.js';
export { FeedRates } from './feed-rates.js';
export { SlicedWork, type SlicedWorkOptions } from './sliced-work.js';
export { FeedWarmer } from './feed-warmer.js';
