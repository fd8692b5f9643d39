/** /v1/creature.php (docs/CONTRACT.md#creatures): engram.php's shapes and rules for creatures; see ../item-endpoint.ts. */
import { itemEndpoint } from "../item-endpoint";

export const creatureEndpoint = itemEndpoint("creatures");
