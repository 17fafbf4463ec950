/** `common` calls (docs/api.md §6). */
import { z } from 'zod';
import { languages, legalKinds } from '../enums.js';
import { timestamp } from '../primitives.js';

export const configRequest = z.object({ type: z.literal('all') });
export const configEntry = z.object({ name: z.string(), value: z.string() });
export const configResponse = z.array(configEntry);

/** `lang` is our addition (docs/decisions.md): the text in that language, English when it has none. */
export const legalRequest = z.object({ kind: z.enum(legalKinds), lang: z.enum(languages).optional() });
export const legalResponse = z.object({
  kind: z.enum(legalKinds),
  /** the language of the text served: the one asked for, or `en` when the text has none in it */
  lang: z.enum(languages),
  title: z.string(),
  version: z.string(),
  content: z.string(),
  updatedAt: timestamp,
});
export type LegalDocument = z.infer<typeof legalResponse>;
