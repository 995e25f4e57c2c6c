import type { LoaderFunctionArgs } from "@remix-run/node";
import { downloadLoader } from "~/table/index.server";
import { keyOf } from "./key";

/** Resource route: the stored file, streamed from the platform. */
export const loader = (args: LoaderFunctionArgs) => downloadLoader(keyOf(args), args);
