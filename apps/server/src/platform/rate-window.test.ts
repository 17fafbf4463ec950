import { describe, expect, it } from 'vitest';
import { MemoryWindows } from './rate-window.js';

function windowsAt(start: number, durationMs: number) {
  let now = start;
  const windows = new MemoryWindows(durationMs, () => now);
  return { windows, advance: (ms: number) => (now += ms) };
}

describe('the in-memory rate windows', () => {
  it('counts hits inside the window that the first hit opened, and says how long it has left', () => {
    const { windows, advance } = windowsAt(1_000_000, 1000);
    expect(windows.add('a', 1)).toEqual({ count: 1, msLeft: 1000 });
    advance(400);
    expect(windows.add('a', 1)).toEqual({ count: 2, msLeft: 600 });
    expect(windows.add('b', 1)).toEqual({ count: 1, msLeft: 1000 });
    expect(windows.peek('a')).toEqual({ count: 2, msLeft: 600 });
  });

  it('opens a fresh window once the old one has closed', () => {
    const { windows, advance } = windowsAt(0, 1000);
    windows.add('a', 3);
    advance(1000);
    expect(windows.peek('a')).toBeNull();
    expect(windows.add('a', 1)).toEqual({ count: 1, msLeft: 1000 });
  });

  it('a lock-out replaces the window for its own length; delete forgets the key', () => {
    const { windows, advance } = windowsAt(0, 1000);
    windows.add('a', 1);
    windows.set('a', 6, 60_000);
    advance(30_000);
    expect(windows.peek('a')).toEqual({ count: 6, msLeft: 30_000 });
    windows.delete('a');
    expect(windows.peek('a')).toBeNull();
  });

  it('drops closed windows of other keys when a new window opens, and keeps open ones', () => {
    const { windows, advance } = windowsAt(0, 1000);
    for (let i = 0; i < 100; i += 1) windows.add(`old${i}`, 1);
    windows.set('locked', 6, 10_000);
    advance(1500);
    windows.add('new', 1);
    expect(windows.size).toBe(2);
    expect(windows.peek('locked')?.count).toBe(6);
  });
});
