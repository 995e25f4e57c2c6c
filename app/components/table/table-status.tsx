import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { matchQuery, type TableState } from "~/table/table-state";
import { focusElement } from "~/utils/focus";

/** What decides which records match: the search and the filters (not the sort or the page). */
export function matchingKey(state: TableState) {
  const q = matchQuery(state);
  q.delete("ordering");
  return q.toString();
}

/**
 * A polite live region that says how many records match once a search or a filter changed
 * them (JavaScript; without it the page loads anew and the pager says 共 N 条). Empty at
 * first, so nothing is read when the page loads.
 */
export function ResultStatus({ matching, count }: { matching: string; count: number }) {
  const { t } = useTranslation("table");
  const [said, setSaid] = useState("");
  const before = useRef(matching);
  const message = useRef("");
  message.current = t("toolbar.resultCount", { count });
  useEffect(() => {
    if (before.current === matching) return;
    before.current = matching;
    // Emptied first: the same count after another search is a change, and is read again.
    setSaid("");
    const timer = setTimeout(() => setSaid(message.current), 150);
    return () => clearTimeout(timer);
  }, [matching]);
  return (
    <p className="visually-hidden" role="status" data-testid="result-status">
      {said}
    </p>
  );
}

/**
 * Where in the table's controls the keyboard was, as a selector that finds the same control
 * after the view changed: a control redrawn for the new view (the page-size select, a closed
 * filter panel, the current page) is a new element and focus would fall to <body>.
 */
export function focusSpotOf(el: Element): string | null {
  if (el.closest("tbody")) return null;
  const panel = el.closest("details[data-testid]");
  if (panel) return `details[data-testid="${panel.getAttribute("data-testid")}"] > summary`;
  if (el.closest('[data-testid="pager"]') && !el.matches("select, button"))
    return '[data-testid="pager"] [aria-current="page"]';
  const name = el.getAttribute("name");
  if (name && /^(input|select)$/i.test(el.tagName))
    return `${el.tagName.toLowerCase()}[name="${name}"]:not([type="hidden"])`;
  const id = el.getAttribute("data-testid");
  return id ? `[data-testid="${id}"]` : null;
}

export function useKeepFocus(view: string) {
  const root = useRef<HTMLDivElement>(null);
  const spot = useRef<string | null>(null);
  const first = useRef(view);
  useEffect(() => {
    if (first.current === view) return;
    first.current = view;
    const now = document.activeElement;
    if (now && now !== document.body && now.isConnected) return;
    if (spot.current) focusElement(root.current?.querySelector<HTMLElement>(spot.current));
  }, [view]);
  const onFocus = (e: React.FocusEvent) => {
    spot.current = focusSpotOf(e.target);
  };
  return { ref: root, onFocus };
}
