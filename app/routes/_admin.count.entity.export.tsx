import type { LoaderFunctionArgs } from "@remix-run/node";
import { statisticsExport } from "~/insight/statistics.server";

/** Resource route: a table of the entity statistics as CSV (table=top|types|trend). */
export const loader = ({ request }: LoaderFunctionArgs) =>
  statisticsExport(request, "/count/entity", "entities", ["graph", "type", "table"]);
