// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { createSessionStore, effectiveUpColour, readPersisted } from './session';

describe('the session store', () => {
  beforeEach(() => localStorage.clear());

  it('starts from the defaults of spec §3', () => {
    const state = readPersisted();
    expect(state).toMatchObject({
      tokend: '',
      account: '',
      is_admin: null,
      language: 'en',
      stock: 'mxn',
      readMsgIds: [],
      stockDetail: null,
    });
  });

  it('saves each key under its own name whenever it changes', () => {
    const store = createSessionStore();
    store.getState().signIn('abc', '5215512345678');
    store.getState().setLanguage('kor');
    store.getState().setStock('usd');
    store.getState().markRead('nt_1');
    store.getState().markRead('nt_1');
    store.getState().setStockDetail({ code: 'AMXL' });
    expect(localStorage.getItem('tokend')).toBe('abc');
    expect(localStorage.getItem('account')).toBe('5215512345678');
    expect(localStorage.getItem('language')).toBe('kor');
    expect(localStorage.getItem('stock')).toBe('usd');
    expect(localStorage.getItem('readMsgIds')).toBe('["nt_1"]');
    expect(localStorage.getItem('stockDetail')).toBe('{"code":"AMXL"}');
    store.getState().signOut();
    expect(localStorage.getItem('tokend')).toBeNull();
    expect(localStorage.getItem('account')).toBeNull();
    expect(localStorage.getItem('language')).toBe('kor');
  });

  it('reads what was saved', () => {
    localStorage.setItem('tokend', 't');
    localStorage.setItem('language', 'zh');
    localStorage.setItem('readMsgIds', '["a","b"]');
    localStorage.setItem('is_admin', '1');
    expect(readPersisted()).toMatchObject({ tokend: 't', language: 'zh', readMsgIds: ['a', 'b'], is_admin: '1' });
  });

  it('defaults the up colour from the language until the user picks one', () => {
    expect(effectiveUpColour({ language: 'en', upColour: null })).toBe('green');
    expect(effectiveUpColour({ language: 'zh', upColour: null })).toBe('red');
    expect(effectiveUpColour({ language: 'kor', upColour: 'green' })).toBe('green');
  });
});
