import { useTranslation } from "react-i18next";
import { IntentForm } from "~/components/ui/intent-form";

/**
 * What a page that can be saved as a view offers (issue 23 items 3–4): the "save view" form, the
 * notice of a view opened from the saved list, and the downloads of what the page shows.
 */

export interface OpenedView {
  id: number;
  name: string;
  mine: boolean;
  owner: string;
  missing: {
    entities: { uuid: string; name: string }[];
    relations: { id: number; label: string }[];
  };
}

/** Name the current view: a plain POST form (the page's action saves it and goes to the list). */
export function SaveViewForm({
  query,
  error,
  name,
  kgId,
}: {
  query: string;
  error?: string | null;
  name?: string;
  kgId: number;
}) {
  const { t } = useTranslation("kg");
  return (
    <IntentForm intent="save-view" className="kg-form" data-testid="save-view-form">
      <input type="hidden" name="query" value={query} />
      <label>
        {t("views.name")}
        <input
          name="name"
          required
          maxLength={100}
          defaultValue={name}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "save-view-error" : undefined}
        />
      </label>
      <button type="submit">{t("views.save")}</button>
      <a href={`/${kgId}/views`}>{t("views.all")}</a>
      {error && (
        <p className="notice" role="alert" id="save-view-error" data-testid="save-view-error">
          {error}
        </p>
      )}
    </IntentForm>
  );
}

/** The view the page was opened from, and what it showed that is gone from today's data. */
export function ViewNotice({ view }: { view: OpenedView }) {
  const { t } = useTranslation("kg");
  const { entities, relations } = view.missing;
  const gone = entities.length + relations.length;
  return (
    <div className="notice" role="status" data-testid="view-notice">
      <p>
        {view.mine
          ? t("views.opened", { name: view.name })
          : t("views.openedShared", { name: view.name, owner: view.owner })}
      </p>
      {gone === 0 ? (
        <p data-testid="view-all-found">{t("views.allFound")}</p>
      ) : (
        <>
          <p>{t("views.missingIntro")}</p>
          <ul data-testid="view-missing">
            {entities.map((e) => (
              <li key={e.uuid}>{t("views.missingEntity", { name: e.name })}</li>
            ))}
            {relations.map((r) => (
              <li key={r.id}>{t("views.missingRelation", { label: r.label })}</li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

/** Downloads of what the page shows: the picture as SVG (the server's drawing), the subgraph as GraphML and JSON-LD. */
export function ShownDownloads({ href }: { href: (format: string) => string }) {
  const { t } = useTranslation("kg");
  return (
    <p className="view-downloads" data-testid="shown-downloads">
      <span>{t("views.download")}</span>{" "}
      {(["svg", "graphml", "jsonld"] as const).map((f) => (
        <a key={f} href={href(f)} download data-testid={`download-${f}`}>
          {t(`views.format.${f}`)}
        </a>
      ))}
    </p>
  );
}
