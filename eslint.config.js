// Lint rules for the whole repository. Besides correctness rules, two kinds of rules
// enforce the architecture: import cycles are errors, and restricted paths keep the
// dependency direction (main → server → services → access | http | database; in the
// web app, app → features → components | lib; packages never import apps).
import fs from 'node:fs';
import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import tseslint from 'typescript-eslint';

const serverServices = ['auth', 'rest', 'storage', 'realtime', 'functions'];
const server = 'apps/server/src';

const serviceIsolation = serverServices.map((service) => ({
  target: `./${server}/services/${service}`,
  from: `./${server}/services`,
  except: [`./${service}`],
  message: 'Services never import each other: move what two services share down a layer.',
}));

// Web areas never import each other (what two areas share moves down to components/ or lib/);
// the account screens (profile, setup) may use the auth feature's form hook and layout.
const webFeatures = 'apps/web/src/features';
const accountScreens = ['profile', 'setup'];
const featureIsolation = fs
  .readdirSync(webFeatures, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map(({ name }) => ({
    target: `./${webFeatures}/${name}`,
    from: `./${webFeatures}`,
    except: accountScreens.includes(name) ? [`./${name}`, './auth'] : [`./${name}`],
    message: 'Areas never import each other: move what two areas share to components/ or lib/.',
  }));

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '**/.data*/**',
      'artifacts/**',
      'coverage/**',
      '**/*.d.ts',
      'packages/schemas/src/database.types.ts',
      'apps/server/tests/**/fixtures/**/*.js',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts', 'packages/i18n/vitest.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    plugins: { import: importPlugin },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] } },
      'import/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import/ignore': ['node_modules'],
      'import/external-module-folders': ['node_modules'],
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import/no-cycle': ['error', { maxDepth: 8, ignoreExternal: true }],
      'import/no-self-import': 'error',
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            ...serviceIsolation,
            ...featureIsolation,
            {
              target: [`./${server}/access`, `./${server}/http`, `./${server}/database`],
              from: [
                `./${server}/services`,
                `./${server}/server.ts`,
                `./${server}/platform.ts`,
                `./${server}/main.ts`,
              ],
              message: 'Lower layers never import services or the server.',
            },
            {
              target: `./${server}/services`,
              from: [`./${server}/server.ts`, `./${server}/platform.ts`, `./${server}/main.ts`],
              message: 'Services are mounted by the server; they never import it.',
            },
            {
              target: './packages',
              from: './apps',
              message: 'Packages never import apps.',
            },
            {
              target: ['./apps/web/src/components', './apps/web/src/lib'],
              from: ['./apps/web/src/features', './apps/web/src/app'],
              message: 'Components and lib sit below features and the app.',
            },
            {
              target: './apps/web/src/features',
              from: './apps/web/src/app',
              message: 'Features never import the app layer.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
);
