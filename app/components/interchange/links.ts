import type { LinksFunction } from "@remix-run/node";
import css from "./interchange.css";

/** The export forms' styles, added by the routes that show one. */
export const interchangeLinks: LinksFunction = () => [{ rel: "stylesheet", href: css }];
