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

const DEEP = "Import a feature through its public entry (features/<name>/index.ts), not a file inside it.";

const CROSS =
  "A feature must not import another feature (issue 23): where one screen shows another feature's, compose them in src/app/ (pass the component or a callback as a prop); code both need is shared, so move it to src/lib/ or src/components/.";

/** An import of a feature other than `feature`: `../auth`, `../auth/session`, `../../features/auth`. */
function otherFeature(feature) {
  const others = features.filter((name) => name !== feature);
  return `^(\\.\\./)+(${others.join("|")})(/|$)|(^|/)features/(?!${feature}(/|$))`;
}

/**
 * The same boundary for what `no-restricted-imports` does not read: a
 * dynamic `import("…")` and a test's `vi.mock("…")` / `vi.importActual("…")`
 * of a path matching the option (a regular expression).
 */
const boundaryPlugin = {
  rules: {
    "no-dynamic-import": {
      meta: { type: "problem", schema: [{ type: "string" }, { type: "string" }] },
      create(context) {
        const [pattern, message] = context.options;
        const forbidden = new RegExp(pattern);
        const check = (source) => {
          if (source?.type === "Literal" && typeof source.value === "string" && forbidden.test(source.value)) {
            context.report({ node: source, message: `'${source.value}' import is restricted. ${message}` });
          }
        };
        return {
          ImportExpression: (node) => check(node.source),
          CallExpression(node) {
            const callee = node.callee;
            if (callee.type === "MemberExpression" && callee.object.type === "Identifier" && callee.object.name === "vi" && /^(mock|doMock|importActual|importMock)$/.test(callee.property.name ?? "")) {
              check(node.arguments[0]);
            }
          },
        };
      },
    },
  },
};

/**
 * Feature boundaries: a feature imports no other feature at all (the app
 * composes them: `src/app/`); the app and the test helpers reach a feature
 * only through its index; shared code (lib, components) depends on no
 * feature.
 */
const boundaries = [
  ...features.map((feature) => ({
    files: [`src/features/${feature}/**/*.{ts,tsx}`],
    plugins: { boundaries: boundaryPlugin },
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ regex: otherFeature(feature), message: CROSS }] }],
      "boundaries/no-dynamic-import": ["error", otherFeature(feature), CROSS],
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
