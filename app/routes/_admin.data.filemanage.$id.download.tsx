import type { LoaderFunctionArgs } from "@remix-run/node";
import { downloadLoader } from "~/utils/resource.server";

/** Resource route: the stored file, streamed from the platform. */
export const loader = (args: LoaderFunctionArgs) => downloadLoader("files", args);
