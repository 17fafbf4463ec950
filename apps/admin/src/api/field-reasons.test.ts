import { describe, expect, it } from 'vitest';
import { describeInvalidFields, splitInvalidFields } from './field-reasons';

describe('splitting refused fields between a form and an alert', () => {
  it('gives list paths to the list field and keeps unknown fields for the alert', () => {
    const params = { fields: { 'instrumentIds.2': 'format', reason: 'too_short', body: 'type' } };
    expect(splitInvalidFields(params, ['instrumentIds', 'reason'])).toEqual({
      inline: { instrumentIds: 'format', reason: 'too_short' },
      others: [['body', 'type']],
    });
  });

  it('is empty when the refusal names no fields', () => {
    expect(splitInvalidFields({}, ['title'])).toEqual({ inline: {}, others: [] });
    expect(describeInvalidFields({ fields: { title: 'required' } })).toBe('title: is required');
  });
});
