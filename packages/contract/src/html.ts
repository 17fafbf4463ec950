// The HTML an operator-published text may contain (legal texts, news, notices for everyone;
// docs/api.md §6.3, §6.4, §7.5). The server keeps only this when it stores such a text, and the web
// app and the back office keep only this again before they render one. Nothing else the server
// sends is HTML: personal messages are codes with plain-text params, rendered as text.

export const htmlAllowList = {
  tags: [
    'p',
    'h2',
    'h3',
    'h4',
    'ul',
    'ol',
    'li',
    'strong',
    'em',
    'b',
    'i',
    'br',
    'a',
    'blockquote',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  /** attributes per tag; every other attribute (style, on*, class, id...) goes */
  attributes: { a: ['href', 'title'] },
  /** link schemes */
  schemes: ['https', 'mailto'],
} as const;

/** The attributes allowed on any allowed tag, flattened (for sanitisers without per-tag lists). */
export const htmlAllowedAttributes: readonly string[] = [...new Set(Object.values(htmlAllowList.attributes).flat())];

/** Matches a link the allow-list accepts: an allowed scheme, nothing relative or scriptable. */
export const htmlAllowedUri = new RegExp(`^(?:${htmlAllowList.schemes.join('|')}):`, 'i');
