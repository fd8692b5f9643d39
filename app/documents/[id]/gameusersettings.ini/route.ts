/** /documents/<id>/gameusersettings.ini: app/documents/[id]/ini-file-route.ts. */
import { iniFileRoute } from "../ini-file-route";

export const dynamic = "force-dynamic";
export const { GET, POST } = iniFileRoute("GameUserSettings.ini");
