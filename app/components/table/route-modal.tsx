import { Button } from "@mantine/core/esm/components/Button/Button.mjs";
import { Modal } from "@mantine/core/esm/components/Modal/Modal.mjs";
import {
  ModalBaseProvider,
  useModalBaseContext,
} from "@mantine/core/esm/components/ModalBase/ModalBase.context.mjs";
import { Link, useLocation, useNavigate } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { ResourceScreen } from "~/table/registry";
import { parseTableState, stateQuery } from "~/table/table-state";
import { focusElement } from "~/utils/focus";

/** The table the dialog was opened over, with its page, search, sort and filters. */
export function useTableHref(screen: ResourceScreen) {
  const { search } = useLocation();
  return `${screen.path}${stateQuery(parseTableState(new URLSearchParams(search)))}`;
}

/**
 * Mantine names its dialog (aria-labelledby → the title) only once the title has mounted, in
 * an effect: the server's HTML, all a browser without JavaScript gets, has an unnamed dialog.
 * The title is always there, so the content is told so from the first render.
 */
function NamedByTitle({ children }: { children: React.ReactNode }) {
  const ctx = useModalBaseContext();
  return <ModalBaseProvider value={{ ...ctx, titleMounted: true }}>{children}</ModalBaseProvider>;
}

/**
 * A dialog that is a route (spec: URL-addressable form, import and delete dialogs). Rendered
 * opened, in place (no portal), so the server sends it whole: without JavaScript it is a
 * block over the table with a link back; with JavaScript the same markup is a modal. The
 * table page puts it before the table in the document (fixed over it on screen), so without
 * JavaScript the form is the first thing after the page's heading; it is named by its title.
 */
export function RouteModal({
  screen,
  title,
  size,
  children,
  testId,
}: {
  screen: ResourceScreen;
  title: React.ReactNode;
  size: number;
  children: React.ReactNode;
  testId?: string;
}) {
  const navigate = useNavigate();
  const { t } = useTranslation("table");
  const back = useTableHref(screen);
  useFocusAfterClose();
  return (
    <Modal.Root
      opened
      onClose={() => navigate(back, { preventScrollReset: true })}
      size={size}
      withinPortal={false}
      transitionProps={{ duration: 0 }}
      className="route-modal"
      data-testid={testId}
    >
      <Modal.Overlay />
      <NamedByTitle>
        <Modal.Content>
          <Modal.Header>
            <Modal.Title>{title}</Modal.Title>
            <Modal.CloseButton aria-label={t("form.closeDialog")} />
          </Modal.Header>
          <Modal.Body>{children}</Modal.Body>
        </Modal.Content>
      </NamedByTitle>
    </Modal.Root>
  );
}

/**
 * Where focus goes when the dialog closes (docs/decisions/017-focus-after-actions.md). The
 * dialog is a route, so it unmounts rather than closing and Mantine's own focus return never
 * runs. What opened it (the add button, a row's edit or delete link) is read on the first
 * render, before the dialog's focus trap moves focus inside, with the table row it sat in.
 * Cancel, Escape, a save: focus goes back to the opener. A delete took the opener's row away:
 * focus goes to the row now in its place (or the last row, or the table's "no data" row),
 * which a screen reader reads whole. The result message is not focused: it is announced by
 * the flash region (a polite live region) and goes away by itself.
 */
function useFocusAfterClose() {
  const opener = useRef<OpenerSpot | null>(null);
  if (opener.current === null && typeof document !== "undefined")
    opener.current = openerSpot(document.activeElement);
  useEffect(() => {
    const spot = opener.current;
    return () => {
      // After the navigation has rendered the table again; unless something else took focus.
      requestAnimationFrame(() => {
        const now = document.activeElement;
        if (now && now !== document.body && now.isConnected) return;
        focusElement(spot && focusTargetAfterClose(spot));
      });
    };
  }, []);
}

export interface OpenerSpot {
  element: Element | null;
  /** The table body and the row index the opener sat in, if it was in a table row. */
  body: Element | null;
  row: number;
}

export function openerSpot(element: Element | null): OpenerSpot {
  const tr = element?.closest("tbody > tr") ?? null;
  const body = tr?.parentElement ?? null;
  return { element, body, row: tr && body ? [...body.children].indexOf(tr) : -1 };
}

/** What takes focus after the dialog closed: the opener, else the row in its place, else the table. */
export function focusTargetAfterClose(spot: OpenerSpot): HTMLElement | null {
  const { element, row } = spot;
  if (
    element instanceof HTMLElement &&
    element !== element.ownerDocument.body &&
    element.isConnected
  )
    return element;
  if (row < 0) return null;
  // The table body React kept, or the page's table if it was drawn anew.
  const body = spot.body?.isConnected
    ? spot.body
    : (element?.ownerDocument.querySelector(".rt-grid > tbody") ?? null);
  const rows = body ? [...body.children] : [];
  const target = rows[Math.min(row, rows.length - 1)];
  return target instanceof HTMLElement ? target : null;
}

export function CancelLink({ screen }: { screen: ResourceScreen }) {
  const { t } = useTranslation("table");
  const back = useTableHref(screen);
  return (
    <Button
      component={Link}
      to={back}
      variant="default"
      preventScrollReset
      data-testid="dialog-cancel"
    >
      {t("form.cancel")}
    </Button>
  );
}
