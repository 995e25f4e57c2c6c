import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { exportAction, exportLoader } from "~/table/index.server";
import { keyOf } from "./key";

/** Resource route: the CSV export (export.csv), the import template, and an import's error list. */
export const loader = (args: LoaderFunctionArgs) => exportLoader(keyOf(args), args);
export const action = (args: ActionFunctionArgs) => exportAction(keyOf(args), args);
