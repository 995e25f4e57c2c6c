import type { LoaderFunctionArgs } from "@remix-run/node";
import { statisticsExport } from "~/insight/statistics.server";

/** Resource route: one entity's mentions over time or relations per predicate as CSV (table=mentions|relations). */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  statisticsExport(request, "/count/entitycount/x", { entity: params.id ?? "" }, ["table"]);
