/**
 * `virtual:messages/<language>`: one language's flat dictionary (`@brokerage/i18n`'s `messages`,
 * UI strings and server codes merged), as its own module. The web app imports the module of
 * the current language only (`src/i18n/index.ts`), so the strings of the other four are never
 * loaded (issue 16).
 *
 * The catalogues keep one file per feature with all five languages in it, which no bundler can
 * split by language; so this plugin evaluates the package once at build time (bundled with
 * esbuild, imported from memory) and emits each language as JSON. The package's files are
 * watched, so the dev server and vitest pick up edits.
 */
import { build } from 'esbuild';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const PREFIX = 'virtual:messages/';
const RESOLVED = `\0${PREFIX}`;
const entry = fileURLToPath(new URL('../../../packages/i18n/src/index.ts', import.meta.url));

type Catalogue = Record<string, Record<string, string>>;

async function evaluate(): Promise<{ messages: Catalogue; inputs: string[] }> {
  const result = await build({ entryPoints: [entry], bundle: true, write: false, format: 'esm', platform: 'node', metafile: true, logLevel: 'silent' });
  const code = result.outputFiles[0]?.text ?? '';
  const module = (await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)) as { messages: Catalogue };
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
      const language = id.slice(RESOLVED.length);
      cached ??= evaluate();
      const { messages, inputs } = await cached;
      for (const input of inputs) this.addWatchFile(input);
      const dictionary = messages[language];
      if (!dictionary) throw new Error(`virtual:messages: no language "${language}"`);
      // JSON.parse of a string literal is parsed faster than the same object literal.
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(dictionary))});`;
    },
    watchChange(id) {
      if (id.replaceAll('\\', '/').includes('/packages/')) cached = null;
    },
    handleHotUpdate({ file, server }) {
      if (!file.replaceAll('\\', '/').includes('/packages/i18n/') && !file.replaceAll('\\', '/').includes('/packages/contract/')) return;
      cached = null;
      for (const module of server.moduleGraph.idToModuleMap.values()) {
        if (module.id?.startsWith(RESOLVED)) server.moduleGraph.invalidateModule(module);
      }
    },
  };
}
