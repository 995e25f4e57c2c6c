import { placeholderPage } from "~/components/not-yet-available";
import { titleMeta } from "~/utils/meta";

export { guardOnlyLoader as loader } from "~/utils/guard.server";
export const meta = titleMeta("nav.modelLogs");
export default placeholderPage("nav.modelLogs");
