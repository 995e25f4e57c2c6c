import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { exportAction, exportLoader } from "~/table/index.server";

/** Resource route: the CSV export of the relation-extraction results. */
export const loader = (args: LoaderFunctionArgs) => exportLoader("relationResults", args);
export const action = (args: ActionFunctionArgs) => exportAction("relationResults", args);
