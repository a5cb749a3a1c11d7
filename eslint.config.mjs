// One lint configuration for every workspace (issue 20): ESLint's and typescript-eslint's
// recommended rules, the rules of hooks, and jsx-a11y on the frontends' JSX.
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

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
);
