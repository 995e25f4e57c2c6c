import { data } from "@remix-run/node";
import { ErrorPage } from "~/components/ui/error-page";
import { titleMeta } from "~/utils/meta";

export const meta = titleMeta("nav.page404");
export const handle = { name: "page404" };

export const loader = () => data(null, { status: 404 });

export default function Page404() {
  return <ErrorPage status={404} />;
}
