// One lint configuration for every workspace (issue 20): ESLint's and typescript-eslint's
// recommended rules, the rules of hooks, and jsx-a11y on the frontends' JSX.
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The files a tsconfig.json includes, so the type-aware rules below have types to read.
const TYPE_CHECKED = [
  'svc-*/{src,test,bench}/**/*.ts',
  'packages/{contracts,results,service-kit,shell-sdk,ui}/src/**/*.{ts,tsx}',
  'packages/{local-stack,static-server,webpack-config}/**/*.{mjs,cjs,js}',
  'packages/api-reference/examples/*.ts',
];

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/dist-server/**', '**/node_modules/**', '**/.swc/**', '**/.data/**', '**/.tmp/**',
      '**/test-results/**', '**/playwright-report/**', '**/coverage/**', '**/.fake-providers/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,mts,mjs,js,cjs}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['**/test/**', '**/*.test.*', '**/*.spec.*', '**/*.e2e-spec.*'],
    languageOptions: { globals: globals.jest },
  },
  {
    files: ['**/*.{tsx,jsx}'],
    plugins: { 'react-hooks': reactHooks },
    // The rules of hooks. The React Compiler's rules in the plugin's recommended set are left
    // off: the product is not compiled with the React Compiler.
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  { files: ['**/*.{tsx,jsx}'], ...jsxA11y.flatConfigs.recommended },
  {
    // Type-aware rules (issue 34) where a forgotten await or an unhandled case costs most: the
    // services and the shared packages. Each file is checked with the tsconfig.json nearest to it.
    files: TYPE_CHECKED,
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      // A default case is the answer to a union too large to list (Stripe's event types); a switch over
      // a plain string must say what happens to the rest.
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true, requireDefaultForNonUnion: true }],
    },
  },
);
