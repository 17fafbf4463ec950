// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SanitisedHtml } from './HtmlContent';

afterEach(cleanup);

describe('the saved HTML preview', () => {
  it('sanitises again before rendering: no meta refresh, script, style, handler or javascript: link', () => {
    render(
      <SanitisedHtml
        testId="preview"
        html={
          '<p>Closed on <em>Monday</em>.</p><meta http-equiv="refresh" content="0;url=https://evil.example">' +
          '<a href="https://example.com/hours" style="position:fixed;inset:0" onclick="steal()">hours</a>' +
          '<a href="javascript:alert(1)">js</a><img src="x" onerror="alert(1)"><script>alert(1)</script>'
        }
      />,
    );
    const preview = screen.getByTestId('preview');
    expect(preview.querySelector('p em')?.textContent).toBe('Monday');
    for (const tag of ['meta', 'script', 'img']) expect(preview.querySelector(tag), tag).toBeNull();
    const links = [...preview.querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['https://example.com/hours', null]);
    expect(links.some((a) => a.hasAttribute('style') || a.hasAttribute('onclick'))).toBe(false);
  });
});
