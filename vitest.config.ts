import { defineConfig } from "vitest/config";
import { fileURLToPath } from "node:url";

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

export default defineConfig({
  test: {
    projects: [unitProject, apiProject("sqlite"), apiProject("postgresql")],
  },
});
