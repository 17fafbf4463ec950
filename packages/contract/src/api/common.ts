/** `common` calls (API.md §6). */
import { z } from 'zod';
import { legalKinds } from '../enums.js';
import { timestamp } from '../primitives.js';

export const configRequest = z.object({ type: z.literal('all') });
export const configEntry = z.object({ name: z.string(), value: z.string() });
export const configResponse = z.array(configEntry);

export const legalRequest = z.object({ kind: z.enum(legalKinds) });
export const legalResponse = z.object({
  kind: z.enum(legalKinds),
  title: z.string(),
  version: z.string(),
  content: z.string(),
  updatedAt: timestamp,
});
export type LegalDocument = z.infer<typeof legalResponse>;
