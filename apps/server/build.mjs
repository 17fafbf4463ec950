// Bundles the server and the workspace packages into dist/main.js; npm dependencies stay external.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const workspacePackages = ['contract', 'i18n', 'market-sim'].map((name) =>
  JSON.parse(readFileSync(new URL(`../../packages/${name}/package.json`, import.meta.url), 'utf8')),
);
// npm dependencies of the server and of the workspace packages stay external; the workspace
// packages themselves (TypeScript sources) are bundled
const external = [pkg, ...workspacePackages]
  .flatMap((p) => Object.keys(p.dependencies ?? {}))
  .filter((name) => !name.startsWith('@brokerage/'));

await build({
  entryPoints: ['src/main.ts'],
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  outfile: 'dist/main.js',
  sourcemap: true,
  external,
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  logLevel: 'warning',
});
