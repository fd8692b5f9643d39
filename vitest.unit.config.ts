// The unit project alone: what the mutation run (stryker.config.mjs) runs for each mutant.
import { defineConfig } from "vitest/config";
import { unitProject } from "./vitest.config";

export default defineConfig(unitProject);
