/** The block-trade module (docs/api.md §13, §3.3 `block` queue, §19.5): products, applications, their review. */
export { createBlockModule } from './block.module.js';
export { registerBlockRoutes } from './block.routes.js';
export { registerBlockAdminRoutes, blockProductPage, type BlockAdminDeps } from './block.admin.js';
export { blockReviewQueue } from './block.review.js';
export { seedBlockProducts } from './block.seed.js';
