/**
 * What a session keeps of the client that opened it (docs/api.md §23.8): a short device name read
 * from the User-Agent and the address masked to its network. Nothing else of either is stored.
 */
import { isIPv4, isIPv6 } from 'node:net';

export interface SignInClient {
  /** "Chrome · Android"; '' when the User-Agent names nothing we know */
  device: string;
  /** the address masked to its /24 (IPv4) or /48 (IPv6); '' when unknown */
  ip: string;
}

/** Browsers, most specific first: Edge, Opera and Samsung's say "Chrome" too, and Chrome says "Safari". */
const BROWSERS: readonly [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bCriOS\/|\bChrome\/|\bChromium\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];
/** Systems, most specific first: Android says "Linux", iOS says "like Mac OS X". */
const SYSTEMS: readonly [RegExp, string][] = [
  [/\bAndroid\b/, 'Android'],
  [/\b(?:iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

function firstOf(list: readonly [RegExp, string][], ua: string): string | null {
  for (const [pattern, name] of list) if (pattern.test(ua)) return name;
  return null;
}

/**
 * "Browser · System" from a User-Agent. Language-neutral on purpose (names and a middle dot, no
 * "on"), since the server writes no sentence a user reads; '' when neither is recognised.
 */
export function deviceName(userAgent: string | undefined): string {
  const ua = (userAgent ?? '').slice(0, 512);
  const browser = firstOf(BROWSERS, ua);
  const system = firstOf(SYSTEMS, ua);
  return [browser, system].filter((part): part is string => part !== null).join(' · ');
}

/** The address's network: a.b.c.0/24 for IPv4 (IPv4-mapped IPv6 included), the first 48 bits for IPv6. */
export function maskedIp(address: string | undefined): string {
  if (!address) return '';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  const v4 = mapped ? mapped[1]! : address;
  if (isIPv4(v4)) return `${v4.split('.').slice(0, 3).join('.')}.0/24`;
  if (!isIPv6(address)) return '';
  const [head = '', tail = ''] = address.split('::', 2);
  const left = head === '' ? [] : head.split(':');
  const right = tail === '' ? [] : tail.split(':');
  const groups = address.includes('::')
    ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left;
  const prefix = groups.slice(0, 3).map((g) => parseInt(g, 16).toString(16));
  return `${prefix.join(':')}::/48`;
}

export function signInClient(userAgent: string | undefined, address: string | undefined): SignInClient {
  return { device: deviceName(userAgent), ip: maskedIp(address) };
}
