/** A backup or restore refused or failed for a reason the operator can act on: one line, exit 1. */
export class BackupError extends Error {}
