import { describe, expect, it } from 'vitest';
import { fadeOf } from './TabStrip';

describe('the fade of a scrolling tab row', () => {
  it('marks the edges that hide tabs', () => {
    expect(fadeOf(0, 300, 300)).toBeUndefined();
    expect(fadeOf(0, 300, 420)).toBe('end');
    expect(fadeOf(60, 300, 420)).toBe('both');
    expect(fadeOf(120, 300, 420)).toBe('start');
    // sub-pixel widths do not count as overflow
    expect(fadeOf(0, 300, 300.6)).toBeUndefined();
  });
});
