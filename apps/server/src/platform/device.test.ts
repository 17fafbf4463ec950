import { describe, expect, it } from 'vitest';
import { deviceName, maskedIp } from './device.js';

describe('device names', () => {
  it('names the browser and the system of common User-Agents', () => {
    const cases: [string, string][] = [
      [
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
        'Chrome · Android',
      ],
      [
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
        'Safari · iOS',
      ],
      [
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0 Mobile/15E148 Safari/604.1',
        'Chrome · iOS',
      ],
      [
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0',
        'Edge · Windows',
      ],
      ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:127.0) Gecko/20100101 Firefox/127.0', 'Firefox · macOS'],
      [
        'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
        'Samsung Internet · Android',
      ],
      [
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
        'Chrome · Linux',
      ],
      ['lightMyRequest', ''],
      ['curl/8.5.0', ''],
    ];
    for (const [ua, name] of cases) expect(deviceName(ua), ua).toBe(name);
    expect(deviceName(undefined)).toBe('');
  });
});

describe('masked addresses', () => {
  it('keeps the /24 of IPv4 and the /48 of IPv6, nothing else', () => {
    expect(maskedIp('203.0.113.77')).toBe('203.0.113.0/24');
    expect(maskedIp('::ffff:198.51.100.9')).toBe('198.51.100.0/24');
    expect(maskedIp('2001:db8:85a3:8d3:1319:8a2e:370:7348')).toBe('2001:db8:85a3::/48');
    expect(maskedIp('2001:db8::1')).toBe('2001:db8:0::/48');
    expect(maskedIp('::1')).toBe('0:0:0::/48');
    expect(maskedIp('not an address')).toBe('');
    expect(maskedIp(undefined)).toBe('');
  });
});
