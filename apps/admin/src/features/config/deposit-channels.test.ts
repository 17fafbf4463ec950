import { describe, expect, it } from 'vitest';
import type { DepositChannelConfig } from '@brokerage/contract';
import {
  channelChanges,
  channelFormValuesOf,
  channelOf,
  channelProblems,
  channelsListProblem,
  readChannels,
  roundTheClock,
  type ChannelFormValues,
} from './deposit-channels';

const bank: DepositChannelConfig = {
  id: 'ch_mx1',
  type: 'bank',
  name: 'SPEI transfer',
  currency: 'MXN',
  accountName: 'Example Securities SA de CV',
  accountNumber: '012180001234567891',
  bankName: 'BBVA México',
  branch: 'CDMX Centro',
  network: null,
  address: null,
  qrImageUrl: null,
  min: '100.00',
  max: '1000000.00',
  window: null,
  enabled: true,
};

function values(overrides: Partial<ChannelFormValues> = {}): ChannelFormValues {
  return { ...channelFormValuesOf(null), id: 'ch_new', name: 'New channel', ...overrides };
}

describe('a channel from the form', () => {
  it('round-trips a stored channel unchanged', () => {
    expect(channelOf(channelFormValuesOf(bank))).toEqual(bank);
  });

  it('keeps only the fields of its type, trims texts and turns blanks into null', () => {
    const channel = channelOf(
      values({
        type: 'crypto',
        accountNumber: 'left over from bank',
        network: ' TRC20 ',
        address: ' TQ5abc ',
        min: ' ',
        windowMode: 'own',
        windowOpen: roundTheClock.open,
        windowClose: roundTheClock.close,
        windowDays: [7, 1, 2, 3, 4, 5, 6, 1],
      }),
    );
    expect(channel).toMatchObject({
      accountNumber: null,
      network: 'TRC20',
      address: 'TQ5abc',
      min: null,
      qrImageUrl: null,
    });
    expect(channel.window).toEqual({ open: '00:00', close: '24:00', days: [1, 2, 3, 4, 5, 6, 7] });
  });

  it('uses the default window when asked to', () => {
    expect(channelOf(values({ windowMode: 'default', windowOpen: '09:00' })).window).toBeNull();
  });
});

describe('checking a channel', () => {
  it('refuses a bank channel without the account to pay into', () => {
    const problems = channelProblems(values({ accountName: 'Example SA', bankName: 'BBVA' }), []);
    expect(problems).toEqual({ accountNumber: 'Enter the account number' });
  });

  it('refuses a crypto channel without network or address, whatever bank fields it kept', () => {
    const problems = channelProblems(values({ type: 'crypto', accountNumber: '123' }), []);
    expect(problems).toEqual({ network: 'Enter the network', address: 'Enter the deposit address' });
  });

  it('refuses a repeated or malformed id', () => {
    const complete = { accountName: 'A', accountNumber: '1', bankName: 'B' };
    expect(channelProblems(values({ ...complete, id: 'ch_mx1' }), ['ch_mx1']).id).toBe('Another channel has this id');
    expect(channelProblems(values({ ...complete, id: 'ch mx' }), []).id).toMatch(/Letters, digits/);
    expect(channelProblems(values({ ...complete }), ['ch_mx1'])).toEqual({});
  });

  it('checks amounts exactly and the window', () => {
    const complete = { accountName: 'A', accountNumber: '1', bankName: 'B' };
    expect(channelProblems(values({ ...complete, min: '100.5', max: '100.49' }), []).max).toBe(
      'Must not be below the minimum',
    );
    expect(channelProblems(values({ ...complete, min: '1.234' }), []).min).toMatch(/at most 2 decimals/);
    const window = channelProblems(
      values({ ...complete, windowMode: 'own', windowOpen: '18:00', windowClose: '09:00', windowDays: [] }),
      [],
    );
    expect(window).toEqual({
      windowClose: 'Must be after the opening time',
      windowDays: 'Choose at least one day (or disable the channel)',
    });
    expect(
      channelProblems(values({ ...complete, windowMode: 'own', windowOpen: '24:30', windowClose: '24:00' }), [])
        .windowOpen,
    ).toMatch(/HH:mm/);
  });

  it('passes what the contract refuses to the field it belongs to', () => {
    const complete = { accountName: 'A', accountNumber: '1', bankName: 'B' };
    expect(channelProblems(values({ ...complete, name: 'x'.repeat(101) }), []).name).toMatch(
      /^Not accepted by the contract/,
    );
  });
});

describe('the stored list', () => {
  it('reads a stored list through the contract schema, defaults included', () => {
    const { enabled: _enabled, ...withoutEnabled } = bank;
    expect(readChannels([withoutEnabled])).toEqual({ ok: true, channels: [bank] });
    expect(readChannels(null)).toEqual({ ok: true, channels: [] });
    expect(readChannels({}).ok).toBe(false);
    expect(readChannels([{ id: 'x' }]).ok).toBe(false);
  });

  it('refuses two channels with one id and more than 50 channels', () => {
    expect(channelsListProblem([bank, bank])).toBe('Two channels have the id "ch_mx1".');
    const many = Array.from({ length: 51 }, (_, index) => ({ ...bank, id: `ch_${index}` }));
    expect(channelsListProblem(many)).toBe('At most 50 channels.');
    expect(channelsListProblem([bank])).toBeNull();
  });

  it('summarises a draft by channel id', () => {
    const edited = { ...bank, name: 'SPEI' };
    const added = { ...bank, id: 'ch_new' };
    expect(channelChanges([bank], [edited, added])).toEqual({ added: ['ch_new'], changed: ['ch_mx1'], removed: [] });
    expect(channelChanges([bank, added], [added])).toEqual({ added: [], changed: [], removed: ['ch_mx1'] });
    expect(channelChanges([bank], [{ ...bank }])).toEqual({ added: [], changed: [], removed: [] });
  });
});
