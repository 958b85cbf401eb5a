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

/** Locale formatting and collation (issue 9). */
const FORMAT_SELECTORS = [
  { selector: "CallExpression[callee.property.name=/^(toLocaleString|localeCompare|toLocaleLowerCase|toLocaleUpperCase)$/]", message: FORMAT },
  { selector: "MemberExpression[object.name='Intl'][property.name=/^(NumberFormat|Collator|PluralRules)$/]", message: FORMAT },
];

const TIME = "Dates, times and zones are written in one place: use (or add) a named function in src/lib/time.ts (dateTimeFormat, clockTime, dayDate, instantLabel, ...) instead of Intl.DateTimeFormat here.";

/**
 * Intl.DateTimeFormat only in src/lib/time.ts (one home for the web app's
 * presentation helpers): `new Intl.DateTimeFormat(...)`,
 * `Intl.DateTimeFormat(...)` and `Intl.DateTimeFormat().resolvedOptions()`
 * all contain the member expression; `Intl["DateTimeFormat"]`,
 * `globalThis.Intl.DateTimeFormat` and `const { DateTimeFormat } = Intl` are
 * caught too. Types (`Intl.DateTimeFormatOptions`) are not expressions and
 * stay allowed.
 */
const TIME_SELECTORS = [
  { selector: "MemberExpression[object.name='Intl'][property.name='DateTimeFormat']", message: TIME },
  { selector: "MemberExpression[object.name='Intl'][property.value='DateTimeFormat']", message: TIME },
  { selector: "MemberExpression[object.property.name='Intl'][property.name='DateTimeFormat']", message: TIME },
  { selector: "VariableDeclarator[init.name='Intl'] > ObjectPattern > Property[key.name='DateTimeFormat']", message: TIME },
];

const APP_CODE = { files: ["src/**/*.{ts,tsx}"], ignores: ["src/**/*.test.{ts,tsx}", "src/testing/**", "src/test-setup.ts"] };

/**
 * No locale formatting or collation in app code (issue 9: no TypeScript file
 * formats money or numbers with Indian grouping, or sorts by a rule of its
 * own), and no date formatting outside src/lib/time.ts. Tests may use them
 * to compute what they expect. One `no-restricted-syntax` list: flat config
 * does not merge two for one file, the later replaces the earlier.
 */
const noLocaleFormatting = {
  ...APP_CODE,
  rules: { "no-restricted-syntax": ["error", ...FORMAT_SELECTORS, ...TIME_SELECTORS] },
};

/** src/lib/time.ts is the home of Intl.DateTimeFormat: the other selectors only. */
const timeHome = {
  files: ["src/lib/time.ts"],
  rules: { "no-restricted-syntax": ["error", ...FORMAT_SELECTORS] },
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
  timeHome,
);
