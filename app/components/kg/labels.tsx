import { Link } from "@remix-run/react";
import IconQuote from "@tabler/icons-react/dist/esm/icons/IconQuote.mjs";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { EntityRef, SourceSpan } from "@contract/kg";
import { colorFor } from "~/charts/theme";
import { entityHref, sourceHref } from "~/kg/links";

/** How a fact's parts are shown wherever it appears: its type, its entities, its source, its strength. */

/**
 * A type label in its colour (entity class, event type, link type). The colour marks the
 * border and tint; the text keeps the page's text colour, as palette colours are too pale
 * for text (WCAG 1.4.3).
 */
export function TypeBadge({
  type,
  color,
}: {
  type: string | null | undefined;
  color?: string | null;
}) {
  if (!type) return null;
  const c = colorFor(type, color);
  return (
    <span className="type-badge" style={{ borderColor: c, background: `${c}1f` }}>
      {type}
    </span>
  );
}

/** An entity as a chip that opens its page. */
export function EntityChip({
  kgId,
  entity,
  colors,
  extra,
}: {
  kgId: number;
  entity: EntityRef;
  colors?: Record<string, string>;
  extra?: ReactNode;
}) {
  const c = colorFor(
    entity.type,
    entity.color || (entity.type ? colors?.[entity.type] : undefined),
  );
  return (
    <Link
      className="entity-chip"
      to={entityHref(kgId, entity.uuid)}
      title={entity.type ?? undefined}
      style={{ "--c": c } as React.CSSProperties}
    >
      <span className="dot" />
      {entity.name}
      {extra !== undefined && <span className="chip-extra">{extra}</span>}
    </Link>
  );
}

/** The link from a fact to its source sentence, highlighted in its article. */
export function SourceLink({
  kgId,
  fact,
  label,
}: {
  kgId: number;
  fact: SourceSpan;
  label?: string;
}) {
  const { t } = useTranslation("kg");
  const href = sourceHref(kgId, fact);
  if (!href) return <span className="muted">{t("common.noSource")}</span>;
  return (
    <Link
      to={href}
      className="source-link"
      title={t("common.sourceTitle")}
      data-testid="source-link"
    >
      <IconQuote size={14} aria-hidden />
      {label ?? t("common.source")}
    </Link>
  );
}

/** Strength 0..1 as a small bar and a number. */
export function Strength({ value }: { value: number }) {
  return (
    <span className="strength" title={value.toFixed(2)}>
      <span className="strength-bar">
        <span style={{ width: `${Math.round(value * 100)}%` }} />
      </span>
      {value.toFixed(2)}
    </span>
  );
}
