/** The SSRF guard of push endpoints (docs/api.md §22.4), without a test server's allowance. */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../platform/config.js';
import { checkEndpoint, isPublicAddress, pinnedLookup, type EndpointPolicy, type Resolver } from './push.endpoint.js';

const names: Record<string, string[]> = {
  'push.example.net': ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946'],
  'loopback.example.net': ['127.0.0.1'],
  'mapped.example.net': ['::ffff:10.0.0.1'],
};
const resolve: Resolver = async (name) => {
  const found = names[name];
  if (!found) throw new Error(`ENOTFOUND ${name}`);
  return found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
};
const production: EndpointPolicy = { allowTestEndpoints: false, resolve };

async function refused(endpoint: string, policy = production): Promise<unknown> {
  return checkEndpoint(endpoint, policy).then(
    () => null,
    (error: unknown) => error,
  );
}

describe('isPublicAddress', () => {
  it.each([
    '0.0.0.0',
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '100.64.0.1',
    '169.254.169.254',
    '224.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    '::ffff:127.0.0.1',
    '::ffff:169.254.169.254',
    '::ffff:a9fe:a9fe',
    '64:ff9b::10.0.0.1',
    'fd00:ec2::254',
    'fc00::1',
    'fe80::1',
    'fe80::1%eth0',
    'ff02::1',
    '2001:db8::1',
    'not an address',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:2800:220:1:248:1893:25c8:1946', '::ffff:8.8.8.8'])(
    'allows %s',
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );
});

describe('checkEndpoint without PUSH_TEST_ENDPOINTS', () => {
  it('allows https on a public name', async () => {
    await expect(checkEndpoint('https://push.example.net/wpush/v2/abc', production)).resolves.toBeInstanceOf(URL);
  });

  it.each([
    'http://127.0.0.1:8080/push',
    'https://127.0.0.1/push',
    'https://2130706433/push',
    'https://loopback.example.net/push',
    'https://mapped.example.net/push',
    'http://push.example.net/push',
  ])('refuses %s with request.invalid endpoint not_allowed', async (endpoint) => {
    expect(await refused(endpoint)).toMatchObject({
      code: 'request.invalid',
      params: { fields: { endpoint: 'not_allowed' } },
    });
  });

  it('with the test allowance, takes the literal 127.0.0.1 only', async () => {
    const test = { ...production, allowTestEndpoints: true };
    expect(await refused('http://127.0.0.1:8080/push', test)).toBeNull();
    expect(await refused('https://127.0.0.1/push', test)).toBeNull();
    expect(await refused('http://127.0.0.2/push', test)).not.toBeNull();
    expect(await refused('http://loopback.example.net/push', test)).not.toBeNull();
    expect(await refused('https://loopback.example.net/push', test)).not.toBeNull();
  });
});

describe('pinnedLookup', () => {
  const lookup = (host: string) =>
    new Promise<{ error: Error | null; address: unknown }>((done) =>
      pinnedLookup(production)(host, { all: true }, (error, address) => done({ error, address })),
    );

  it('answers only the address it checked', async () => {
    const { error, address } = await lookup('push.example.net');
    expect(error).toBeNull();
    expect(address).toEqual([{ address: '93.184.216.34', family: 4 }]);
  });

  it('fails the connection when the name resolves inside the network', async () => {
    expect((await lookup('loopback.example.net')).error).toMatchObject({ code: 'request.invalid' });
  });
});

describe('PUSH_TEST_ENDPOINTS', () => {
  it('is refused in production and off loopback, like TEST_CLOCK_CONTROL', () => {
    expect(() => loadConfig({ PUSH_TEST_ENDPOINTS: '1', NODE_ENV: 'production' })).toThrow(
      /refused when NODE_ENV=production/,
    );
    expect(() => loadConfig({ PUSH_TEST_ENDPOINTS: '1', HOST: '0.0.0.0' })).toThrow(/loopback only/);
    expect(() => loadConfig({ PUSH_TEST_ENDPOINTS: 'yes' })).toThrow(/unset, 0 or 1/);
    expect(loadConfig({ PUSH_TEST_ENDPOINTS: '1' }).pushTestEndpoints).toBe(true);
    expect(loadConfig({ PUSH_TEST_ENDPOINTS: '0', NODE_ENV: 'production' }).pushTestEndpoints).toBe(false);
    expect(loadConfig({}).pushTestEndpoints).toBe(false);
  });

  it('VAPID keys come as a pair', () => {
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: 'abc' })).toThrow(/together/);
  });
});
