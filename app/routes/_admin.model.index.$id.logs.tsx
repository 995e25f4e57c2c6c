import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireId } from "~/http/page.server";

/** The models table's "logs" row action: the model's run log page. */
export const loader = ({ params }: LoaderFunctionArgs) =>
  redirect(`/model/logs/${requireId(params.id)}`);
