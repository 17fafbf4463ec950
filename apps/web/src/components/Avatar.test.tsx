// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../store/session';
import { page, renderAt, stubApi } from '../test-support';
import { Avatar, initialsOf } from './Avatar';

describe('initialsOf', () => {
  it('takes the first letters of the first and last words', () => {
    expect(initialsOf('Ana López')).toBe('AL');
    expect(initialsOf('ana maría lópez garcía')).toBe('AG');
    expect(initialsOf('王小明')).toBe('王');
    expect(initialsOf('5215512345678')).toBe('');
    expect(initialsOf(undefined)).toBe('');
  });
});

describe('the avatar', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStore.getState().setLanguage('en');
  });

  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the configured logo, and the initials when it fails to load', async () => {
    stubApi({ '/common/config': { data: [{ name: 'logo', value: '/logo.svg' }] } });
    renderAt('/', [page('/', <Avatar large name="Ana López" />)]);
    const image = await screen.findByTestId('avatar-image');
    expect(image.getAttribute('src')).toBe('/logo.svg');
    fireEvent.error(image);
    await waitFor(() => expect(screen.queryByTestId('avatar-image')).toBeNull());
    expect(screen.getByText('AL')).toBeTruthy();
  });

  it('falls back to the person icon without a name', async () => {
    stubApi({ '/common/config': { data: [{ name: 'logo', value: '/missing.svg' }] } });
    renderAt('/', [page('/', <Avatar />)]);
    fireEvent.error(await screen.findByTestId('avatar-image'));
    expect(await screen.findByTestId('avatar-icon')).toBeTruthy();
  });
});
