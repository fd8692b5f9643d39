import { setupFor } from "./global-setup";
export default setupFor("postgresql", { replica: true });
