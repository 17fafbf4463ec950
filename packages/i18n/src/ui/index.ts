import type { Language } from '@brokerage/contract';
import { de } from './de.js';
import { en } from './en.js';
import { esp } from './esp.js';
import { kor } from './kor.js';
import { zh } from './zh.js';

/** UI strings of the web app, flat keys starting with `ui.`; one dictionary per language. */
export const uiMessages: Record<Language, Record<string, string>> = { en, de, zh, esp, kor };
