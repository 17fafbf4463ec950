/**
 * Emits `/sw.js` (the worker of `sw-source.js`, after its push handlers `sw-push.js`) with this build's file list, and writes gzip and
 * brotli copies of the text files next to them for the server to send as they are
 * (`@fastify/static` with `preCompressed`), so no file is compressed per request.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const source = fileURLToPath(new URL('./sw-source.js', import.meta.url));
/** The push handlers (docs/api.md §22.4), a file of their own so a unit test can run them. */
const pushSource = fileURLToPath(new URL('./sw-push.js', import.meta.url));

/** Chunks of one language (its strings, antd-mobile's locale): kept only by the user who reads it. */
function isLanguageChunk(facade: string | null | undefined): boolean {
  if (!facade) return false;
  const id = facade.replaceAll('\\', '/');
  return id.startsWith('\0virtual:messages/') || id.includes('/antd-mobile/es/locales/');
}

function filesUnder(dir: string, base = dir): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory()
      ? filesUnder(full, base)
      : [path.relative(base, full).split(path.sep).join('/')];
  });
}

export function serviceWorkerPlugin(): Plugin {
  let publicDir = '';
  let outDir = '';
  return {
    name: 'brokerage-service-worker',
    apply: 'build',
    configResolved(config) {
      publicDir = config.publicDir;
      outDir = config.build.outDir;
    },
    // After every other plugin has written its files (Vite drops the empty chunks of CSS-only
    // modules late), so the list names exactly the files on disk.
    writeBundle: {
      order: 'post',
      handler(_options, bundle) {
        const built = Object.values(bundle)
          .filter(
            (file) => !file.fileName.endsWith('.map') && file.fileName !== 'index.html' && file.fileName !== 'sw.js',
          )
          .filter((file) => !(file.type === 'chunk' && isLanguageChunk(file.facadeModuleId)))
          .filter((file) => existsSync(path.join(outDir, file.fileName)))
          .map((file) => `/${file.fileName}`);
        const fromPublic = publicDir && existsSync(publicDir) ? filesUnder(publicDir).map((name) => `/${name}`) : [];
        const precache = ['/index.html', ...fromPublic, ...built].sort();
        const page = existsSync(path.join(outDir, 'index.html')) ? readFileSync(path.join(outDir, 'index.html')) : '';
        const build = createHash('sha256').update(precache.join('\n')).update(page).digest('hex').slice(0, 12);
        const code = `${readFileSync(pushSource, 'utf8')}\n${readFileSync(source, 'utf8')}`
          .replace("'__BUILD__'", JSON.stringify(build))
          .replace("'__PRECACHE__'", JSON.stringify(JSON.stringify(precache)));
        writeFileSync(path.join(outDir, 'sw.js'), code);
      },
    },
    closeBundle() {
      if (!outDir || !existsSync(outDir)) return;
      for (const name of filesUnder(outDir)) {
        if (!/\.(js|css|html|svg|webmanifest|json|ico)$/.test(name)) continue;
        const full = path.join(outDir, name);
        const body = readFileSync(full);
        if (body.length < 1024) continue;
        writeFileSync(`${full}.gz`, gzipSync(body, { level: 9 }));
        writeFileSync(
          `${full}.br`,
          brotliCompressSync(body, {
            params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
          }),
        );
      }
    },
  };
}
