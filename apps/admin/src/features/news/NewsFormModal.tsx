/**
 * Writes or edits one news article (`/news/create`, `/news/update`): category, title, summary, source,
 * cover, linked instruments and the article in the four other languages, on the shared content form (a draft first; the modal stays open on what
 * the server saved). A refused field, e.g. `instrumentIds: format` for an unknown instrument, is shown
 * under the field instead of a toast.
 */
import { Form, Input, Select, Tabs, Typography } from 'antd';
import { isCoverUrl, newsCategories, translationLanguages, type AdminNewsItem } from '@brokerage/contract';
import { ContentFormModal, useContentForm } from '../../components/ContentFormModal';
import {
  instrumentIdsProblem,
  newsCategoryLabels,
  newsCreateBody,
  newsFormValuesOf,
  newsLimits,
  newsUpdateBody,
  translationLabels,
  translationProblem,
  type NewsFormValues,
  type NewsTranslationValues,
} from './news-form';
import { useCreateNews, useUpdateNews } from './news-queries';

const formFields = [
  'category',
  'title',
  'summary',
  'source',
  'coverUrl',
  'instrumentIds',
  'content',
  'reason',
] as const;

const monospace = 'ui-monospace, SFMono-Regular, Menlo, monospace';

/**
 * The article in German, Chinese, Spanish and Korean, one tab each: all three fields, or none (a
 * reader of a language without a version gets the English one). The server cleans each HTML content.
 */
function TranslationFields() {
  const form = Form.useFormInstance<NewsFormValues>();
  const versionOf = (lang: (typeof translationLanguages)[number]) =>
    form.getFieldValue(['translations', lang]) as NewsTranslationValues | undefined;
  const complete = (lang: (typeof translationLanguages)[number]) => ({
    validator: () => {
      const problem = translationProblem(versionOf(lang));
      return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
    },
  });
  return (
    <section aria-label="Other languages" style={{ marginBottom: 16 }}>
      <Typography.Text strong>Other languages</Typography.Text>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        The fields above are the English article. Write each other language in full (title, summary and content), or
        leave it empty: readers of that language then get the English one.
      </Typography.Paragraph>
      <Tabs
        items={translationLanguages.map((lang) => ({
          key: lang,
          label: translationLabels[lang],
          forceRender: true,
          children: (
            <div data-testid={`news-translation-${lang}`}>
              <Form.Item
                label={`${translationLabels[lang]} title`}
                name={['translations', lang, 'title']}
                dependencies={[
                  ['translations', lang, 'summary'],
                  ['translations', lang, 'content'],
                ]}
                rules={[
                  complete(lang),
                  { max: newsLimits.titleMax, message: `At most ${newsLimits.titleMax} characters` },
                ]}
              >
                <Input maxLength={newsLimits.titleMax} showCount data-testid={`news-${lang}-title`} />
              </Form.Item>
              <Form.Item
                label={`${translationLabels[lang]} summary`}
                name={['translations', lang, 'summary']}
                dependencies={[
                  ['translations', lang, 'title'],
                  ['translations', lang, 'content'],
                ]}
                rules={[
                  complete(lang),
                  { max: newsLimits.summaryMax, message: `At most ${newsLimits.summaryMax} characters` },
                ]}
              >
                <Input.TextArea
                  rows={2}
                  maxLength={newsLimits.summaryMax}
                  showCount
                  data-testid={`news-${lang}-summary`}
                />
              </Form.Item>
              <Form.Item
                label={`${translationLabels[lang]} content (HTML)`}
                name={['translations', lang, 'content']}
                dependencies={[
                  ['translations', lang, 'title'],
                  ['translations', lang, 'summary'],
                ]}
                rules={[complete(lang)]}
              >
                <Input.TextArea
                  rows={5}
                  spellCheck={false}
                  style={{ fontFamily: monospace }}
                  data-testid={`news-${lang}-content`}
                />
              </Form.Item>
            </div>
          ),
        }))}
      />
    </section>
  );
}

export function NewsFormModal({ item, onClose }: { item: AdminNewsItem | null; onClose: () => void }) {
  const content = useContentForm<AdminNewsItem, NewsFormValues>({
    kind: 'news',
    item,
    valuesOf: newsFormValuesOf,
    formFields,
  });
  const create = useCreateNews(content.saveOptions);
  const update = useUpdateNews(content.saveOptions);

  return (
    <ContentFormModal
      content={content}
      create={create}
      update={update}
      createBody={newsCreateBody}
      updateBody={newsUpdateBody}
      noun="article"
      publishedChangeNote="Users see the change at once."
      width={860}
      onClose={onClose}
      afterContent={<TranslationFields />}
    >
      <Form.Item label="Category" name="category" rules={[{ required: true, message: 'Choose a category' }]}>
        <Select
          options={newsCategories.map((value) => ({ value, label: newsCategoryLabels[value] }))}
          style={{ width: 220 }}
          virtual={false}
          data-testid="news-category"
        />
      </Form.Item>
      <Form.Item
        label="Title"
        name="title"
        rules={[
          { required: true, whitespace: true, message: 'Enter a title' },
          { max: newsLimits.titleMax, message: `At most ${newsLimits.titleMax} characters` },
        ]}
      >
        <Input maxLength={newsLimits.titleMax} showCount data-testid="news-title" />
      </Form.Item>
      <Form.Item
        label="Summary"
        name="summary"
        rules={[
          { required: true, whitespace: true, message: 'Enter a summary' },
          { max: newsLimits.summaryMax, message: `At most ${newsLimits.summaryMax} characters` },
        ]}
      >
        <Input.TextArea rows={2} maxLength={newsLimits.summaryMax} showCount data-testid="news-summary" />
      </Form.Item>
      <div style={{ display: 'grid', gridTemplateColumns: '1fr 2fr', gap: 16 }}>
        <Form.Item
          label="Source"
          name="source"
          rules={[
            { required: true, whitespace: true, message: 'Enter the source' },
            { max: newsLimits.sourceMax, message: `At most ${newsLimits.sourceMax} characters` },
          ]}
        >
          <Input maxLength={newsLimits.sourceMax} data-testid="news-source" />
        </Form.Item>
        <Form.Item
          label="Cover image URL (optional)"
          name="coverUrl"
          rules={[
            {
              validator: (_rule, value: unknown) =>
                typeof value !== 'string' || value.trim() === '' || isCoverUrl(value.trim())
                  ? Promise.resolve()
                  : Promise.reject(new Error('Enter an https:// URL or a path on this site, e.g. /uploads/…')),
            },
            { max: newsLimits.coverUrlMax, message: `At most ${newsLimits.coverUrlMax} characters` },
          ]}
        >
          <Input placeholder="https://…" allowClear data-testid="news-cover-url" />
        </Form.Item>
      </div>
      <Form.Item
        label="Linked instruments"
        name="instrumentIds"
        extra="Instrument ids such as i_usd_AAPL; press Enter or comma after each."
        rules={[
          {
            validator: (_rule, value: unknown) => {
              const problem = instrumentIdsProblem(
                Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [],
              );
              return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
            },
          },
        ]}
      >
        <Select
          mode="tags"
          tokenSeparators={[',', ' ']}
          open={false}
          suffixIcon={null}
          placeholder="No linked instruments"
          aria-label="Linked instrument ids"
          data-testid="news-instruments"
        />
      </Form.Item>
    </ContentFormModal>
  );
}
