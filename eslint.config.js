// Type-aware lint for every workspace (STYLE.md: no-floating-promises, switch exhaustiveness).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import fs from 'node:fs';
import path from 'node:path';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';

// ---- Server and shared import boundaries (ARCHITECTURE.md "Layout"; issue 10) -------------
// A module in apps/server/src/modules/<x> reaches another module only through its
// `*.service.ts` or `index.ts`; db/ and lib/ know no feature; packages/shared imports no app;
// no import cycles. Self-contained: the web app's boundaries are a block of their own.
const serverSrc = path.join(import.meta.dirname, 'apps/server/src');
const serverModules = fs
  .readdirSync(path.join(serverSrc, 'modules'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
// The storage engine stays in db/ (db/engine.ts): repositories get its specific parts from
// factories at start-up, services never see it.
const writePathFiles = [
  'apps/server/src/db/write-batch.ts',
  'apps/server/src/db/reusable-query.ts',
];
// Outside its module a repository is imported only by these two: the demo seed writes its rows
// directly, and bench/ measures the queries themselves.
const repositoryImporters = ['apps/server/src/demo', 'bench'];
const serverSrcEntries = fs
  .readdirSync(serverSrc, { withFileTypes: true })
  .map((entry) => `apps/server/src/${entry.name}`)
  .filter((entry) => entry !== 'apps/server/src/modules' && !repositoryImporters.includes(entry));
const repositoryZone = {
  target: [...serverSrcEntries, 'apps/server/test', 'packages/shared'],
  from: 'apps/server/src/modules/*/*.repository.ts',
  message:
    'A repository is reached only inside its module (through its service elsewhere); the demo seed (apps/server/src/demo/) and bench/ are the only exceptions.',
};
const serviceZone = {
  target: 'apps/server/src/**/*.service.ts',
  from: writePathFiles,
  message:
    'A service never sees the storage engine: db/write-batch.ts and db/reusable-query.ts are for repositories.',
};

const serverZones = [
  ...serverModules.map((name) => ({
    target: `apps/server/src/modules/${name}`,
    from: `${serverSrc}/modules/*/**`,
    except: [
      `${serverSrc}/modules/${name}/**`,
      `${serverSrc}/modules/*/*.service.ts`,
      `${serverSrc}/modules/*/index.ts`,
    ],
    message: `Another module is reached only through its *.service.ts or index.ts.`,
  })),
  {
    target: 'apps/server/src/modules',
    from: [
      'apps/server/src/realtime',
      'apps/server/src/demo',
      'apps/server/src/app.ts',
      'apps/server/src/http-app.ts',
      'apps/server/src/services.ts',
      'apps/server/src/main.ts',
    ],
    message: 'Modules sit below the app, realtime and demo layers.',
  },
  {
    target: ['apps/server/src/db', 'apps/server/src/lib'],
    from: [
      'apps/server/src/modules',
      'apps/server/src/realtime',
      'apps/server/src/demo',
      'apps/server/src/app.ts',
      'apps/server/src/http-app.ts',
      'apps/server/src/services.ts',
      'apps/server/src/main.ts',
    ],
    message: 'db/ and lib/ know no feature.',
  },
  {
    target: 'packages/shared',
    from: 'apps',
    message: 'packages/shared imports no app.',
  },
  repositoryZone,
];
const serverBoundaries = {
  files: ['apps/server/**/*.ts', 'packages/shared/**/*.ts', 'bench/**/*.ts'],
  plugins: { 'import-x': importX },
  settings: {
    // Dependencies are parsed as TypeScript too, or no-cycle would not see past the first file.
    'import-x/extensions': ['.ts', '.js'],
    'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
    'import-x/resolver-next': [
      createTypeScriptImportResolver({
        project: ['apps/server/tsconfig.json', 'packages/shared/tsconfig.json'],
        noWarnOnMultipleProjects: true,
        // ESM TypeScript imports say `./x.js` for `./x.ts`.
        extensionAlias: { '.js': ['.ts', '.js'] },
      }),
    ],
  },
  rules: {
    'import-x/no-restricted-paths': [
      'error',
      { basePath: import.meta.dirname, zones: serverZones },
    ],
    'import-x/no-cycle': ['error', { ignoreExternal: true }],
  },
};
// Services: the same zones and the write path's files.
const serviceBoundaries = {
  files: ['apps/server/src/**/*.service.ts'],
  rules: {
    'import-x/no-restricted-paths': [
      'error',
      { basePath: import.meta.dirname, zones: [...serverZones, serviceZone] },
    ],
  },
};
// The database drivers and Kysely's engine-specific classes are imported under db/ alone
// (db/index.ts opens the database, db/engine.ts tells the engines apart); bench/ and tests,
// which open databases of their own, are exempt.
const engineMessage =
  'The storage engine stays in apps/server/src/db/: take its specific parts from a factory given the Engine (db/engine.ts) at start-up.';
const engineImports = {
  files: ['**/*.{ts,tsx}'],
  ignores: ['apps/server/src/db/**', 'bench/**', '**/*.test.ts', 'apps/server/test/**'],
  rules: {
    '@typescript-eslint/no-restricted-imports': [
      'error',
      {
        paths: [
          { name: 'better-sqlite3', message: engineMessage },
          { name: 'pg', message: engineMessage },
        ],
        patterns: [
          { regex: '^(pg-[a-z-]+|better-sqlite3/.*)$', message: engineMessage },
          {
            group: ['kysely'],
            importNamePattern: '^(Sqlite|Postgres|Mysql|Mssql)',
            message: engineMessage,
          },
        ],
      },
    ],
  },
};
// ---- end of server boundaries ------------------------------------------------------------

// ---- Web import boundaries (ARCHITECTURE.md "Layout", STYLE.md bulletproof-react) ----------
// Code flows one way: components/ and lib/ -> features/<x> -> app/ -> main.tsx. A feature
// imports no other feature; two features meet in app/, which composes them.
const webSrc = path.join(import.meta.dirname, 'apps/web/src');
const webFeatures = fs
  .readdirSync(path.join(webSrc, 'features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const featureZones = webFeatures.map((feature) => ({
  target: `./features/${feature}`,
  from: './features',
  except: [`./${feature}`],
  message: 'A feature imports no other feature; compose the two in app/ (ARCHITECTURE.md).',
}));
const sharedZone = {
  target: ['./components', './lib'],
  from: './features',
  message: 'components/ and lib/ know no feature (ARCHITECTURE.md).',
};
const appZone = {
  // Every folder but app/ itself; the entries at the root of src/ (main.tsx, landing.tsx,
  // prerender.tsx) are the files that may.
  target: './!(app)/**',
  from: './app',
  message:
    'Only the entries (src/*.tsx) import app/; app/ composes features, never the other way round.',
};
const webBoundaries = (zones) => ({
  'import-x/no-restricted-paths': ['error', { basePath: webSrc, zones }],
});

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      '.tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { attributes: false } },
      ],
    },
  },
  serverBoundaries,
  serviceBoundaries,
  engineImports,
  {
    // The gazetteer's index is built in its worker thread only: on the server's thread the build
    // froze every request for seconds (modules/places/gazetteer.ts).
    files: ['apps/server/**/*.ts'],
    ignores: ['apps/server/src/modules/places/gazetteer.worker.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: 'gazetteer-build(\\.js)?$',
              message: 'Only gazetteer.worker.ts builds the gazetteer, off the server thread.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  // Web import boundaries, with the TypeScript resolver so `../x` and `.tsx` resolve as tsc does.
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: 'apps/web/tsconfig.json' }),
      ],
    },
    rules: {
      ...webBoundaries([...featureZones, sharedZone, appZone]),
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // A test may import what it tests, including the app's composition of a page.
    files: ['apps/web/src/**/*.test.{ts,tsx}', 'apps/web/src/test/**'],
    rules: webBoundaries([...featureZones, sharedZone]),
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
  },
);
