import { useFetcher } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState, type ComponentType } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "remix-utils/use-hydrated";
import { useAuthenticityToken } from "remix-utils/csrf/react";
import { ResourceGrid } from "./grid";
import type { GridProps } from "./grid-props";
import type { GridSettings } from "~/table/grid-settings";
import type { ResourceScreen } from "~/table/registry";
import type { MrtGridProps } from "./mrt-grid";

/** The adjustable grid needs a desktop's width; on a phone the plain table (cards) stays. */
const WIDE = "(min-width: 768px)";

export interface AdjustableGrid {
  settings: GridSettings;
  /** Changes the settings and keeps them (a fetcher post to the table's action). */
  change: (patch: Partial<GridSettings>) => void;
}

/**
 * The user's grid settings on a screen that offers the grid (decision 029), kept per user on
 * the server through the table's action (`intent=grid`); null on other screens.
 */
export function useAdjustableGrid(
  screen: ResourceScreen,
  initial: GridSettings | undefined,
): AdjustableGrid | null {
  const fetcher = useFetcher();
  const csrf = useAuthenticityToken();
  // The table component stays when the user goes to another screen: settings are per screen.
  const [kept, setKept] = useState({ key: screen.key, settings: initial });
  const settings = kept.key === screen.key ? kept.settings : initial;
  const latest = useRef(settings);
  latest.current = settings;
  const change = useCallback(
    (patch: Partial<GridSettings>) => {
      if (!latest.current) return;
      const next = { ...latest.current, ...patch };
      latest.current = next;
      setKept({ key: screen.key, settings: next });
      fetcher.submit(
        { intent: "grid", grid: JSON.stringify(next), csrf },
        { method: "post", action: screen.path },
      );
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- fetcher.submit is stable
    [screen.key, screen.path, csrf],
  );
  if (!screen.grid || !settings) return null;
  return { settings, change };
}

/** Adds a stylesheet to the document (once) and resolves when it has loaded (or failed). */
function loadStylesheet(href: string): Promise<void> {
  const found = document.querySelector(`link[rel="stylesheet"][href="${href}"]`);
  if (found) return Promise.resolve();
  return new Promise((resolve) => {
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = href;
    link.onload = link.onerror = () => resolve();
    document.head.appendChild(link);
  });
}

/** Turns the adjustable grid on and off (JavaScript only: the grid is a script's). */
export function GridToggle({ grid }: { grid: AdjustableGrid }) {
  const { t } = useTranslation("table");
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <button
      type="button"
      className="rt-btn xs light rt-grid-toggle"
      aria-pressed={grid.settings.on}
      data-testid="grid-toggle"
      onClick={() => grid.change({ on: !grid.settings.on })}
    >
      {t("grid.toggle")}
    </button>
  );
}

/**
 * The person's first sign of life on the page: a pointer moving or pressing, a key, a touch, a
 * wheel. Not a timer, not the network going idle: the grid's code is for someone who is there.
 */
const FIRST_INPUT = ["pointermove", "pointerdown", "keydown", "touchstart", "wheel"] as const;

/** Calls `then` once, at the first input on the page (see FIRST_INPUT); returns the unsubscribe. */
function onFirstInput(then: () => void): () => void {
  const options = { capture: true, passive: true } as const;
  const once = () => {
    stop();
    then();
  };
  const stop = () => FIRST_INPUT.forEach((e) => window.removeEventListener(e, once, options));
  FIRST_INPUT.forEach((e) => window.addEventListener(e, once, options));
  return stop;
}

/**
 * The table: the plain one (server HTML, no JavaScript, phones), or, once the user turned it on
 * and its code has loaded, mantine-react-table's grid in its place. The code is fetched only
 * then (a chunk of its own), so other pages and users who never turn it on load none of it.
 * On a page that comes with the grid on (a reload), the code is fetched at the person's first
 * input (decision 029: the table JS budget counts every script to idle, and the grid's code alone
 * is over it), the plain table showing meanwhile; pressing the switch loads it at once.
 * When it replaces the plain table without the user's asking, the area keeps the plain table's
 * height until the first key or pointer press, so nothing below moves (no layout shift).
 */
export function TableArea({ grid, ...props }: GridProps & { grid: AdjustableGrid | null }) {
  const on = !!grid?.settings.on;
  const [Mrt, setMrt] = useState<ComponentType<MrtGridProps> | null>(null);
  const [lock, setLock] = useState<number | null>(null);
  // The grid's code waits for the person's first input (pressing the switch is one, so turning
  // the grid on loads it at once); on a page that came with the grid on, the plain table shows
  // until then.
  const [wanted, setWanted] = useState(false);
  const offered = !!grid;
  useEffect(
    () => (offered && !wanted ? onFirstInput(() => setWanted(true)) : undefined),
    [offered, wanted],
  );
  useEffect(() => {
    if (!on || !wanted || Mrt || !window.matchMedia(WIDE).matches) return;
    let live = true;
    void import("./mrt-grid").then(async (m) => {
      // Its stylesheets first, so the grid is drawn once, styled (nothing moves after).
      await Promise.all(m.stylesheets.map(loadStylesheet));
      if (!live) return;
      const plain = document.querySelector(
        `[data-testid="table-${props.screen.key}"] [data-testid="resource-table"]`,
      );
      setLock(plain ? plain.getBoundingClientRect().height : null);
      setMrt(() => m.MrtGrid);
    });
    return () => {
      live = false;
    };
  }, [on, wanted, Mrt, props.screen.key]);
  useEffect(() => {
    if (lock === null) return;
    const release = () => setLock(null);
    window.addEventListener("pointerdown", release, { once: true, capture: true });
    window.addEventListener("keydown", release, { once: true, capture: true });
    return () => {
      window.removeEventListener("pointerdown", release, { capture: true });
      window.removeEventListener("keydown", release, { capture: true });
    };
  }, [lock]);
  if (!on || !Mrt || !grid) return <ResourceGrid {...props} />;
  return (
    <div
      className="rt-mrt-area"
      data-testid="adjustable-grid"
      style={lock === null ? undefined : { height: lock, overflow: "auto" }}
    >
      <Mrt {...props} grid={grid} />
    </div>
  );
}
