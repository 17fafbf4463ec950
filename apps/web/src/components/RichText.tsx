/**
 * Server content (legal texts, notices) arrives as sanitised HTML (API.md §6.4, §7.5); this is
 * the only place the app renders HTML, and only for those fields.
 */
export function RichText({ html }: { html: string }) {
  return <div className="rich-text" dangerouslySetInnerHTML={{ __html: html }} />;
}
