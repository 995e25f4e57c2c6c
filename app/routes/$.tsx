import { redirect } from "@remix-run/node";

/** Spec §2: unknown paths redirect to the 404 page. */
export const loader = () => redirect("/404");
export const action = () => redirect("/404");
