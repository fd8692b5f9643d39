/** A copy refused or failed for a reason the operator can act on: one message, exit 1. */
export class CopyError extends Error {}
