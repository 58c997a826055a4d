import js from "@eslint/js";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import { layers } from "./eslint.layers.js";

export default tseslint.config(
  {
    ignores: ["build/**", "public/build/**", "app/generated/**", "node_modules/**", "test-results/**", "playwright-report/**", "tests/.tmp/**", ".cache/**"],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { react, "react-hooks": reactHooks },
    settings: { react: { version: "18.3" } },
    rules: {
      ...react.configs.recommended.rules,
      ...react.configs["jsx-runtime"].rules,
      ...reactHooks.configs.recommended.rules,
      "react/prop-types": "off",
      "no-console": "error",
      // `key in table` is true for "__proto__" or "constructor" too: a name from a request must be looked up with
      // Object.hasOwn (a login page crashed on ?notice=__proto__).
      "no-restricted-syntax": [
        "error",
        { selector: "BinaryExpression[operator='in'][left.type!='Literal']", message: "Use Object.hasOwn(table, key): `in` also finds inherited names such as __proto__." },
      ],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  ...layers,
  // The journeys take `test` and `expect` from tests/e2e/fixtures.ts, whose pages wait until React has hydrated them
  // (decision 0072): a spec with Playwright's own `test` clicks before the handlers are on, and fails one run in many.
  {
    files: ["tests/e2e/**/*.ts"],
    ignores: ["tests/e2e/fixtures.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          paths: ["@playwright/test", "playwright/test"].map((name) => ({
            name,
            allowTypeImports: true,
            message: 'Import `test` and `expect` from "./fixtures" (it waits for hydration); only types come from Playwright.',
          })),
        },
      ],
    },
  },
);
