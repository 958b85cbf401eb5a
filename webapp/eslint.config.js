// Lint for the web app (`npm run lint`, a step of `just test`): TypeScript's
// recommended rules, React's hooks rules, and the feature boundaries.
import { readdirSync } from "node:fs";
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

/** The feature folders (src/features/<name>/), each with a public entry, index.ts. */
const features = readdirSync(new URL("./src/features/", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const DEEP = "Import another feature through its public entry (features/<name>/index.ts), not a file inside it.";

/**
 * Feature boundaries: a feature reaches another only through its index;
 * shared code (lib, components) depends on no feature.
 */
const boundaries = [
  ...features.map((feature) => ({
    files: [`src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: `^\\.\\./(?!${feature}/)(${features.join("|")})/`,
              message: DEEP,
            },
            { regex: "(^|/)features/[^/]+/", message: DEEP },
          ],
        },
      ],
    },
  })),
  {
    files: ["src/app/**/*.{ts,tsx}", "src/testing/**/*.{ts,tsx}", "src/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ regex: "(^|/)features/[^/]+/", message: DEEP }] }],
    },
  },
  {
    files: ["src/lib/**/*.{ts,tsx}", "src/components/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ regex: "(^|/)features(/|$)", message: "Shared code (lib, components) must not depend on a feature." }] },
      ],
    },
  },
];

const FORMAT = "Numbers, money and text order are the domain's rules: call the crate through src/lib/domain.ts (formatStat, formatCount, messageCount, priceLabel, listingOrder, ...) instead of formatting or comparing by locale here.";

/**
 * No locale formatting or collation in app code (issue 9: no TypeScript file
 * formats money or numbers with Indian grouping, or sorts by a rule of its
 * own). Tests may use them to compute what they expect.
 */
const noLocaleFormatting = {
  files: ["src/**/*.{ts,tsx}"],
  ignores: ["src/**/*.test.{ts,tsx}", "src/testing/**", "src/test-setup.ts"],
  rules: {
    "no-restricted-syntax": [
      "error",
      { selector: "CallExpression[callee.property.name=/^(toLocaleString|localeCompare|toLocaleLowerCase|toLocaleUpperCase)$/]", message: FORMAT },
      { selector: "MemberExpression[object.name='Intl'][property.name=/^(NumberFormat|Collator|PluralRules)$/]", message: FORMAT },
    ],
  },
};

export default tseslint.config(
  { ignores: ["dist/", "domain-pkg/", "node_modules/", "playwright-report/", "test-results/", "src/lib/api/schema.d.ts"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["src/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
    },
  },
  {
    // Node scripts (and screenshots.mjs's page callbacks, which run in the browser).
    files: ["**/*.{js,mjs}"],
    languageOptions: {
      globals: { console: "readonly", process: "readonly", URL: "readonly", setTimeout: "readonly", document: "readonly", window: "readonly" },
    },
  },
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
    },
  },
  ...boundaries,
  noLocaleFormatting,
);
