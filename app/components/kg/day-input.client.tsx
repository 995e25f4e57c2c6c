import { DateInput } from "@mantine/dates/esm/components/DateInput/DateInput.mjs";
import { DatesProvider } from "@mantine/dates/esm/components/DatesProvider/DatesProvider.mjs";
import dayjs from "dayjs";
import "dayjs/locale/zh-cn";
import "dayjs/locale/es";
import { useState } from "react";

/** dayjs's name of each page language's locale. */
const DAYJS_LOCALE: Record<string, string> = { zh: "zh-cn", en: "en", es: "es" };
const FORMAT = "YYYY-MM-DD";

/**
 * A day typed or picked from a calendar in the page's language (month and weekday names, first
 * day of the week), sent as YYYY-MM-DD under `name` like the plain input it replaces with JS.
 */
export default function DayInput({
  name,
  label,
  value,
  lng,
  placeholder,
}: {
  name: string;
  label: string;
  value?: string;
  lng: string;
  placeholder: string;
}) {
  const [day, setDay] = useState<Date | null>(() => {
    const d = value ? dayjs(value, FORMAT) : null;
    return d?.isValid() ? d.toDate() : null;
  });
  return (
    <DatesProvider settings={{ locale: DAYJS_LOCALE[lng] ?? "en" }}>
      <div className="kg-day">
        <DateInput
          label={label}
          value={day}
          onChange={setDay}
          valueFormat={FORMAT}
          placeholder={placeholder}
          clearable
          size="xs"
          popoverProps={{ withinPortal: false }}
        />
        <input type="hidden" name={name} value={day ? dayjs(day).format(FORMAT) : ""} />
      </div>
    </DatesProvider>
  );
}
