import js from "@eslint/js";
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
