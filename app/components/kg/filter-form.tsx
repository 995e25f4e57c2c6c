import { Form, Link } from "@remix-run/react";
import IconSearch from "@tabler/icons-react/dist/esm/icons/IconSearch.mjs";
import { lazy, Suspense, type ReactNode } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { useTranslation } from "react-i18next";

/**
 * A list page's filters: a GET form (it works without JavaScript) of the page's fields, keeping
 * the page size, with a way back to the unfiltered list and a notice for unusable dates.
 */
export function FilterForm({
  resetTo,
  filtered,
  pageSize,
  badDates,
  children,
}: {
  resetTo: string;
  filtered: boolean;
  pageSize: number;
  badDates: string[];
  children: ReactNode;
}) {
  const { t } = useTranslation("kg");
  return (
    <>
      <Form method="get" className="kg-form" role="search">
        {children}
        {pageSize !== 10 && <input type="hidden" name="page_size" value={pageSize} />}
        <button type="submit">
          <IconSearch size={16} aria-hidden /> {t("common.search")}
        </button>
        {filtered && (
          <Link to={resetTo} className="reset">
            {t("common.reset")}
          </Link>
        )}
      </Form>
      {badDates.length > 0 && (
        <p className="form-notice" role="alert">
          {t("common.badDate")}
        </p>
      )}
    </>
  );
}

/** The search box of a filter form. */
export function SearchField({
  label,
  placeholder,
  value,
}: {
  label: string;
  placeholder: string;
  value: string | undefined;
}) {
  return (
    <label className="grow">
      {label}
      <input type="search" name="search" defaultValue={value ?? ""} placeholder={placeholder} />
    </label>
  );
}

/** The calendar of a day field: loaded once the page is interactive, never without JS. */
const DayInput = lazy(() => import("./day-input.client"));

/**
 * One day of a filter form: the browser's own date input without JavaScript (its mask is the
 * browser's), a calendar in the page's language with it (issue 13).
 */
function DayField({ name, label, value }: { name: string; label: string; value?: string }) {
  const { t, i18n } = useTranslation("kg");
  const hydrated = useHydrated();
  const native = (
    <label>
      {label}
      <input type="date" name={name} defaultValue={value ?? ""} />
    </label>
  );
  if (!hydrated) return native;
  return (
    <Suspense fallback={native}>
      <DayInput
        name={name}
        label={label}
        value={value}
        lng={i18n.language}
        placeholder={t("common.dayPlaceholder")}
      />
    </Suspense>
  );
}

/** From and to days of a filter form (?start=&end=). */
export function DayRangeFields({ start, end }: { start?: string; end?: string }) {
  const { t } = useTranslation("kg");
  return (
    <>
      <DayField name="start" label={t("common.from")} value={start} />
      <DayField name="end" label={t("common.to")} value={end} />
    </>
  );
}
