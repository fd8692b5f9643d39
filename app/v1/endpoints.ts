/** Every /v1/*.php endpoint, by file name: the custom server dispatches through this. */
import type { Endpoint } from "@/lib/api/endpoint";
import { asaModEndpoint } from "./asa-mod.php/endpoint";
import { changesEndpoint } from "./changes.php/endpoint";
import { creatureEndpoint } from "./creature.php/endpoint";
import { documentEndpoint } from "./document.php/endpoint";
import { engramEndpoint } from "./engram.php/endpoint";
import { iniCheckEndpoint } from "./ini-check.php/endpoint";
import { keyEndpoint } from "./key.php/endpoint";
import { recoveryEndpoint } from "./recovery.php/endpoint";
import { tokenEndpoint } from "./token.php/endpoint";
import { modEndpoint } from "./mod.php/endpoint";
import { reportEndpoint } from "./report.php/endpoint";
import { userEndpoint } from "./user.php/endpoint";
import { webhookEndpoint } from "./webhook.php/endpoint";

export const v1Endpoints: Endpoint[] = [
  userEndpoint,
  documentEndpoint,
  modEndpoint,
  asaModEndpoint,
  engramEndpoint,
  creatureEndpoint,
  changesEndpoint,
  webhookEndpoint,
  reportEndpoint,
  keyEndpoint,
  recoveryEndpoint,
  tokenEndpoint,
  iniCheckEndpoint,
];
