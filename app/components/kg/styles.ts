import type { LinksFunction } from "@remix-run/node";
import kgCss from "./kg.css";

/** The graph pages' stylesheet, linked by each graph route (and only by them). */
export const kgLinks: LinksFunction = () => [{ rel: "stylesheet", href: kgCss }];
