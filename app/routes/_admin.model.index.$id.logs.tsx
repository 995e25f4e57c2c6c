import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { idParam } from "~/utils/insight.server";

/** The models table's "logs" row action: the model's run log page. */
export const loader = ({ params }: LoaderFunctionArgs) =>
  redirect(`/model/logs/${idParam(params.id)}`);
