import { placeholderPage } from "~/components/not-yet-available";
import { titleMeta } from "~/utils/meta";

/** Whitelisted (spec §6): no login needed. */
export const loader = () => null;
export const meta = titleMeta("nav.flowchart");
export default placeholderPage("nav.flowchart");
