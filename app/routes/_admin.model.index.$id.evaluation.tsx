import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireId } from "~/http/page.server";

/** The models table's "evaluation" row action: the model's evaluation page. */
export const loader = ({ params }: LoaderFunctionArgs) =>
  redirect(`/model/evaluation/${requireId(params.id)}`);
