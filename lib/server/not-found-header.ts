/**
 * Marks the server's second pass over a page that called notFound()
 * (lib/server/error-page-recovery.ts); its value is the address first asked for. Its
 * own module, free of Node imports, because proxy.ts and app/not-found.tsx read it too.
 * server.ts removes it from every client request.
 */
export const NOT_FOUND_PATH_HEADER = "x-beacon-not-found-path";
