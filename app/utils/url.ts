/** A URL with some search params replaced (undefined or "" removes one). */
export function withParams(
  pathname: string,
  search: URLSearchParams | string,
  changes: Record<string, string | number | undefined | null>,
) {
  const params = new URLSearchParams(search);
  for (const [k, v] of Object.entries(changes)) {
    if (v === undefined || v === null || v === "") params.delete(k);
    else params.set(k, String(v));
  }
  const q = params.toString();
  return q ? `${pathname}?${q}` : pathname;
}
