/**
 * Which strings the login screens need (issue 16): each language's dictionary is split in two
 * chunks, `first` (these keys) and `rest` (all others), so a visitor opening the start, login
 * or register screen downloads about a fifth of the dictionary before that screen shows; the
 * rest follows right after the first render. Read by `plugins/messages.ts` at build time and by
 * `main.tsx` to decide what the first screen waits for.
 *
 * The server's codes, field reasons and names (`code.`, `field.`, `error.`) are in the first
 * part: a refused login or registration is shown in words even if the rest is still coming.
 */
export const FIRST_PART_KEY =
  /^(code|field|error)\.|^ui\.(app|common|error|lang|legal|login|offline|password|register|start|validate)\./;

/** The screens whose strings are all in the first part (their paths, as `HashRouter` reads them). */
export const FIRST_PART_PATHS: readonly string[] = ['/', '/login/start', '/login/login', '/login/register'];

export type Part = 'first' | 'rest';

/** The part of the dictionary a key belongs to. */
export function partOf(key: string): Part {
  return FIRST_PART_KEY.test(key) ? 'first' : 'rest';
}

/**
 * The screens whose heading the static shell of index.html shows before any script (issue 16):
 * path → the keys of its title and subtitle, as the screen itself renders them in `.auth-hero`.
 * `plugins/messages.ts` writes these texts of all five languages into the page at build time.
 */
export const SHELL_HEADINGS: Readonly<Record<string, readonly [string, string]>> = {
  '/login/login': ['ui.login.title', 'ui.login.subtitle'],
  '/login/register': ['ui.register.title', 'ui.register.subtitle'],
  // `/` (the address a newcomer types) shows the start screen: its first slide's heading and text
  '/': ['ui.start.slide1Title', 'ui.start.slide1Text'],
  '/login/start': ['ui.start.slide1Title', 'ui.start.slide1Text'],
};

/** Of `SHELL_HEADINGS`, the paths of the start screen (its slide's layout rather than the login hero). */
export const SHELL_START_PATHS: readonly string[] = ['/', '/login/start'];
