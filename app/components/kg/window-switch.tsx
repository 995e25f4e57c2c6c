import { Link, useLocation } from "@remix-run/react";
import { withParams } from "~/utils/url";

/**
 * A time window switch (?days=): links that keep every other parameter, the default window
 * without the parameter, the current one marked.
 */
export function WindowSwitch({
  windows,
  days,
  fallback,
  label,
  name,
}: {
  windows: readonly number[];
  days: number;
  /** The window a page shows without ?days=. */
  fallback: number;
  label: string;
  /** Each window's words. */
  name: (days: number) => string;
}) {
  const { pathname, search } = useLocation();
  return (
    <nav className="segmented" aria-label={label} data-testid="time-window">
      {windows.map((d) => (
        <Link
          key={d}
          to={withParams(pathname, search, { days: d === fallback ? undefined : d })}
          aria-current={d === days ? "true" : undefined}
        >
          {name(d)}
        </Link>
      ))}
    </nav>
  );
}
