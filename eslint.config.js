import js from "@eslint/js";
import nextPlugin from "@next/eslint-plugin-next";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

/** Names of values that hold a secret (as esquery's regex): token, webhookSecret, apiKey, signatureHex... */
const SECRET_NAME = "/(secret|token|password|passphrase|signature|api_?key|hmac|digest|recovery_?code)(hex|hash)?$/i";
const EQUALITY =
  'BinaryExpression[operator=/^[!=]==?$/]:not([left.type="Literal"]):not([right.type="Literal"]):not([left.type="Identifier"][left.name="undefined"]):not([right.type="Identifier"][right.name="undefined"])';
const secretComparisons = [
  `${EQUALITY} > Identifier[name=${SECRET_NAME}]`,
  `${EQUALITY} > MemberExpression[property.name=${SECRET_NAME}]`,
].map((selector) => ({
  selector,
  message: "Compare secrets with safeEqual (lib/auth/safe-equal.ts), never with == or !=.",
}));

export default tseslint.config(
  // A rule that does not fit is changed here, for everyone, with its reason: comments that
  // switch rules off in one file are ignored and reported (npm run lint allows no warning).
  { linterOptions: { noInlineConfig: true, reportUnusedDisableDirectives: "error" } },
  {
    ignores: [
      "node_modules/",
      ".next/",
      "dist/",
      "lib/generated/",
      "next-env.d.ts",
      "test-results/",
      "playwright-report/",
      "artifacts/",
      "bench-results/",
      ".stryker-tmp/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        process: "readonly",
        console: "readonly",
        Buffer: "readonly",
        URL: "readonly",
        setTimeout: "readonly",
        clearTimeout: "readonly",
      },
    },
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/ban-ts-comment": "error",
    },
  },
  // Type-aware rules on the TypeScript sources: a promise nobody awaits or handles fails
  // silently (an unhandled rejection, or a write answered before it committed), and a
  // promise where a callback's return is ignored (an event handler, a forEach) does too.
  {
    files: ["**/*.ts", "**/*.tsx"],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": "error",
    },
  },
  // React: the rules of hooks and the React Compiler's checks (exhaustive dependencies,
  // no state set during render or synchronously in an effect, refs read only in effects
  // and handlers), on the components and the pages that hold client code.
  {
    files: ["app/**/*.{ts,tsx}", "components/**/*.{ts,tsx}"],
    ...reactHooks.configs.flat["recommended-latest"],
    rules: {
      ...reactHooks.configs.flat["recommended-latest"].rules,
      "react-hooks/exhaustive-deps": "error",
    },
  },
  // Next.js's own rules (links through next/link, no <img> without a reason, no
  // synchronous scripts, no document imports outside _document) on the app.
  {
    files: ["app/**/*.{ts,tsx}", "components/**/*.{ts,tsx}", "proxy.ts"],
    ...nextPlugin.configs["core-web-vitals"],
    settings: { next: { rootDir: import.meta.dirname } },
  },
  // Links ask for a page on intent, never for every link in view (components/intent-link.tsx).
  {
    files: ["app/**/*.{ts,tsx}", "components/**/*.{ts,tsx}"],
    ignores: ["components/intent-link.tsx"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "next/link",
              message: 'Import Link from "@/components/intent-link": it prefetches on intent, not every link in view.',
            },
          ],
        },
      ],
    },
  },
  {
    // Secrets are compared in constant time (lib/auth/safe-equal.ts; signatures by
    // crypto.verify): == and != on a value named like a secret stop at the first byte
    // that differs, which a caller can time. Comparisons with undefined, null and
    // literals (is it set?) are allowed.
    files: ["lib/**/*.ts", "app/**/*.ts", "app/**/*.tsx", "server.ts"],
    rules: {
      "no-restricted-syntax": ["error", ...secretComparisons],
    },
  },
);
