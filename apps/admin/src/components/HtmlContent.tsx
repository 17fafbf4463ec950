/**
 * Editing the HTML body of a news article or notice. The server cleans every HTML body it stores
 * (sanitize-html, on each write), so the only HTML this app ever renders is what the server answered,
 * and it is cleaned again here (DOMPurify, the contract's `htmlAllowList`) before it is rendered.
 * What the operator is typing is shown as source text until it is saved: rendering it here would run
 * unsanitised markup inside the back office, where an admin token lives.
 */
import { htmlAllowedAttributes, htmlAllowedUri, htmlAllowList } from '@brokerage/contract';
import { Form, Input, Typography } from 'antd';
import DOMPurify from 'dompurify';

const monospace = 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace';
export const contentLengthMax = 100_000;

/** Keeps only the allow-listed tags, attributes and link schemes (the server's rules). */
export function sanitiseHtml(html: string): string {
  return DOMPurify.sanitize(html, {
    ALLOWED_TAGS: [...htmlAllowList.tags],
    ALLOWED_ATTR: [...htmlAllowedAttributes],
    ALLOWED_URI_REGEXP: htmlAllowedUri,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
  });
}

/** HTML as the server stored it (sanitised on write), sanitised again and rendered read-only. */
export function SanitisedHtml({ html, testId, label }: { html: string; testId?: string; label?: string }) {
  return (
    <div
      role="document"
      aria-label={label}
      data-testid={testId}
      style={{
        border: '1px solid #f0f0f0',
        borderRadius: 6,
        padding: '8px 12px',
        maxHeight: 360,
        overflow: 'auto',
        background: '#fff',
      }}
      // The server's answer (sanitised on write), sanitised again here; never the raw input.
      dangerouslySetInnerHTML={{ __html: sanitiseHtml(html) }}
    />
  );
}

/**
 * The `content` field of a form, with a preview below it: the saved, sanitised version rendered, and
 * the unsaved source as text whenever it differs from what was saved.
 */
export function HtmlContentField({ testIdPrefix, savedHtml }: { testIdPrefix: string; savedHtml: string | null }) {
  const form = Form.useFormInstance();
  const watched: unknown = Form.useWatch('content', form);
  const draft = typeof watched === 'string' ? watched : '';
  const isUnsaved = draft.trim() !== '' && draft !== savedHtml;

  return (
    <>
      <Form.Item
        label="Content (HTML)"
        name="content"
        rules={[
          { required: true, whitespace: true, message: 'Enter the content' },
          { max: contentLengthMax, message: `At most ${contentLengthMax} characters` },
        ]}
      >
        <Input.TextArea
          rows={6}
          spellCheck={false}
          style={{ fontFamily: monospace }}
          data-testid={`${testIdPrefix}-content`}
        />
      </Form.Item>
      <section aria-label="Content preview" style={{ marginBottom: 24 }}>
        <Typography.Text strong>Preview</Typography.Text>
        {savedHtml === null && !isUnsaved ? (
          <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
            Nothing saved yet.
          </Typography.Paragraph>
        ) : null}
        {isUnsaved ? (
          <>
            <Typography.Paragraph type="secondary" style={{ marginBottom: 4 }}>
              Not saved yet, so shown as source. The server cleans the HTML when it saves; the rendered preview then
              shows what it kept.
            </Typography.Paragraph>
            <pre
              data-testid={`${testIdPrefix}-source-preview`}
              style={{
                margin: 0,
                maxHeight: 200,
                overflow: 'auto',
                whiteSpace: 'pre-wrap',
                wordBreak: 'break-word',
                fontFamily: monospace,
                background: '#fafafa',
                padding: 8,
              }}
            >
              {draft}
            </pre>
          </>
        ) : null}
        {savedHtml !== null ? (
          <>
            <Typography.Paragraph type="secondary" style={{ margin: '8px 0 4px' }}>
              As saved (cleaned by the server):
            </Typography.Paragraph>
            <SanitisedHtml html={savedHtml} testId={`${testIdPrefix}-preview`} label="Saved content" />
          </>
        ) : null}
      </section>
    </>
  );
}
