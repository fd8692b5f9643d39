/**
 * The values the OpenAPI examples use. Realistic on the page; the OpenAPI test swaps
 * each for a freshly seeded one (a registered user, a confirmed mod on the fake Steam,
 * a published document) and sends the example to the live server.
 */
import { encodeCursor } from "@/lib/changes/cursor";
import { uidOf } from "@/lib/engrams/derive";

export const EXAMPLE = {
  userId: "6e2a4b1c-3f5d-4e8a-9b7c-0d1e2f3a4b5c",
  /** hex of an Ed25519 SubjectPublicKeyInfo (the form the spec's create example sends) */
  publicKeyHex: "302a300506032b6570032100e01a2f544c3c637414b97cb4d93b0b4fa1f16628f180ec807ba1d8f575f266eb",
  publicKeyPem:
    "-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEA4BovVEw8Y3QUuXy02TsLT6HxZijxgOyAe6HY9XXyZus=\n-----END PUBLIC KEY-----\n",
  modId: "731604991",
  otherModId: "812655342",
  modName: "Structures Plus (S+)",
  confirmationCode: "0b3f9a52-7c1e-4d86-a2f4-5e9b8c7d6a10",
  /** an engram path; its package part "SPlusWall" is what the test makes unique */
  engramName: "SPlusWall",
  /** a creature path's package part, made unique by the test likewise */
  creatureName: "Megalania",
  /** a time of the changes feed, and a cursor it gave out (the test asks a fresh one) */
  changesSince: "2026-11-21 08:00:00+0000",
  changesCursor: encodeCursor({ position: { txid: "0", id: 4521, at: Date.UTC(2026, 10, 21, 8, 0, 0) } }),
  documentId: "9d4c2e7a-1b3f-4a58-8e6d-2c7b9a0f1e34",
  otherDocumentId: "1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d",
  baseUrl: "https://beacon.example.com",
} as const;

export const examplePath = (name: string = EXAMPLE.engramName) =>
  `/Game/Mods/StructuresPlus/Walls/PrimalItemStructure_${name}.PrimalItemStructure_${name}`;
export const exampleClass = (name: string = EXAMPLE.engramName) => `PrimalItemStructure_${name}_C`;
export const EXAMPLE_UID = uidOf(examplePath());

export const exampleCreaturePath = (name: string = EXAMPLE.creatureName) =>
  `/Game/Mods/StructuresPlus/Dinos/${name}_Character_BP.${name}_Character_BP`;
export const exampleCreatureClass = (name: string = EXAMPLE.creatureName) => `${name}_Character_BP_C`;
export const EXAMPLE_CREATURE_UID = uidOf(exampleCreaturePath());
