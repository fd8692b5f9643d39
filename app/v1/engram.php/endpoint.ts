/** /v1/engram.php (docs/CONTRACT.md#engrams): see ../item-endpoint.ts. */
import { itemEndpoint } from "../item-endpoint";

export const engramEndpoint = itemEndpoint("engrams");
