import { Button } from "@mantine/core/esm/components/Button/Button.mjs";
import { Modal } from "@mantine/core/esm/components/Modal/Modal.mjs";
import { Link, useLocation, useNavigate } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { ResourceScreen } from "~/table/registry";
import { parseTableState, stateQuery } from "~/table/table-state";

/** The table the dialog was opened over, with its page, search, sort and filters. */
export function useTableHref(screen: ResourceScreen) {
  const { search } = useLocation();
  return `${screen.path}${stateQuery(parseTableState(new URLSearchParams(search)))}`;
}

/**
 * A dialog that is a route (spec: URL-addressable form, import and delete dialogs). Rendered
 * opened, in place (no portal), so the server sends it whole: without JavaScript it is a
 * block over the table with a link back; with JavaScript the same markup is a modal.
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
  useFocusBack();
  return (
    <Modal
      opened
      onClose={() => navigate(back, { preventScrollReset: true })}
      title={title}
      size={size}
      withinPortal={false}
      transitionProps={{ duration: 0 }}
      closeButtonProps={{ "aria-label": t("form.closeDialog") }}
      data-testid={testId}
    >
      {children}
    </Modal>
  );
}

/**
 * Focus goes back to what opened the dialog (the add button, a row's edit link) when the
 * dialog closes: cancel, Escape, or a save that returns to the table. The dialog is a route,
 * so it unmounts rather than closing and Mantine's own focus return never runs; the opener is
 * read on the first render, before the dialog's focus trap moves focus inside.
 */
function useFocusBack() {
  const opener = useRef(typeof document === "undefined" ? null : document.activeElement);
  useEffect(() => {
    const element = opener.current;
    return () => {
      if (element instanceof HTMLElement && element !== document.body && element.isConnected)
        // After the navigation has rendered the table again.
        requestAnimationFrame(() => element.isConnected && element.focus());
    };
  }, []);
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
