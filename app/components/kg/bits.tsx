import { Link } from "@remix-run/react";
import { IconFileText, IconQuote } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { colorFor } from "~/charts/theme";
import { entityHref, sourceHref } from "~/kg/links";
import type { EntityRef, SourceSpan } from "@contract/kg";

/** A titled card: the building block of every graph page. */
export function Section({
  title,
  extra,
  children,
  id,
  testId,
  className,
}: {
  title: ReactNode;
  extra?: ReactNode;
  children: ReactNode;
  id?: string;
  testId?: string;
  className?: string;
}) {
  return (
    <section
      className={`kg-section${className ? ` ${className}` : ""}`}
      id={id}
      data-testid={testId}
    >
      <header>
        <h2>{title}</h2>
        {extra && <div className="kg-section-extra">{extra}</div>}
      </header>
      <div className="kg-section-body">{children}</div>
    </section>
  );
}

export function PageTitle({
  title,
  sub,
  children,
}: {
  title: ReactNode;
  sub?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="kg-page-title">
      <div>
        <h1>{title}</h1>
        {sub && <div className="kg-page-sub">{sub}</div>}
      </div>
      {children && <div className="kg-page-actions">{children}</div>}
    </div>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return (
    <p className="kg-empty" data-testid="empty">
      {children}
    </p>
  );
}

/** A type label in its colour (entity class, event type, link type). */
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
    <span className="type-badge" style={{ color: c, borderColor: c, background: `${c}14` }}>
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

export function ArticleLink({ to, title }: { to: string; title: string }) {
  return (
    <Link to={to} className="article-link">
      <IconFileText size={15} aria-hidden /> {title}
    </Link>
  );
}

/** A big number with its label, optionally a link. */
export function Stat({
  label,
  value,
  to,
  testId,
}: {
  label: string;
  value: number;
  to?: string;
  testId?: string;
}) {
  const body = (
    <>
      <span className="stat-value">{value.toLocaleString("en-US")}</span>
      <span className="stat-label">{label}</span>
    </>
  );
  return to ? (
    <Link to={to} className="stat" data-testid={testId}>
      {body}
    </Link>
  ) : (
    <div className="stat" data-testid={testId}>
      {body}
    </div>
  );
}

/** A ranking row's trend: a tiny inline SVG (no chart library for twenty small lines). */
export function Sparkline({
  values,
  color = "#6085f2",
  width = 120,
  height = 28,
}: {
  values: number[];
  color?: string;
  width?: number;
  height?: number;
}) {
  if (values.length === 0) return null;
  const max = Math.max(1, ...values);
  const step = values.length > 1 ? width / (values.length - 1) : width;
  const pts = values.map(
    (v, i) => `${(i * step).toFixed(1)},${(height - 2 - (v / max) * (height - 4)).toFixed(1)}`,
  );
  return (
    <svg
      className="sparkline"
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      aria-hidden
    >
      <polygon
        points={`0,${height} ${pts.join(" ")} ${width},${height}`}
        fill={color}
        opacity={0.12}
      />
      <polyline
        points={pts.join(" ")}
        fill="none"
        stroke={color}
        strokeWidth={1.6}
        strokeLinejoin="round"
      />
    </svg>
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

export function formatDay(value: string | null | undefined): string {
  if (!value) return "";
  return value.length > 10 ? value.slice(0, 16).replace("T", " ") : value;
}
