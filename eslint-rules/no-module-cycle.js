/**
 * `server/no-module-cycle`: no dependency cycle between the server's modules (apps/server/src/modules/<m>/).
 *
 * `import-x/no-cycle` follows files, and a cycle between modules need not be one between files: admin.routes →
 * funds/index → funds.routes → admin/admin.http → admin.service was no file cycle, yet admin and funds each
 * needed the other. This rule folds every import under modules/ (type-only imports too) into a module → module
 * graph and reports, in the importing file, each import that closes a loop. Test files are left out of the graph:
 * a test may use any module it needs.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const RELATIVE_SPECIFIER = /\bfrom\s*['"](\.{1,2}\/[^'"]+)['"]|\bimport\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g;
const isSource = (file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file);

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return isSource(entry.name) ? [full] : [];
  });
}

/** The module a path belongs to, or null outside modulesDir. */
function moduleOf(modulesDir, file) {
  const relative = path.relative(modulesDir, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const [name, ...rest] = relative.split(path.sep);
  return rest.length > 0 ? name : null;
}

// One graph per state of the files: rebuilt when a file is added, removed or saved (a stat per file, no parse).
const cache = new Map();
function moduleGraph(modulesDir) {
  const files = sourceFiles(modulesDir);
  const stamp = files.map((file) => `${file}:${statSync(file).mtimeMs}`).join('|');
  const cached = cache.get(modulesDir);
  if (cached?.stamp === stamp) return cached.graph;
  const graph = new Map();
  for (const file of files) {
    const from = moduleOf(modulesDir, file);
    if (!graph.has(from)) graph.set(from, new Set());
    for (const match of readFileSync(file, 'utf8').matchAll(RELATIVE_SPECIFIER)) {
      const to = moduleOf(modulesDir, path.resolve(path.dirname(file), match[1] ?? match[2]));
      if (to && to !== from) graph.get(from).add(to);
    }
  }
  cache.set(modulesDir, { stamp, graph });
  return graph;
}

/** The shortest module path from `start` to `goal`, or null. */
function pathBetween(graph, start, goal) {
  const cameFrom = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const current = queue.shift();
    if (current === goal) {
      const route = [];
      for (let at = goal; at !== null; at = cameFrom.get(at)) route.unshift(at);
      return route;
    }
    for (const next of graph.get(current) ?? []) {
      if (!cameFrom.has(next)) {
        cameFrom.set(next, current);
        queue.push(next);
      }
    }
  }
  return null;
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid dependency cycles between server modules (folder level).' },
    schema: [
      {
        type: 'object',
        properties: { modulesDir: { type: 'string' } },
        required: ['modulesDir'],
        additionalProperties: false,
      },
    ],
    messages: {
      cycle:
        'Module cycle: {{route}}. Modules depend on each other one way only: move what both need down (to platform/ or a module both use), or pass it in from app.ts.',
    },
  },
  create(context) {
    const { modulesDir } = context.options[0];
    const filename = context.physicalFilename;
    const from = moduleOf(modulesDir, filename);
    if (from === null || !isSource(filename)) return {};
    const graph = moduleGraph(modulesDir);
    const check = (source) => {
      if (!source || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const to = moduleOf(modulesDir, path.resolve(path.dirname(filename), source.value));
      if (!to || to === from) return;
      const back = pathBetween(graph, to, from);
      if (back) context.report({ node: source, messageId: 'cycle', data: { route: [from, ...back].join(' → ') } });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};
