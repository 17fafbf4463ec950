/**
 * `virtual:messages/<language>-<part>`: one part (`first` or `rest`, see `src/i18n/parts.ts`) of
 * one language's flat dictionary (`@brokerage/i18n`'s `messages`, UI strings and server codes
 * merged), as its own module. The web app imports the module of
 * the current language only (`src/i18n/index.ts`), so the strings of the other four are never
 * loaded (issue 16).
 *
 * The catalogues keep one file per feature with all five languages in it, which no bundler can
 * split by language; so this plugin evaluates the package once at build time (bundled with
 * esbuild, imported from memory) and emits each language as JSON. The package's files are
 * watched, so the dev server and vitest pick up edits.
 *
 * It also fills `__SHELL_HEADINGS__` in index.html: the headings of the login screens in the five
 * languages (`SHELL_HEADINGS`), which the page's inline script shows before any other script
 * runs, so the first screen's largest text is painted with the page itself.
 */
import { build } from 'esbuild';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { partOf, SHELL_HEADINGS, SHELL_START_PATHS, type Part } from '../src/i18n/parts.js';

const PREFIX = 'virtual:messages/';
const RESOLVED = `\0${PREFIX}`;
const entry = fileURLToPath(new URL('../../../packages/i18n/src/index.ts', import.meta.url));

type Catalogue = Record<string, Record<string, string>>;

async function evaluate(): Promise<{ messages: Catalogue; inputs: string[] }> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'node',
    metafile: true,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]?.text ?? '';
  const module = (await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)) as {
    messages: Catalogue;
  };
  const inputs = Object.keys(result.metafile.inputs).map((input) => path.resolve(input));
  return { messages: module.messages, inputs };
}

export function messagesPlugin(): Plugin {
  let cached: Promise<{ messages: Catalogue; inputs: string[] }> | null = null;
  return {
    name: 'brokerage-messages',
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : undefined;
    },
    async load(id) {
      if (!id.startsWith(RESOLVED)) return undefined;
      const [language = '', part] = id.slice(RESOLVED.length).split('-') as [string, Part | undefined];
      if (part !== 'first' && part !== 'rest')
        throw new Error(`virtual:messages: "${id.slice(1)}" names no part (first or rest)`);
      cached ??= evaluate();
      const { messages, inputs } = await cached;
      for (const input of inputs) this.addWatchFile(input);
      const whole = messages[language];
      if (!whole) throw new Error(`virtual:messages: no language "${language}"`);
      const dictionary = Object.fromEntries(Object.entries(whole).filter(([key]) => partOf(key) === part));
      // JSON.parse of a string literal is parsed faster than the same object literal.
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(dictionary))});`;
    },
    async transformIndexHtml(html) {
      if (!html.includes('__SHELL_HEADINGS__')) return html;
      cached ??= evaluate();
      const { messages } = await cached;
      const paths = Object.keys(SHELL_HEADINGS);
      const texts = Object.fromEntries(
        Object.entries(messages).map(([language, dictionary]) => [
          language,
          paths.map((screen) =>
            (SHELL_HEADINGS[screen] ?? []).map((key) => {
              const text = dictionary[key];
              if (!text) throw new Error(`index.html shell: "${key}" has no ${language} text`);
              return text;
            }),
          ),
        ]),
      );
      // `<` written as \u003c so no text can close the script element.
      const json = JSON.stringify({ paths, start: SHELL_START_PATHS, texts }).replaceAll('<', '\\u003c');
      return html.replace('__SHELL_HEADINGS__', json);
    },
    watchChange(id) {
      if (id.replaceAll('\\', '/').includes('/packages/')) cached = null;
    },
    handleHotUpdate({ file, server }) {
      if (
        !file.replaceAll('\\', '/').includes('/packages/i18n/') &&
        !file.replaceAll('\\', '/').includes('/packages/contract/')
      )
        return;
      cached = null;
      for (const module of server.moduleGraph.idToModuleMap.values()) {
        if (module.id?.startsWith(RESOLVED)) server.moduleGraph.invalidateModule(module);
      }
    },
  };
}
