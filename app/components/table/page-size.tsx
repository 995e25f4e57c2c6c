import { Form } from "@remix-run/react";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "remix-utils/use-hydrated";
import type { ResourceScreen } from "~/table/registry";
import { PAGE_SIZES, type TableState } from "~/table/table-state";
import { StateInputs, useStateForm } from "./table-forms";

/**
 * The resource tables' page size (spec §9: 10, 20, 50), the size control of the one pager
 * (components/ui/pager.tsx): a form, so the rest of the view (search, filters, ordering) goes
 * with it.
 *
 * WCAG 3.2.2 (On Input): a closed <select> fires "change" on every ArrowDown, so applying the
 * size on change would load a new page while a keyboard user is still stepping through the
 * sizes. The Apply button is always there (the one way without JavaScript, and with it); with
 * JavaScript a size also applies at once when it was picked with the pointer (mouse or touch in
 * the drop-down list), and Enter on the select applies it from the keyboard. An arrow step
 * alone changes nothing until the user applies it.
 */
export function PageSizeForm({ screen, state }: { screen: ResourceScreen; state: TableState }) {
  const { t } = useTranslation("table");
  const hydrated = useHydrated();
  const onSubmit = useStateForm(screen.path);
  const byPointer = useRef(false);
  return (
    <Form
      method="get"
      action={screen.path}
      onSubmit={hydrated ? onSubmit : undefined}
      className="pager-size-form"
    >
      <StateInputs state={state} omit={["pageSize", "page"]} />
      <select
        name="page_size"
        defaultValue={String(state.pageSize)}
        className="native-field"
        aria-label={t("pager.pageSizeLabel")}
        onPointerDown={() => (byPointer.current = true)}
        onKeyDown={(e) => {
          byPointer.current = false;
          if (e.key === "Enter") {
            e.preventDefault();
            e.currentTarget.form?.requestSubmit();
          }
        }}
        onChange={(e) => {
          if (byPointer.current) e.currentTarget.form?.requestSubmit();
        }}
        key={state.pageSize}
      >
        {PAGE_SIZES.map((s) => (
          <option key={s} value={s}>
            {t("pager.pageSize", { size: s })}
          </option>
        ))}
      </select>
      <button type="submit" className="native-field">
        {t("pager.go")}
      </button>
    </Form>
  );
}
