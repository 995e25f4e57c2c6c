import { useEffect, useRef, useState, type HTMLAttributes } from "react";

/**
 * A box that scrolls (a wide table, a wide diagram) and can be scrolled from the keyboard:
 * it is a named region in the Tab order (tabindex="0"; a `<section>` with a name, the native
 * element for role "region"), so a keyboard user can focus it and
 * scroll it with the arrow keys (WCAG 2.1.1; axe `scrollable-region-focusable`). The name is
 * the table's caption (`labelledBy`) or `label`, in the page's language; without either the
 * box is only focusable (a region must have a name). The server always renders it focusable
 * (it cannot know whether the content overflows); once hydrated, a box whose content fits
 * leaves the Tab order until it overflows again, so wide screens get no useless Tab stops.
 * The focus ring is `.scroll-region:focus-visible` (app/styles/charts.css, linked on every page).
 */
export function ScrollRegion({
  className,
  label,
  labelledBy,
  testId,
  children,
  ...rest
}: HTMLAttributes<HTMLDivElement> & {
  className: string;
  label?: string;
  labelledBy?: string;
  testId?: string;
  [data: `data-${string}`]: string | boolean | undefined;
}) {
  const ref = useRef<HTMLElement>(null);
  const [overflows, setOverflows] = useState(true);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === "undefined") return;
    const check = () =>
      setOverflows(el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1);
    check();
    const observer = new ResizeObserver(check);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    return () => observer.disconnect();
  }, []);
  const Box = label || labelledBy ? "section" : "div";
  return (
    <Box
      {...rest}
      ref={ref as React.RefObject<HTMLDivElement>}
      className={`${className} scroll-region`}
      tabIndex={overflows ? 0 : undefined}
      aria-label={labelledBy ? undefined : label}
      aria-labelledby={labelledBy}
      data-testid={testId}
    >
      {children}
    </Box>
  );
}
