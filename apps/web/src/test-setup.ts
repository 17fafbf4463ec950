/**
 * Before every test file: all five languages' strings in memory, as if each had been picked
 * once, so a test that switches the language sees the new texts at once. (The app itself loads
 * only the current language, see `i18n/index.ts`.)
 */
import { languages } from '@brokerage/contract';
import { loadLanguage } from './i18n';

await Promise.all(languages.map((language) => loadLanguage(language)));
// The Toast is loaded on its first use (`api/client.ts`); transforming it in a test run can take
// longer than a `findBy` waits, so it is loaded here once.
await import('antd-mobile/es/components/toast');
