import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import noModuleCycle from './eslint-rules/no-module-cycle.js';

// ── Server boundaries (docs/style.md §1, docs/decisions.md) ─────────────────────────────────────────
// A module under apps/server/src/modules/<m>/ reaches another module only through its index.ts;
// the rest of the server (app.ts, seed/, ops/, test/) likewise; platform/ imports no module.
const serverSrc = path.join(import.meta.dirname, 'apps/server/src');
const inServer = (p) => path.join(serverSrc, p);
const serverModules = readdirSync(inServer('modules'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const moduleIndex = inServer('modules/*/index.ts');
const throughIndex =
  'Another module is reached only through its index.ts (docs/style.md §1): export what you need from there.';
const boundaryZones = [
  ...serverModules.map((name) => ({
    target: inServer(`modules/${name}/**`),
    from: inServer(`modules/!(${name})/**`),
    except: [moduleIndex],
    message: throughIndex,
  })),
  {
    target: [inServer('*'), inServer('!(modules|platform)/**')],
    from: inServer('modules/**'),
    except: [moduleIndex],
    message: throughIndex,
  },
  {
    target: inServer('platform/**'),
    from: inServer('modules/**'),
    message: 'platform/ sits below the modules and imports none of them: pass what it needs in.',
  },
];

// Transactions: only the edges open one, with platform/db's `transaction()`; drizzle's own
// `.transaction()` method is used nowhere else (tests open theirs as edges do).
const serverTests = ['apps/server/src/**/*.test.ts', 'apps/server/src/test/**'];
const serverEdges = [
  'apps/server/src/platform/http.ts',
  'apps/server/src/platform/group-commit.ts',
  'apps/server/src/platform/admin-http.ts',
  'apps/server/src/**/*.routes.ts',
  'apps/server/src/**/*.admin.ts',
  'apps/server/src/**/*.jobs.ts',
  'apps/server/src/modules/trading/engine.ts',
  'apps/server/src/ops/**',
  'apps/server/src/seed/**',
  'apps/server/src/**/*.seed.ts',
  'apps/server/src/platform/*-cli.ts',
  'apps/server/src/main.ts',
  'apps/server/src/app.ts',
];
const methodTransaction = {
  selector: "CallExpression[callee.property.name='transaction']",
  message:
    'Open a transaction with transaction() from platform/db.ts, at an edge (HTTP wrapper, route, engine step, job, CLI).',
};
const importTransaction = {
  selector:
    "ImportDeclaration[source.value=/(^|\\/)(platform\\/)?db\\.js$/] ImportSpecifier[imported.name='transaction']",
  message:
    'Only the edges open a transaction (HTTP wrappers and routes, engine steps, jobs, the CLI): take a Tx instead.',
};
// Money (docs/style.md §3, docs/decisions.md "The kernel"): only the contract rounds or scales money.
// A module takes Money and names a mode (`rounded('half_up')`, `convert(rate, to, 'down')`);
// prices and rates go through the contract's `formatPrice`, `roundPrice` and `roundRate`.
const moduleFiles = 'apps/server/src/modules/**/*.ts';
const moduleEdges = serverEdges
  .filter((glob) => glob.startsWith('apps/server/src/**/') || glob.startsWith('apps/server/src/modules/'))
  .map((glob) => glob.replace('apps/server/src/**/', 'apps/server/src/modules/**/'));
const moneyScaleImports = {
  name: '@brokerage/contract',
  importNames: ['LEDGER_SCALE', 'currencyScale', 'formatAmount'],
  message: 'Money is rounded and scaled only in the contract: use Money (rounded(mode), toString(), toLedgerString()).',
};
const moneyRounding = [
  {
    selector: 'CallExpression[callee.property.name=/^(toDecimalPlaces|toDP)$/]',
    message: 'Round with the contract: Money.rounded(mode), or roundPrice / roundRate for a price or a rate.',
  },
  {
    selector: 'MemberExpression[object.name=/^(Dec|Decimal)$/][property.name=/^ROUND_/]',
    message: "Name a rounding mode of the contract ('half_up' | 'down' | 'up') instead of a decimal.js constant.",
  },
];
// Records, not rows (docs/architecture.md principle 5): a repository hands services typed records (amounts
// as Money in the row's currency, contract enums, Dates; platform/columns.ts), so no service converts a
// string to Money or back, casts a currency, or formats a decimal with an unnamed rounding. The kernel
// (platform/, the ledger module) and the repositories and tables may.
const moneyKernel = [
  'apps/server/src/modules/**/*.repository.ts',
  'apps/server/src/modules/**/*.tables.ts',
  'apps/server/src/modules/ledger/**',
];
const moneyRecords = [
  {
    selector: 'CallExpression[callee.property.name=/^(fromLedger|toLedgerString)$/]',
    message:
      "Amounts come from the repository as Money (platform/columns.ts withMoney) and go back as Money's amount: no string conversions in a service.",
  },
  {
    selector: "TSAsExpression[typeAnnotation.typeName.name='Currency']",
    message: 'A currency is typed where it is read (the table column, isCurrency at the edge): no cast.',
  },
  {
    selector: "CallExpression[callee.property.name='toFixed']",
    message:
      'Format with a named rounding: Money.toString(), or formatPrice(roundPrice(p, scale, mode) / roundRate(r, mode), scale).',
  },
  {
    selector: ':matches(FunctionDeclaration, VariableDeclarator)[id.name=/^moneyOf$/]',
    message: 'No local Money adapter: the repository returns amounts as Money.',
  },
];
const tableExports = [
  {
    selector: 'ExportAllDeclaration[source.value=/\\.tables\\.js$/]',
    message: 'A module keeps its tables: export functions, not tables.',
  },
  {
    selector: 'ExportNamedDeclaration[source.value=/\\.tables\\.js$/]',
    message: 'A module keeps its tables: export functions, not tables.',
  },
];

// ── Back office (apps/admin): money and feature boundaries (docs/style.md §1, §3) ──────────────────
// Amounts are the contract's Money (`Money.of(text, currency)`), compared and subtracted there, shown as
// sent; a rate or a percentage is rounded in lib/decimal.ts with a named mode. Nothing else in the back
// office rounds, scales or turns a decimal into a JS number.
const adminTests = ['apps/admin/src/**/*.test.ts', 'apps/admin/src/**/*.test.tsx', 'apps/admin/src/test-support.tsx'];
const adminMoney = [
  ...moneyRounding,
  {
    selector: "CallExpression[callee.property.name='toFixed']",
    message:
      "No unnamed rounding: Money.rounded(mode).toString() for an amount, lib/decimal's percentOf(…, mode) for a rate.",
  },
  {
    selector: "CallExpression[callee.name='Number']",
    message: 'Money never touches a float: keep the decimal string, or Money.of(text, currency).',
  },
  {
    selector: "MemberExpression[object.name='Number'][property.name='parseFloat']",
    message: 'Money never touches a float: keep the decimal string, or Money.of(text, currency).',
  },
  {
    selector: "MemberExpression[object.name='Math'][property.name=/^(round|floor|ceil|trunc)$/]",
    message: "Name the rounding: Money.rounded('half_up' | 'down' | 'up'), or lib/decimal's percentOf(…, mode).",
  },
];

// A feature under apps/admin/src/features/<f>/ reaches another feature only through its index.ts, and so
// does the rest of the back office (App.tsx); shared parts (components/, lib/, api/) import no feature.
const adminSrc = path.join(import.meta.dirname, 'apps/admin/src');
const inAdmin = (p) => path.join(adminSrc, p);
const adminFeatures = readdirSync(inAdmin('features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const featureIndex = inAdmin('features/*/index.ts');
const throughFeatureIndex =
  'Another feature is reached only through its index.ts: export what you need from there, or move a shared part to components/.';
const adminBoundaryZones = [
  ...adminFeatures.map((name) => ({
    target: inAdmin(`features/${name}/**`),
    from: inAdmin(`features/!(${name})/**`),
    except: [featureIndex],
    message: throughFeatureIndex,
  })),
  {
    target: [inAdmin('*'), inAdmin('!(features)/**')],
    from: inAdmin('features/**'),
    except: [featureIndex],
    message: throughFeatureIndex,
  },
  {
    target: [inAdmin('components/**'), inAdmin('lib/**'), inAdmin('api/**')],
    from: inAdmin('features/**'),
    message: 'Shared parts (components/, lib/, api/) sit below the features and import none of them.',
  },
];

// ── Web app boundaries (docs/style.md §1) ───────────────────────────────────────────────────────────
// A feature under apps/web/src/features/<f>/ reaches another feature only through its index.ts;
// what several features share lives in apps/web/src/components/ (or src/api/, src/lib/).
const webSrc = path.join(import.meta.dirname, 'apps/web/src');
const inWeb = (p) => path.join(webSrc, p);
const webFeatures = readdirSync(inWeb('features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const webFeatureZones = webFeatures.map((name) => ({
  target: inWeb(`features/${name}/**`),
  from: inWeb(`features/!(${name})/**`),
  except: [inWeb('features/*/index.ts')],
  message:
    'Another feature is reached only through its index.ts (docs/style.md §1): export what you need from there, or move a shared part to src/components/.',
}));

// Money in the web app (docs/style.md §3): amounts stay the contract's Money / Dec from the wire to the
// screen. No float conversion of an amount, no scaling outside the contract, and every rounding names
// its mode through the contract (`Money.rounded(mode)`, `roundPrice`, or format.ts's `formatDecimal`).
// lib/format.ts is where the web formats (it reads the currency scale); charts draw floats by design.
const webMoneyFiles = ['apps/web/src/**/*.ts', 'apps/web/src/**/*.tsx'];
const webMoneyIgnores = [
  'apps/web/src/**/*.test.ts',
  'apps/web/src/**/*.test.tsx',
  'apps/web/src/**/test-fixtures.ts',
  'apps/web/src/test-support.tsx',
  'apps/web/src/lib/format.ts',
  'apps/web/src/features/market/chart-data.ts',
  'apps/web/src/features/market/PriceChart.tsx',
  'apps/web/src/features/copy-funds/NavChart.tsx',
  'apps/web/src/features/loans/ScoreGauge.tsx',
];
const amountName =
  '/(amount|balance|available|withdrawable|price|fee|total|principal|interest|nav|profit|yingkui|margin|cost|money)/i';
const webMoneySyntax = [
  ...moneyRounding,
  {
    selector: "CallExpression[callee.property.name='toFixed'][arguments.length=1]",
    message:
      "Name the rounding: formatDecimal(value, places, 'half_up' | 'down' | 'up') from lib/format, or Money.rounded(mode).",
  },
  {
    selector: "CallExpression[callee.object.name='Number'][callee.property.name='parseFloat']",
    message: "Money never touches a float: keep the decimal string, or the contract's Money / Dec.",
  },
  {
    selector: `CallExpression[callee.name='Number'][arguments.0.name=${amountName}]`,
    message: 'An amount never becomes a JavaScript number: compare and compute with Money / Dec.',
  },
  {
    selector: `CallExpression[callee.name='Number'][arguments.0.property.name=${amountName}]`,
    message: 'An amount never becomes a JavaScript number: compare and compute with Money / Dec.',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'apps/server/drizzle/**',
      'test-artifacts/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-globals': [
        'error',
        { name: 'parseFloat', message: 'Money never touches a float: use Money/Decimal.' },
      ],
    },
  },
  // Typed rules: every .ts file belongs to a tsconfig (apps/*, packages/*, e2e, bench) except the vitest configs.
  {
    files: ['**/*.ts', '**/*.tsx'],
    ignores: ['vitest.config.ts', 'apps/*/vitest.config.ts', 'packages/*/vitest.config.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // react-router's navigate() returns a promise that settles when the navigation is done and never rejects
      // (a failing loader or render goes to the route's errorElement): there is nothing to await or catch.
      '@typescript-eslint/no-floating-promises': [
        'error',
        {
          allowForKnownSafeCalls: [{ from: 'package', package: 'react-router', name: 'NavigateFunction' }],
        },
      ],
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  // Imports: module boundaries and no cycles (import-x resolves `./x.js` to `./x.ts` as tsc's Bundler mode does).
  {
    files: ['**/*.ts', '**/*.tsx'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
          extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
        }),
      ],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    plugins: { server: { rules: { 'no-module-cycle': noModuleCycle } } },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: boundaryZones }],
      // import-x/no-cycle sees file cycles; this one sees cycles between modules (eslint-rules/no-module-cycle.js).
      'server/no-module-cycle': ['error', { modulesDir: inServer('modules') }],
    },
  },
  // Data access and transactions (docs/style.md §1, docs/decisions.md "One transaction seam"): only
  // repositories (and the tables beside them) build queries; only the edges open a transaction,
  // with platform/db's `transaction()`, never drizzle's `.transaction()` method.
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      'apps/server/src/**/*.test.ts',
      'apps/server/src/test/**',
      'apps/server/src/**/*.repository.ts',
      'apps/server/src/**/*.tables.ts',
      'apps/server/src/platform/db.ts',
      'apps/server/src/platform/idempotency.ts',
      // the shared column types of the *.tables.ts files
      'apps/server/src/platform/columns.ts',
      // the repositories' array parameters (a page of ids as one `= any($1)`)
      'apps/server/src/platform/sql-arrays.ts',
      // Every module file that queried has moved into a repository: no file is listed here, and none may be.
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'drizzle-orm', message: 'Only repositories query (*.repository.ts): add a function there.' }],
          patterns: [
            { group: ['drizzle-orm/*'], message: 'Only repositories query (*.repository.ts): add a function there.' },
          ],
        },
      ],
    },
  },
  // Money's scale comes from the contract only. A separate rule id from the drizzle block's
  // no-restricted-imports above, so neither replaces the other's options.
  {
    files: [moduleFiles],
    ignores: serverTests,
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { paths: [moneyScaleImports] }] },
  },
  // no-restricted-syntax carries four checks, so each file set below lists all that apply to it
  // (a later block would replace the rule's options, not add to them): a module file gets the
  // money rounding checks on top of its transaction checks.
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: [...serverTests, 'apps/server/src/platform/db.ts', ...serverEdges],
    rules: { 'no-restricted-syntax': ['error', methodTransaction, importTransaction] },
  },
  {
    files: [moduleFiles],
    ignores: [...serverTests, ...serverEdges],
    rules: {
      'no-restricted-syntax': ['error', methodTransaction, importTransaction, ...moneyRounding, ...moneyRecords],
    },
  },
  {
    files: moneyKernel,
    ignores: [...serverTests, ...serverEdges],
    rules: { 'no-restricted-syntax': ['error', methodTransaction, importTransaction, ...moneyRounding] },
  },
  {
    files: serverEdges,
    rules: { 'no-restricted-syntax': ['error', methodTransaction] },
  },
  {
    files: moduleEdges,
    ignores: serverTests,
    rules: { 'no-restricted-syntax': ['error', methodTransaction, ...moneyRounding, ...moneyRecords] },
  },
  {
    // the kernel's edges (ledger/assets.routes.ts): the edge checks without the records checks
    files: moduleEdges
      .filter((glob) => glob.startsWith('apps/server/src/modules/**/'))
      .map((glob) => glob.replace('apps/server/src/modules/**/', 'apps/server/src/modules/ledger/**/')),
    ignores: serverTests,
    rules: { 'no-restricted-syntax': ['error', methodTransaction, ...moneyRounding] },
  },
  {
    files: ['apps/server/src/modules/*/index.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        methodTransaction,
        importTransaction,
        ...tableExports,
        ...moneyRounding,
        ...moneyRecords,
      ],
    },
  },
  {
    files: ['apps/admin/src/**/*.ts', 'apps/admin/src/**/*.tsx'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: adminBoundaryZones }] },
  },
  // The back office's money rules (see adminMoney above): lib/decimal.ts is the one place that rounds a rate.
  {
    files: ['apps/admin/src/**/*.ts', 'apps/admin/src/**/*.tsx'],
    ignores: [...adminTests, 'apps/admin/src/lib/decimal.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { paths: [moneyScaleImports] }],
      'no-restricted-syntax': ['error', ...adminMoney],
    },
  },
  // Web app: a feature imports another only through its index.ts (see webFeatureZones above).
  {
    files: ['apps/web/src/**/*.ts', 'apps/web/src/**/*.tsx'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: webFeatureZones }] },
  },
  {
    files: webMoneyFiles,
    ignores: webMoneyIgnores,
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { paths: [moneyScaleImports] }],
      'no-restricted-syntax': ['error', ...webMoneySyntax],
    },
  },
  {
    files: ['apps/web/**/*.tsx', 'apps/admin/**/*.tsx', 'apps/web/**/*.ts', 'apps/admin/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
);
