/**
 * The client-side shape of `UserInfo`, in a module of its own with no zod schema: a web bundle
 * that maps the profile does not take in the schemas of user.ts (about 30 KB gzip of zod on the
 * first screen, issue "A newcomer's first hour").
 */
import type { UserInfo } from './user.js';

/**
 * `UserInfo` as the clients hold it: the wire's legacy names `realname` and `is_true` (docs/glossary.md,
 * "Wire names") become `realName` and `isVerified`, mapped once in the query layer (`userInfoFromWire`).
 */
export type UserProfile = Omit<UserInfo, 'realname' | 'is_true'> & { realName: string; isVerified: boolean };

export function userInfoFromWire(wire: UserInfo): UserProfile {
  const { realname, is_true, ...rest } = wire;
  return { ...rest, realName: realname, isVerified: is_true === 1 };
}
