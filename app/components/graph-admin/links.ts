import type { LinksFunction } from "@remix-run/node";
import { mantineDropzoneLinks } from "~/styles/mantine-links";
import css from "./graph-admin.css";

/** The graph-administration styles, added by its routes only (with the dropzone's: OWL import, sources). */
export const graphAdminLinks: LinksFunction = () => [
  ...mantineDropzoneLinks(),
  { rel: "stylesheet", href: css },
];
