/** /v1/engram.php (spec "Engrams", CONTRACT §6): see ../item-endpoint.ts. */
import { itemEndpoint } from "../item-endpoint";

export const engramEndpoint = itemEndpoint("engrams");
