import type { LinksFunction } from "@remix-run/node";
import tableCss from "./table.css";

/** The table's styles, added by each table route (so pages without a table do not load them). */
export const tableLinks: LinksFunction = () => [{ rel: "stylesheet", href: tableCss }];
