import { screenAt } from "~/table/registry";

/** The registry screen a page's request belongs to (its routes share one module per page kind). */
export const keyOf = ({ request }: { request: Request }) =>
  screenAt(new URL(request.url).pathname).key;
