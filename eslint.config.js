// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
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
  // never cast. Upcasters, which read data of an older shape, and tests are the exceptions. Add a folder to
  // `files` once its reactions are typed (workers/ and backend/ still hold casts).
  {
    files: ['projections/src/**/*.ts'],
    ignores: ['**/*.test.ts', '**/testing/**', '**/*.upcaster.ts'],
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
