const officeAddins = require("eslint-plugin-office-addins");
module.exports = [
  { ignores: ["dist/**", "build/**", "node_modules/**", "coverage/**", "test/e2e/artifacts/**"] },
  ...officeAddins.configs.recommended,
  ...officeAddins.configs.react,
  {
    languageOptions: { ecmaVersion: 2022, globals: { console: "readonly", process: "readonly", Office: "readonly", Excel: "readonly", CustomFunctions: "readonly" } },
    rules: { "no-undef": "off" },
  },
];
