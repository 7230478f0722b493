// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '.test-data/**', 'e2e/screenshots/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  {
    // Tests read loosely typed JSON answers; `any` there keeps assertions readable.
    files: ['**/*.test.ts', '**/*.test.tsx', '**/testing/**/*.ts', 'e2e/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  // STYLE.md (typed reactions): an event's data is typed by its type (domain/src/events.ts, `ProjectedEvent`),
  // never cast (`isEventOf` filters decided events). Upcasters, which read data of an older shape, and tests
  // (contract suites included) are the exceptions.
  {
    files: ['{backend,workers,projections,platform,domain}/src/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.contract.ts', '**/testing/**', '**/*.upcaster.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: ":matches(TSAsExpression, TSTypeAssertion)[expression.type='MemberExpression'][expression.property.name='data']",
          message: "Type the event instead of casting its data: a handler map keyed by event type (defineProjection, ProjectedEvent<'Type'>) gives each handler its event's data.",
        },
      ],
    },
  },
  {
    files: ['frontend/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  // STYLE.md (bulletproof-react): imports flow one way, shared → features → app, and features do not
  // import each other. What two features need lives in components/, lib/, stores/ or domain/.
  {
    files: ['frontend/src/{components,lib,testing}/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['@/features/*', '@/app/*'], message: 'Shared code must not depend on features or the app.' }] }],
    },
  },
  // lib/ is below the store too: the store's slices call lib/ (the API client), so lib/ reaching back into
  // stores/ closes a circle. What lib/ needs of the session is given to it by main.tsx and app/ (configureApi,
  // startRealtime's session). Its tests may use the store: they check the wiring.
  {
    files: ['frontend/src/lib/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/features/*', '@/app/*', '@/stores/*', '**/features/*', '**/app/*', '**/stores/*'],
              message: 'lib/ must not depend on stores/, features/ or the app: take what it needs as a parameter or through a configure function called from app/.',
            },
          ],
        },
      ],
    },
  },
  // No import circle in the UI: a module that imports itself again through others runs before its own
  // exports exist. Type-only imports are erased at build, so they do not count.
  {
    files: ['frontend/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: fileURLToPath(new URL('./frontend/tsconfig.json', import.meta.url)) }),
      ],
    },
    rules: { 'import-x/no-cycle': 'error' },
  },
  ...featureNames().map((feature) => ({
    files: [`frontend/src/features/${feature}/**/*.{ts,tsx}`],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/features/*', `!@/features/${feature}`, '@/app/*'],
              message: 'Features do not import each other nor the app (STYLE.md); share through components/, lib/, stores/ or domain/.',
            },
          ],
        },
      ],
    },
  })),
);

/** The folders of frontend/src/features, one lint block each. */
function featureNames() {
  const dir = fileURLToPath(new URL('./frontend/src/features', import.meta.url));
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
}
