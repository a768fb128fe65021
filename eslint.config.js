import js from "@eslint/js";
import prettier from "eslint-config-prettier";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

// Lint for the whole tree, run by `npm run lint` inside `npm test`. The import boundaries below are the
// layout of docs/decisions/0009-one-direction-for-imports.md: fix the import, not the rule.

const FRAMEWORK = ["react-router", "react-router/*", "@react-router/*"];
const REACT = ["react", "react/*", "react-dom", "react-dom/*"];

/** Imports that leave domain/: it holds pure rules, so only zod and other domain/ modules. */
const DOMAIN_ONLY = {
  patterns: [
    {
      group: ["~/*", "@server/*", "**/app/**", "**/server/**", "**/tests/**"],
      message: "domain/ holds pure rules: it imports nothing of ours but domain/.",
    },
    { group: ["node:*"], message: "domain/ runs in the browser too: no Node built-ins." },
    {
      group: [...REACT, ...FRAMEWORK, "drizzle-orm", "drizzle-orm/*", "pg", "@electric-sql/*", "better-auth", "better-auth/*"],
      message: "domain/ holds pure rules: no React, framework or database.",
    },
  ],
};

/** server/ is framework-free: it never imports the app or React Router (main.ts, the process entry, aside). */
const SERVER_ONLY = {
  patterns: [
    { group: ["~/*", "**/app/**"], message: "server/ never imports app/: shared rules live in domain/ (@domain/...)." },
    { group: FRAMEWORK, message: "server/ is framework-free: React Router adapters live in app/http/*.server.ts." },
  ],
};

/** Code that reaches the browser never imports server code. */
const CLIENT_ONLY = {
  patterns: [
    {
      group: ["@server/*", "**/server/**"],
      message: "Code that reaches the browser never imports server/: call it from a loader or action, or from a *.server.ts adapter.",
    },
    {
      group: ["**/*.server", "**/*.server.ts", "**/*.server.tsx"],
      message: "*.server.ts modules are for loaders, actions and other *.server.ts files only.",
    },
    {
      group: ["zod", "zod/*", "@domain/**/*-input", "**/domain/**/*-input"],
      message:
        "No zod in the browser (docs/decisions/0012-a-light-first-load.md): components check forms with small functions; loaders and actions parse with the *-input.ts schemas.",
    },
  ],
};

export default tseslint.config(
  {
    ignores: [
      "build/**",
      "data/**",
      ".react-router/**",
      "node_modules/**",
      "test-results/**",
      "playwright-report/**",
      "bench/results/**",
      "public/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none", ignoreRestSiblings: true },
      ],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-control-regex": "off", // input cleaning matches control characters on purpose
    },
  },
  {
    files: ["app/**/*.tsx", "app/**/*.ts"],
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      ...jsxA11y.flatConfigs.recommended.rules,
      // Option cards put their text two spans deep inside the label.
      "jsx-a11y/label-has-associated-control": ["error", { depth: 4 }],
    },
  },
  { files: ["domain/**"], rules: { "no-restricted-imports": ["error", DOMAIN_ONLY] } },
  // The process entry (server/main.ts) is where React Router is plugged in, through app/http/page-listener.server.ts.
  {
    files: ["server/**"],
    ignores: ["server/main.ts"],
    rules: { "no-restricted-imports": ["error", SERVER_ONLY] },
  },
  {
    files: ["app/components/**", "app/lib/**"],
    ignores: ["**/*.server.ts", "**/*.server.tsx", "**/*.test.ts"],
    rules: { "no-restricted-imports": ["error", CLIENT_ONLY] },
  },
  {
    // Bodies are read in one place that refuses what it cannot read with a 4xx (app/http/request-input.server.ts).
    files: ["app/routes/**"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "CallExpression[callee.object.name='request'][callee.property.name=/^(formData|json|text|arrayBuffer|blob)$/]",
          message: "Read the body with readForm, readFormData or readJson from ~/http/request-input.server.",
        },
      ],
    },
  },
  prettier,
);
