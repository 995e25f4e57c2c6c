import { Button } from "@mantine/core/esm/components/Button/Button.mjs";
import { Modal } from "@mantine/core/esm/components/Modal/Modal.mjs";
import { Link, useLocation, useNavigate } from "@remix-run/react";
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
  return (
    <Modal
      opened
      onClose={() => navigate(back, { preventScrollReset: true })}
      title={title}
      size={size}
      withinPortal={false}
      transitionProps={{ duration: 0 }}
      returnFocus={false}
      closeButtonProps={{ "aria-label": t("form.closeDialog") }}
      data-testid={testId}
    >
      {children}
    </Modal>
  );
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
