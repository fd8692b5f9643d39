/** Names and ids the seed writes and the tests look for (one place, so they agree). */
export const USER_A = "11111111-1111-4111-8111-111111111111";
export const USER_B = "22222222-2222-4222-8222-222222222222";

export const MOD_PRIMAL = { id: "100001", name: "Primal Test Mod" };
export const MOD_SECOND = { id: "200002", name: "Second Mod" };
export const MOD_UNCONFIRMED = { id: "300003", name: "Not Yet Confirmed" };
export const MOD_HUGE = { id: "900009", name: "Huge Catalogue" };
export const HUGE_ENGRAMS = 20_000;

export const XSS_LABEL = "<script>alert(1)</script>";

/** Engrams of MOD_PRIMAL: label, path, environments bit set, can_blueprint. */
export const PRIMAL_ENGRAMS = [
  {
    label: "Metal Sword",
    path: "/Game/Mods/PrimalTest/Weapons/PrimalItem_WeaponMetalSword.PrimalItem_WeaponMetalSword",
    env: 1 | 2,
    bp: true,
  },
  {
    label: "Wood Plank",
    path: "/Game/Mods/PrimalTest/Resources/PrimalItemResource_Plank.PrimalItemResource_Plank",
    env: 1,
    bp: false,
  },
  {
    label: "Ragnarok Crown",
    path: "/Game/Mods/PrimalTest/Armor/PrimalItemArmor_Crown.PrimalItemArmor_Crown",
    env: 8,
    bp: true,
  },
  { label: "Aberrant Lamp", path: "/Game/Mods/PrimalTest/Tools/PrimalItem_Lamp.PrimalItem_Lamp", env: 16, bp: true },
  { label: XSS_LABEL, path: "/Game/Mods/PrimalTest/Evil/PrimalItem_Evil.PrimalItem_Evil", env: 31, bp: true },
];
/** Creatures of MOD_PRIMAL: label, path, environments bit set. SECOND and the base game have none. */
export const PRIMAL_CREATURES = [
  { label: "Raptor", path: "/Game/Mods/PrimalTest/Dinos/Raptor_Character_BP.Raptor_Character_BP", env: 1 | 2 },
  { label: "Rex", path: "/Game/Mods/PrimalTest/Dinos/Rex_Character_BP.Rex_Character_BP", env: 1 },
  { label: "Triceratops", path: "/Game/Mods/PrimalTest/Dinos/Trike_Character_BP.Trike_Character_BP", env: 8 },
];
export const SECOND_ENGRAMS = [
  { label: "Second Helmet", path: "/Game/Mods/Second/PrimalItemArmor_Helmet.PrimalItemArmor_Helmet", env: 4, bp: true },
];
export const BASE_ENGRAMS = [
  {
    label: "Stone",
    path: "/Game/PrimalEarth/CoreBlueprints/Resources/PrimalItemResource_Stone.PrimalItemResource_Stone",
    env: 31,
    bp: false,
  },
];

/** 25 documents by USER_A and 5 by USER_B: two pages of 20. */
export const DOCUMENT_COUNT = 30;
export const DOCS_PER_PAGE = 20;
export const documentId = (i: number) => `d0c00000-0000-4000-8000-${String(i).padStart(12, "0")}`;
/** the most downloaded document, and the one updated last */
export const TOP_DOWNLOADED = 7;
/** its unique downloads (about this many people) */
export const TOP_DOWNLOADED_PEOPLE = 380;
/** the most unique downloads in the last 7 days: first in the Trending sort */
export const TRENDING = 12;
/** unique downloads in the last 7 days, as seeded (TRENDING's the most) */
export const trendingOf = (i: number) => (i === TRENDING ? 60 : (i * 13) % 40);
export const LAST_UPDATED = 29;
/** a document whose stored content is not JSON: its page must still render */
export const BROKEN_CONTENT = 3;
export const XSS_DOCUMENT = 5;
export const XSS_TITLE = `<img src=x onerror="alert(2)">`;
/** the content's Map bits (lib/loot/maps.ts): every fifth document is on Scorched too */
export const documentMaps = (i: number) => (i % 5 === 0 ? 1 | 2 : 1);
