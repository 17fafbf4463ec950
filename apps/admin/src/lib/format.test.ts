import { describe, expect, it } from 'vitest';
import { emptyText, formatTime } from './format';

describe('formatTime', () => {
  const iso = '2026-11-20T17:26:05Z';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  const [y, mo, day, h, mi, se] = [
    String(d.getFullYear()),
    pad(d.getMonth() + 1),
    pad(d.getDate()),
    pad(d.getHours()),
    pad(d.getMinutes()),
    pad(d.getSeconds()),
  ];

  it("writes the local time in the language's conventions", () => {
    expect(formatTime(iso, 'en')).toBe(`${mo}/${day}/${y}, ${h}:${mi}:${se}`);
    expect(formatTime(iso, 'de')).toBe(`${day}.${mo}.${y}, ${h}:${mi}:${se}`);
    expect(formatTime(iso, 'ko')).toBe(`${y}. ${mo}. ${day}. ${h}:${mi}:${se}`);
  });

  it('shows a dash when missing and an unreadable text as it came', () => {
    expect(formatTime(null)).toBe(emptyText);
    expect(formatTime('')).toBe(emptyText);
    expect(formatTime('yesterday-ish')).toBe('yesterday-ish');
  });
});
