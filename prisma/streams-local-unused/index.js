// Stands in for @prisma/streams-local (see package.json beside this file): only `prisma dev`
// imports it, and this project never runs `prisma dev`. Fail loudly rather than half-work.
export async function startLocalDurableStreamsServer() {
  throw new Error(
    "@prisma/streams-local is replaced by a stub in this project (it requires Node 22): `prisma dev` is not supported here.",
  );
}
