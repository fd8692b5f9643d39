/** The standalone package's executable: runs `beacon-hub` on this process's arguments. */
import { standalone } from "@/lib/cli/standalone";

process.exitCode = await standalone(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
});
