import { describe, expect, it } from 'vitest';
import {
  formatDays,
  netPayout,
  otherDetails,
  readDepositDetails,
  readKycDetails,
  readWithdrawDetails,
  safeImageUrl,
} from './review-details';

describe('reading the details of a review item', () => {
  it('reads a real-name item, keeping the full ID number and the signed image links', () => {
    const details = {
      name: 'Ana López',
      idNumber: 'LOPA850101HDFRRN07',
      frontImageUrl: '/files/img_1?exp=1&sig=a',
      backImageUrl: '/files/img_2?exp=1&sig=b',
    };
    expect(readKycDetails(details)).toEqual(details);
    expect(otherDetails('kyc', details)).toEqual({});
  });

  it('reads a missing or mistyped field as null instead of failing', () => {
    expect(readKycDetails({ name: 42, idNumber: null })).toEqual({ name: '42', idNumber: null, frontImageUrl: null, backImageUrl: null });
  });

  it('reads a deposit with the channel snapshot the server kept', () => {
    const read = readDepositDetails({
      channelId: 'ch_mx1',
      orderNo: 'D20250314000051',
      proofImageUrl: '/files/img_3?exp=1&sig=c',
      channel: {
        channelId: 'ch_mx1', type: 'bank', currency: 'MXN', name: 'SPEI', accountName: 'Example SA', accountNumber: '012180001234567891',
        bankName: 'BBVA', branch: null, network: null, address: null, qrImageUrl: null, min: '100.00', max: '1000.00',
        window: { open: '00:00', close: '24:00' }, days: [1, 2, 3, 4, 5, 6, 7], timezone: 'America/Mexico_City', inWindow: true,
      },
    });
    expect(read.orderNo).toBe('D20250314000051');
    expect(read.proofImageUrl).toBe('/files/img_3?exp=1&sig=c');
    expect(read.channel).toMatchObject({ accountNumber: '012180001234567891', window: { open: '00:00', close: '24:00' }, days: [1, 2, 3, 4, 5, 6, 7] });
  });

  it('reads a withdrawal to a card or a wallet and keeps unknown keys as other details', () => {
    const card = readWithdrawDetails({
      orderNo: 'W1',
      destination: { kind: 'card', holder: 'Ana López', cardNumber: '4152313412345678', bankName: 'BBVA', branch: 'Centro', bankCode: '012' },
      fee: '5.00',
      withdrawableAtSubmit: '59010.00',
      unpaidLoan: false,
    });
    expect(card.destination).toEqual({ kind: 'card', holder: 'Ana López', cardNumber: '4152313412345678', bankName: 'BBVA', branch: 'Centro', bankCode: '012' });
    expect(card.unpaidLoan).toBe(false);
    const wallet = readWithdrawDetails({ destination: { kind: 'wallet', type: 'USDT-TRC20', address: 'TQ5abc' } });
    expect(wallet.destination).toEqual({ kind: 'wallet', type: 'USDT-TRC20', address: 'TQ5abc', holder: null });
    expect(otherDetails('withdraw', { fee: '1', riskScore: 3 })).toEqual({ riskScore: 3 });
    expect(otherDetails('loan', { creditScore: 80 })).toEqual({ creditScore: 80 });
  });
});

describe('image links', () => {
  it('accepts same-origin paths and http(s) URLs only', () => {
    expect(safeImageUrl('/files/img_1?exp=1&sig=x')).toBe('/files/img_1?exp=1&sig=x');
    expect(safeImageUrl('https://cdn.example/qr.png')).toBe('https://cdn.example/qr.png');
    expect(safeImageUrl('javascript:alert(1)')).toBeNull();
    expect(safeImageUrl('//evil.example/x.png')).toBeNull();
    expect(safeImageUrl('data:image/png;base64,AAAA')).toBeNull();
  });
});

describe('money and days', () => {
  it('computes the payout exactly at the currency scale', () => {
    expect(netPayout('1000.10', '0.20', 'MXN')).toBe('999.90');
    expect(netPayout('0.3', '0.1', 'USD')).toBe('0.20');
    expect(netPayout('1000', '5', 'JPY')).toBe('995');
    expect(netPayout('1000.00', null, 'MXN')).toBeNull();
  });

  it('names weekdays compactly', () => {
    expect(formatDays([1, 2, 3, 4, 5])).toBe('Mon–Fri');
    expect(formatDays([7, 1, 2, 3, 4, 5, 6])).toBe('every day');
    expect(formatDays([1, 3, 6])).toBe('Mon, Wed, Sat');
    expect(formatDays([])).toBe('no days');
  });
});
