export { createAuthModule } from './auth.module.js';
export { DEMO_ACCOUNT } from './auth.seed.js';
export { registerAuthRoutes } from './auth.routes.js';
export { authenticate, listSessions, revokeOwnSession, revokeUserSessions } from './sessions.service.js';
export {
  applyRestriction,
  checkFundPassword,
  checkLoginPassword,
  finishLogin,
  toUserInfo,
  type AuthDeps,
} from './users.service.js';
export type { SecondFactorPort } from './second-factor-port.js';
export type { SignInPort } from './sign-in-port.js';
/** The user rows other modules read and write (every write invalidates the auth cache). */
export {
  countInvited,
  findUserById,
  findUserCached,
  insertOrganisation,
  insertUser,
  listUsers,
  lockUserById,
  updateUser,
} from './users.repository.js';
export type { UserRow } from './users.repository.js';
export { initialKycStatus, isVerified } from './users.states.js';
export { AuthCache, type AuthCacheOptions } from './auth-cache.js';
export { requireKyc, requireNotTradeBlocked } from './gates.js';
