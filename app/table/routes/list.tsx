import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { tableAction, tableLoader } from "~/table/index.server";
import { screenAt } from "~/table/registry";
import { keyOf } from "./key";
import { titleMeta } from "~/utils/meta";

/** A registry screen's table (routes made by remix.config.js from app/table/registry.ts). */
export { tableLinks as links } from "~/components/table/links";
export { ResourceTablePage as default } from "~/components/table/table-page";
export const meta: MetaFunction = (args) => titleMeta(screenAt(args.location.pathname).title)(args);
export const loader = (args: LoaderFunctionArgs) => tableLoader(keyOf(args), args);
export const action = (args: ActionFunctionArgs) => tableAction(keyOf(args), args);
