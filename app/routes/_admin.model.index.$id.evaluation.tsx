import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { idParam } from "~/utils/insight.server";

/** The models table's "evaluation" row action: the model's evaluation page. */
export const loader = ({ params }: LoaderFunctionArgs) =>
  redirect(`/model/evaluation/${idParam(params.id)}`);
