import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { exportAction, exportLoader } from "~/table/index.server";

/** Resource route: the CSV export (export.csv). */
export const loader = (args: LoaderFunctionArgs) => exportLoader("feedback", args);
export const action = (args: ActionFunctionArgs) => exportAction("feedback", args);
