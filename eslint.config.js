// ESLint: the Office add-ins plugin's recommended rules (sync/load discipline, prettier) for
// TypeScript and TSX, with the TypeScript parser for both.
const officeAddins = require("eslint-plugin-office-addins");
const tsParser = require("@typescript-eslint/parser");
const tsPlugin = require("@typescript-eslint/eslint-plugin");

module.exports = [
  { ignores: ["dist/**", "build/**", "node_modules/**", "coverage/**", "test/e2e/artifacts/**", "**/*.js"] },
  ...officeAddins.configs.react,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "@typescript-eslint": tsPlugin },
    languageOptions: {
      parser: tsParser,
      ecmaVersion: 2022,
      sourceType: "module",
      parserOptions: { ecmaFeatures: { jsx: true } },
    },
    settings: { react: { version: "18" } },
    rules: {
      "no-undef": "off",
      "no-unused-vars": "off",
      "no-redeclare": "off",
      "react/react-in-jsx-scope": "off",
      "react/prop-types": "off",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" }],
    },
  },
  {
    // Short functions (#26): a function longer than 80 lines or with more than 20 paths through it
    // is split into named parts. Tests are exempt: a describe block is a list of cases, not a function.
    files: ["**/*.{ts,tsx}"],
    ignores: ["**/*.test.ts", "**/*.test.tsx", "test/**"],
    rules: {
      "max-lines-per-function": ["error", { max: 80, skipBlankLines: true, skipComments: true }],
      complexity: ["error", 20],
    },
  },
  {
    // Tests read proxies before load on purpose, to pin the in-memory workbook's Office-like errors.
    files: ["**/*.test.ts", "**/*.test.tsx"],
    rules: {
      "office-addins/call-sync-before-read": "off",
      "office-addins/call-sync-after-load": "off",
      "office-addins/load-object-before-read": "off",
    },
  },
];
