/** The four "name in …" inputs of a product form (`names`, see product-names.ts). */
import { Form, Input } from 'antd';
import { translationLanguages } from '@brokerage/contract';
import { languageLabels } from './product-names';

export function ProductNamesFields({ testIdPrefix, max }: { testIdPrefix: string; max: number }) {
  return (
    <fieldset style={{ border: 0, margin: '0 0 8px', padding: 0 }}>
      <legend style={{ fontSize: 14, marginBottom: 8 }}>
        Name in other languages (optional: empty shows the English name)
      </legend>
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: '0 16px' }}>
        {translationLanguages.map((lang) => (
          <Form.Item
            key={lang}
            label={languageLabels[lang]}
            name={['names', lang]}
            rules={[{ max, message: `At most ${max} characters` }]}
          >
            <Input maxLength={max} data-testid={`${testIdPrefix}-name-${lang}`} />
          </Form.Item>
        ))}
      </div>
    </fieldset>
  );
}
