/**
 * Limits of the dashboard's engram and creature upload, apart from lib/dashboard/catalogue-upload.ts so
 * the browser's upload component can import them without bundling that module's
 * imports (zod among them: its start-up probe of `new Function` is a CSP violation).
 */

/** engrams per apply request: well under the server action body limit */
export const MAX_APPLY_ITEMS = 500;
