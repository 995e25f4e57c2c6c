// The lint half of the gate (`npm run lint`: ESLint, Prettier, knip, tsc). The layers it keeps
// are drawn in docs/decisions/009-layout.md.
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import { importX } from "eslint-plugin-import-x";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";

/** Files of one layer may not import these. */
const zones = [
  {
    target: "./app",
    from: "./platform",
    message: "The console reaches the platform over its API only.",
  },
  { target: "./platform", from: "./app", message: "The platform never imports the console." },
  { target: "./contract", from: ["./app", "./platform"], message: "The contract imports nothing." },
  {
    target: "./app/platform-client",
    from: ["./app/auth", "./app/http", "./app/routes", "./app/components"],
    message: "The platform client knows no session, page or UI.",
  },
];

/**
 * The store layer (decision 021): the only files that hold SQL or touch a connection —
 * platform/db, and each area's store module(s).
 */
const storeLayer = [
  "platform/db/**",
  "platform/**/store.ts",
  "platform/**/*-store.ts",
  "platform/**/store/**",
];

/**
 * Routes only wire (issue 24, decision 027): a route module's loader and action call its area's
 * server module (app/<area>/*.server.ts), which calls the typed platform client
 * (app/platform-client/<area>.server.ts) — the only place an API path is written.
 */
const routesOnlyWire =
  "Routes only wire: call the area's server module (app/<area>/*.server.ts), which calls the typed client (decision 027).";

const apiPathsInClient =
  "API paths live in the typed client only (app/platform-client/<area>.server.ts, decision 027).";

/** The platform API's own prefixes, which no console page uses (/api/kg/…, /api/graphadmin/…, /api/common/…). */
const API_PATH = "/^\\/(kg|graphadmin|common)\\//";

export default tseslint.config(
  {
    ignores: [
      "build/**",
      "public/build/**",
      "bench/.build/**",
      "bench/.bare-build/**",
      "data/**",
      "test-results/**",
      "playwright-report/**",
      ".e2e-data/**",
      "node_modules/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "module",
      globals: {
        console: "readonly",
        process: "readonly",
        window: "readonly",
        document: "readonly",
      },
    },
    plugins: { "react-hooks": reactHooks, "import-x": importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.json" })],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "no-undef": "off", // TypeScript checks names
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" },
      ],
      "@typescript-eslint/consistent-type-imports": [
        "error",
        { prefer: "type-imports", fixStyle: "inline-type-imports", disallowTypeAnnotations: false },
      ],
      // Input checks match control characters on purpose (a NUL or an escape in a path or a name).
      "no-control-regex": "off",
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "import-x/no-self-import": "error",
      "import-x/no-restricted-paths": ["error", { zones }],
    },
  },
  {
    // UI is UI: a component never imports server code (a *.server module is not in the browser build).
    files: ["app/components/**"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/*.server", "~/auth/*", "~/http/*", "~/platform-client/*"],
              message: "Components are UI only: no server module.",
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  {
    // The contract is types only: both halves import it with `import type`.
    files: ["app/**", "platform/**"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "ImportDeclaration[source.value=/^@contract\\//][importKind!='type']",
          message: "Import the contract with `import type`.",
        },
      ],
    },
  },
  {
    // Promises are awaited or handed on: a forgotten await on the async store is a write that
    // may land after its transaction, or an error nobody sees.
    files: ["platform/**/*.ts", "server.ts", "server/**/*.ts"],
    languageOptions: { parserOptions: { projectService: true } },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/await-thenable": "error",
    },
  },
  {
    // SQL lives in the store layer only: services, routes, parsers and the job runner call its
    // typed functions and hold neither SQL nor a connection.
    files: ["platform/**/*.ts", "server.ts", "server/**/*.ts"],
    ignores: storeLayer,
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          paths: ["kysely", "better-sqlite3", "pg", "pg-cursor"].map((name) => ({
            name,
            message: "Queries live in the store layer (platform/<area>/store.ts).",
            allowTypeImports: true,
          })),
        },
      ],
      "no-restricted-syntax": [
        "error",
        {
          selector:
            "CallExpression[callee.property.name=/^(selectFrom|selectNoFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto|prepare|pragma)$/]",
          message:
            "Queries and transactions live in the store layer (platform/<area>/store.ts); call its functions.",
        },
        {
          selector:
            "CallExpression[callee.property.name='transaction'][callee.object.name=/^(db|tx)$/]",
          message: "Transactions live in the store layer: ctx.store.write(…) or a store function.",
        },
        {
          selector: "MemberExpression[object.name='ctx'][property.name='db']",
          message: "ctx.db is the old synchronous connection: use the store layer.",
        },
        {
          selector: "ImportDeclaration[source.value=/^@contract\\//][importKind!='type']",
          message: "Import the contract with `import type`.",
        },
      ],
    },
  },
  {
    // API paths live in the typed client only (app/platform-client/<area>.server.ts, decision 027).
    files: ["app/**"],
    ignores: ["app/platform-client/**"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "ImportDeclaration[source.value=/^@contract\\//][importKind!='type']",
          message: "Import the contract with `import type`.",
        },
        { selector: `Literal[value=${API_PATH}]`, message: apiPathsInClient },
        {
          selector: `TemplateLiteral > TemplateElement:first-child[value.raw=${API_PATH}]`,
          message: apiPathsInClient,
        },
      ],
    },
  },
  {
    files: ["app/routes/**", "app/table/routes/**"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["~/platform-client", "~/platform-client/*"], message: routesOnlyWire },
          ],
          paths: [
            { name: "~/http/page.server", importNames: ["fetchOr404"], message: routesOnlyWire },
            { name: "~/http/pass-through.server", message: routesOnlyWire },
          ],
        },
      ],
      "no-restricted-syntax": [
        "error",
        {
          selector: "ImportDeclaration[source.value=/^@contract\\//][importKind!='type']",
          message: "Import the contract with `import type`.",
        },
        {
          selector:
            "CallExpression[callee.property.name=/^(get|post|put|patch|delete|raw|call)$/][callee.object.name='api']",
          message: routesOnlyWire,
        },
        {
          selector:
            "CallExpression[callee.property.name=/^(get|post|put|patch|delete|raw|call)$/][callee.object.property.name='api']",
          message: routesOnlyWire,
        },
        { selector: `Literal[value=${API_PATH}]`, message: routesOnlyWire },
        {
          selector: `TemplateLiteral > TemplateElement:first-child[value.raw=${API_PATH}]`,
          message: routesOnlyWire,
        },
      ],
    },
  },
  {
    files: ["tests/**", "bench/**", "scripts/**"],
    rules: {
      "@typescript-eslint/no-explicit-any": "off",
      // Playwright's fixtures are functions named like hooks (`use`) and take `{}` when they need nothing.
      "react-hooks/rules-of-hooks": "off",
      "no-empty-pattern": "off",
    },
  },
);
