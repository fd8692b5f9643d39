/**
 * Every page of the portal, once: the one list the CSP, title, accessibility and phone
 * width checks walk (e2e/every-page.spec.ts). A new page is added here and is then
 * checked by all of them. Paths that need data name it: the seed's (e2e/seed.ts) or
 * what e2e/every-page.spec.ts publishes before it walks the list.
 */
import { documentId, MOD_PRIMAL, MOD_SECOND, TOP_DOWNLOADED, USER_B } from "./fixtures";

/** Published by the spec from lib/loot/templates/default-loot.beacon under this id. */
export const LOOT_DOCUMENT_ID = "7c0ffee0-0000-4000-8000-00000000d00d";
/** A confirmed mod the spec gives its signed-in identity (10 digits: no seeded mod has as many). */
export const DASHBOARD_MOD_ID = "6100000017";

export interface PortalRoute {
  /** short name, also the screenshot's file name */
  name: string;
  path: string;
  status: 200 | 404;
  /** "in": visited signed in (the dashboard); "out": signed out (sign-in redirects away when signed in) */
  session: "out" | "in";
  /**
   * Pages whose phone layout this suite owns: checked for sideways scrolling at 390 px and
   * screenshotted at 390 and 1280 px. The spawn page's own phone checks are e2e/spawn*.
   */
  layout: boolean;
}

export const PORTAL_ROUTES: PortalRoute[] = [
  { name: "home", path: "/", status: 200, session: "out", layout: true },
  { name: "spawn-all", path: "/spawn/", status: 200, session: "out", layout: false },
  { name: "spawn-mod", path: `/spawn/?mod_id=${MOD_PRIMAL.id}`, status: 200, session: "out", layout: false },
  {
    name: "spawn-creatures",
    path: `/spawn/?mod_id=${MOD_PRIMAL.id}&tab=creatures`,
    status: 200,
    session: "out",
    layout: false,
  },
  {
    name: "spawn-creatures-tamed",
    path: `/spawn/?mod_id=${MOD_PRIMAL.id}&tab=creatures&summon=tamed&level=150&q=rex`,
    status: 200,
    session: "out",
    layout: false,
  },
  {
    name: "spawn-creatures-bad-level",
    path: `/spawn/?mod_id=${MOD_PRIMAL.id}&tab=creatures&level=0&dist=far`,
    status: 200,
    session: "out",
    layout: false,
  },
  {
    name: "spawn-creatures-none",
    path: `/spawn/?mod_id=${MOD_SECOND.id}&tab=creatures`,
    status: 200,
    session: "out",
    layout: false,
  },
  { name: "spawn-creatures-base", path: "/spawn/?mod_id=&tab=creatures", status: 200, session: "out", layout: false },
  {
    name: "spawn-gfi",
    path: `/spawn/?mod_id=${MOD_PRIMAL.id}&cmd=gfi&qty=5`,
    status: 200,
    session: "out",
    layout: false,
  },
  { name: "colours", path: "/spawn/colors", status: 200, session: "out", layout: true },
  {
    name: "colours-built",
    path: "/spawn/colors?r0=1&r1=300&r3=94&r5=254&prefix=admincheat",
    status: 200,
    session: "out",
    layout: true,
  },
  {
    name: "entry-item",
    path: `/spawn/${MOD_PRIMAL.id}/PrimalItem_WeaponMetalSword_C`,
    status: 200,
    session: "out",
    layout: true,
  },
  {
    name: "entry-creature",
    path: `/spawn/${MOD_PRIMAL.id}/Rex_Character_BP_C?summon=tamed&level=150`,
    status: 200,
    session: "out",
    layout: true,
  },
  { name: "entry-base", path: "/spawn/base/PrimalItemResource_Stone_C", status: 200, session: "out", layout: true },
  { name: "entry-unknown", path: "/spawn/base/PrimalItem_NoSuchThing_C", status: 404, session: "out", layout: true },
  { name: "spawn-unknown-mod", path: "/spawn/?mod_id=987654321", status: 404, session: "out", layout: true },
  { name: "documents", path: "/documents", status: 200, session: "out", layout: true },
  {
    name: "documents-filtered",
    path: "/documents?q=preset&map=Scorched&sort=downloads",
    status: 200,
    session: "out",
    layout: true,
  },
  { name: "documents-trending", path: "/documents?sort=trending", status: 200, session: "out", layout: true },
  { name: "document", path: `/documents/${documentId(1)}`, status: 200, session: "out", layout: true },
  {
    name: "document-most-downloaded",
    path: `/documents/${documentId(TOP_DOWNLOADED)}`,
    status: 200,
    session: "out",
    layout: true,
  },
  { name: "document-loot", path: `/documents/${LOOT_DOCUMENT_ID}`, status: 200, session: "out", layout: true },
  {
    name: "document-settings",
    path: `/documents/${LOOT_DOCUMENT_ID}/settings?group=breeding`,
    status: 200,
    session: "out",
    layout: true,
  },
  {
    name: "document-odds",
    path: `/documents/${LOOT_DOCUMENT_ID}/odds?source=1`,
    status: 200,
    session: "out",
    layout: true,
  },
  { name: "settings-new", path: "/documents/new/settings", status: 200, session: "in", layout: true },
  {
    name: "document-unknown",
    path: "/documents/00000000-0000-4000-8000-000000000000",
    status: 404,
    session: "out",
    layout: true,
  },
  { name: "document-bad-id", path: "/documents/not-a-document", status: 404, session: "out", layout: false },
  { name: "report-document", path: `/report/document/${documentId(1)}`, status: 200, session: "out", layout: true },
  { name: "report-mod", path: `/report/mod/${MOD_PRIMAL.id}`, status: 200, session: "in", layout: true },
  { name: "report-author", path: `/report/user/${USER_B}`, status: 200, session: "out", layout: false },
  {
    name: "report-unknown",
    path: "/report/document/00000000-0000-4000-8000-000000000000",
    status: 404,
    session: "out",
    layout: false,
  },
  { name: "api-reference", path: "/docs/api", status: 200, session: "out", layout: true },
  { name: "webhook-signatures", path: "/docs/webhooks", status: 200, session: "out", layout: true },
  { name: "sign-in", path: "/sign-in", status: 200, session: "out", layout: true },
  { name: "recover", path: "/recover", status: 200, session: "out", layout: true },
  { name: "not-found", path: "/no/such/page", status: 404, session: "out", layout: true },
  { name: "editor-signed-out", path: "/documents/new", status: 200, session: "out", layout: true },
  { name: "ini-check", path: "/tools/ini-check", status: 200, session: "out", layout: true },
  { name: "loot-crates", path: "/loot", status: 200, session: "out", layout: true },
  { name: "loot-search", path: "/loot?q=tek+rifle", status: 200, session: "out", layout: true },
  { name: "loot-crate", path: "/loot/island/SupplyCrate_Level60_C", status: 200, session: "out", layout: true },
  {
    name: "loot-crate-uniform-rarest",
    path: "/loot/any/SupplyCrate_Base_Horde_C?rule=uniform&sort=rarest",
    status: 200,
    session: "out",
    layout: true,
  },
  { name: "loot-crate-missing", path: "/loot/island/NoSuchCrate_C", status: 404, session: "out", layout: true },
  { name: "editor-start", path: "/documents/new", status: 200, session: "in", layout: true },
  { name: "editor-template", path: "/documents/new?start=template", status: 200, session: "in", layout: true },
  { name: "editor-copy", path: `/documents/${LOOT_DOCUMENT_ID}/edit`, status: 200, session: "in", layout: true },
  { name: "dashboard", path: "/dashboard", status: 200, session: "in", layout: true },
  { name: "dashboard-mod", path: `/dashboard/mods/${DASHBOARD_MOD_ID}`, status: 200, session: "in", layout: true },
  { name: "dashboard-documents", path: "/dashboard/documents", status: 200, session: "in", layout: true },
  { name: "dashboard-account", path: "/dashboard/account", status: 200, session: "in", layout: true },
  { name: "dashboard-webhooks", path: "/dashboard/webhooks", status: 200, session: "in", layout: true },
  { name: "dashboard-keys", path: "/dashboard/keys", status: 200, session: "in", layout: true },
  { name: "dashboard-tokens", path: "/dashboard/tokens", status: 200, session: "in", layout: true },
  { name: "dashboard-unknown-webhook", path: "/dashboard/webhooks/wh_none", status: 404, session: "in", layout: false },
  { name: "dashboard-unknown-mod", path: "/dashboard/mods/123", status: 404, session: "in", layout: false },
  // The spec makes its identity an operator. The console's phone layout is e2e/moderation.spec.ts's.
  { name: "moderation-queue", path: "/dashboard/moderation", status: 200, session: "in", layout: false },
  {
    name: "moderation-target",
    path: `/dashboard/moderation/document/${LOOT_DOCUMENT_ID}`,
    status: 200,
    session: "in",
    layout: false,
  },
  { name: "moderation-audit", path: "/dashboard/moderation/audit", status: 200, session: "in", layout: false },
];
