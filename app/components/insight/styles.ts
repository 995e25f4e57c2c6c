import type { LinksFunction } from "@remix-run/node";
import { kgLinks } from "~/components/kg/styles";
import insightCss from "./insight.css";

/** The insight pages build on the graph pages' cards and tables, plus their own few styles. */
export const insightLinks: LinksFunction = () => [
  ...kgLinks(),
  { rel: "stylesheet", href: insightCss },
];
