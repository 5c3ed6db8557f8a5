// Type-aware lint for every workspace (STYLE.md: no-floating-promises, switch exhaustiveness).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import fs from 'node:fs';
import path from 'node:path';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

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
  // Every folder but app/ itself; main.tsx (at the root of src/) is the one file that may.
  target: './!(app)/**',
  from: './app',
  message: 'Only main.tsx imports app/; app/ composes features, never the other way round.',
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
