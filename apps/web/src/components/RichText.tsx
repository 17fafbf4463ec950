/**
 * Operator-published HTML (legal texts, news, notices for everyone; docs/api.md §6.3, §6.4, §7.5):
 * the only place the app renders HTML, and only for those fields. The server sanitises it when
 * it is saved; it is sanitised again here (DOMPurify) with the same allow-list (the contract's
 * `htmlAllowList`), so markup that slipped past or predates the server's cleaning (a style, a
 * meta refresh, a form, a script) never reaches the page. Personal messages are never HTML:
 * they are codes, translated and rendered as text.
 */
import { htmlAllowedAttributes, htmlAllowedUri, htmlAllowList } from '@brokerage/contract';
import DOMPurify from 'dompurify';

export function sanitiseHtml(html: string): string {
  return DOMPurify.sanitize(html, {
    ALLOWED_TAGS: [...htmlAllowList.tags],
    ALLOWED_ATTR: [...htmlAllowedAttributes],
    ALLOWED_URI_REGEXP: htmlAllowedUri,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
  });
}

export function RichText({ html }: { html: string }) {
  return <div className="rich-text" dangerouslySetInnerHTML={{ __html: sanitiseHtml(html) }} />;
}
