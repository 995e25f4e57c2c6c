import type { LoaderFunctionArgs } from "@remix-run/node";
import { statisticsExport } from "~/insight/statistics.server";

/** Resource route: the graph's keywords as CSV. */
export const loader = ({ request }: LoaderFunctionArgs) =>
  statisticsExport(request, "/count/keyword", "keywords", ["graph"]);
