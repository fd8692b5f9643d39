/** @type {import('next').NextConfig} */
const nextConfig = {
  // Game clients address /v1/mod.php/ and friends exactly; never redirect them.
  skipTrailingSlashRedirect: true,
  poweredByHeader: false,
  reactStrictMode: true,
  // `npm run typecheck` checks the whole repo (tests and scripts too) in CI; checking
  // again inside every build would only add time.
  typescript: { ignoreBuildErrors: true },
  // The dashboard's engram upload sends a whole file to a server action for its preview
  // (the pull job's cap is 10 MiB too); the default limit is 1 MB.
  experimental: { serverActions: { bodySizeLimit: "10mb" } },
  // The Prisma clients and native SQLite driver stay Node modules, not bundled code.
  serverExternalPackages: ["better-sqlite3", "@prisma/adapter-better-sqlite3", "@prisma/adapter-pg", "pg"],
};

export default nextConfig;
