import type { LoaderFunctionArgs } from "@remix-run/node";
import { statisticsExport } from "~/insight/statistics.server";

/** Resource route: a table of the retrieval statistics as CSV (table=daily|top|empty). */
export const loader = ({ request }: LoaderFunctionArgs) =>
  statisticsExport(request, "/log/index", "searches", ["graph", "days", "table"]);
