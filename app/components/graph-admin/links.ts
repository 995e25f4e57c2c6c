import type { LinksFunction } from "@remix-run/node";
import css from "./graph-admin.css";

/** The graph-administration styles, added by its routes only. */
export const graphAdminLinks: LinksFunction = () => [{ rel: "stylesheet", href: css }];
