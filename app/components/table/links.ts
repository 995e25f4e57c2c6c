import type { LinksFunction } from "@remix-run/node";
import { mantineDropzoneLinks } from "~/styles/mantine-links";
import tableCss from "./table.css";

/**
 * The table's styles, added by each table route (so pages without a table do not load them),
 * with the dropzone's (the import and file fields of its dialogs).
 */
export const tableLinks: LinksFunction = () => [
  ...mantineDropzoneLinks(),
  { rel: "stylesheet", href: tableCss },
];
