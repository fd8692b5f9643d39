import { defineConfig } from "vitest/config";
import { fileURLToPath } from "node:url";
import { replicaProjectSkipped } from "./test/support/pair-available.ts";

const alias = { "@": fileURLToPath(new URL(".", import.meta.url)) };
/** In-process tests, no server; also run alone by the mutation run (vitest.unit.config.ts). */
export const unitProject = {
  resolve: { alias },
  test: { name: "unit", includeTaskLocation: true, include: ["test/unit/**/*.test.ts"], testTimeout: 30_000 },
};
const apiProject = (engine: "sqlite" | "postgresql") => ({
  resolve: { alias },
  test: {
    name: `api-${engine}`,
    includeTaskLocation: true,
    include: ["test/api/**/*.test.ts"],
    globalSetup: [`test/support/setup-${engine}.ts`],
    setupFiles: ["test/support/worker-env.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
/**
 * The v1 tests again, on PostgreSQL with a read replica: the server's anonymous reads go to
 * a hot standby of its database (test/support/global-setup.ts, replica-project.ts), and
 * every file must have had reads the replica served (replica-reads.ts). Only the four v1
 * endpoints' files: the rest adds no replica path worth its time (scripts/test.ts runs it
 * after api-postgresql; docs/TESTING.md).
 */
const V1_FILES = ["documents", "engrams", "users", "mods"].map((f) => `test/api/${f}.test.ts`);
const replicaProject = {
  ...apiProject("postgresql"),
  test: {
    ...apiProject("postgresql").test,
    name: "api-postgresql-replica",
    include: V1_FILES,
    globalSetup: ["test/support/setup-postgresql-replica.ts"],
    setupFiles: [...apiProject("postgresql").test.setupFiles, "test/support/replica-reads.ts"],
  },
};

// Left out, with a warning, where the pair cannot run (outside CI only).
const skipped = replicaProjectSkipped();
if (skipped) console.warn(skipped);

export default defineConfig({
  test: {
    projects: [unitProject, apiProject("sqlite"), apiProject("postgresql"), ...(skipped ? [] : [replicaProject])],
  },
});
