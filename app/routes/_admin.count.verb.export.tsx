import type { LoaderFunctionArgs } from "@remix-run/node";
import { statisticsExport } from "~/insight/statistics.server";

/** Resource route: a table of the verb statistics as CSV (table=verbs|types|trend). */
export const loader = ({ request }: LoaderFunctionArgs) =>
  statisticsExport(request, "/count/verb", "verbs", ["graph", "table"]);
