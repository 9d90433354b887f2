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
    // Tests read proxies before load on purpose, to pin the in-memory workbook's Office-like errors.
    files: ["**/*.test.ts", "**/*.test.tsx"],
    rules: {
      "office-addins/call-sync-before-read": "off",
      "office-addins/call-sync-after-load": "off",
      "office-addins/load-object-before-read": "off",
    },
  },
];
