/** The registration link with the invitation code prefilled (`#/login/register?code=…`). */

export const INVITE_PARAM = 'code';

export function registerLink(code: string, location: Pick<Location, 'origin' | 'pathname'> = window.location): string {
  return `${location.origin}${location.pathname}#/login/register?${INVITE_PARAM}=${encodeURIComponent(code)}`;
}
