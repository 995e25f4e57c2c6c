import { useTranslation } from "react-i18next";

/** The export formats, in the order offered (the platform's `format` values). */
const EXPORT_FORMATS = ["ttl", "nt", "jsonld", "graphml", "neo4j"] as const;

interface ExportChoice {
  /** The query parameter the choice sets (`class`, `relation_type`). */
  name: string;
  label: string;
  options: { id: number; name: string }[];
  value: number | null;
  /** Offered first, with an empty value: the whole graph. */
  whole?: string;
}

/**
 * A download of a graph (or part of it): a plain GET form to the export resource route, so
 * it works without JavaScript and the browser shows the streamed download's progress.
 * `fixed` are hidden parameters (a neighbourhood's entity, depth…), `choice` an optional
 * native select (a class or relation type).
 */
export function ExportForm({
  kgId,
  fixed = {},
  choice,
  label,
  formLabel,
  testId,
}: {
  kgId: number;
  fixed?: Record<string, string | number | undefined>;
  choice?: ExportChoice;
  label?: string;
  /** The form's name when several stand on one page (one per row): unique, with the row's name. */
  formLabel?: string;
  testId?: string;
}) {
  const { t } = useTranslation("common");
  return (
    <form
      method="get"
      action={`/${kgId}/export`}
      className="export-form"
      data-testid={testId}
      aria-label={formLabel ?? label ?? choice?.label ?? t("interchange.export")}
    >
      {Object.entries(fixed).map(([k, v]) =>
        v === undefined || v === "" ? null : <input key={k} type="hidden" name={k} value={v} />,
      )}
      {choice && (
        <label>
          <span>{choice.label}</span>
          <select name={choice.name} defaultValue={choice.value ?? ""}>
            {choice.whole !== undefined && <option value="">{choice.whole}</option>}
            {choice.options.map((o) => (
              <option key={o.id} value={o.id}>
                {o.name}
              </option>
            ))}
          </select>
        </label>
      )}
      <label>
        <span>{t("interchange.format")}</span>
        <select
          name="format"
          defaultValue="ttl"
          data-testid={testId ? `${testId}-format` : undefined}
        >
          {EXPORT_FORMATS.map((f) => (
            <option key={f} value={f}>
              {t(`interchange.formats.${f}`)}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" title={t("interchange.streamed")}>
        {label ?? t("interchange.download")}
      </button>
    </form>
  );
}
