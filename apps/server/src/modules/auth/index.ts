export { createAuthModule } from './auth.module.js';
export { registerAuthRoutes } from './auth.routes.js';
export { authenticate, revokeUserSessions } from './sessions.service.js';
export { applyRestriction, checkFundPassword, toUserInfo, usersRepository, type AuthDeps } from './users.service.js';
export type { UserRow } from './users.repository.js';
export { AuthCache, type AuthCacheOptions } from './auth-cache.js';
export { requireKyc, requireNotTradeBlocked } from './gates.js';
