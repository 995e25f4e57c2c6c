import { Link } from "@remix-run/react";
import type { CSSProperties, ReactNode } from "react";

/** The parts every graph page is built of: its title, titled sections, empty states, big numbers. */

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

/** A link of a page's title bar, drawn as a button (`primary`: the page's main next step). */
export interface PageAction {
  to: string;
  label: string;
  primary?: boolean;
}

export function PageTitle({
  title,
  sub,
  actions = [],
  children,
}: {
  title: ReactNode;
  sub?: ReactNode;
  actions?: PageAction[];
  children?: ReactNode;
}) {
  return (
    <div className="kg-page-title">
      <div>
        <h1>{title}</h1>
        {sub && <div className="kg-page-sub">{sub}</div>}
      </div>
      {(actions.length > 0 || children) && (
        <div className="kg-page-actions">
          {actions.map((a) => (
            <Link key={a.to} to={a.to} className={a.primary ? "kg-button" : "kg-button light"}>
              {a.label}
            </Link>
          ))}
          {children}
        </div>
      )}
    </div>
  );
}

/** What a section shows when it has nothing. */
export function Empty({ children }: { children: ReactNode }) {
  return (
    <p className="kg-empty" data-testid="empty">
      {children}
    </p>
  );
}

/** A section's list (each item's `<li>` from `children`), or its empty state when there is none. */
export function ListOrEmpty<T>({
  items,
  empty,
  ordered,
  className,
  style,
  children,
}: {
  items: readonly T[];
  empty: ReactNode;
  ordered?: boolean;
  className?: string;
  style?: CSSProperties;
  children: (item: T, index: number) => ReactNode;
}) {
  if (items.length === 0) return <Empty>{empty}</Empty>;
  const List = ordered ? "ol" : "ul";
  return (
    <List className={className} style={style}>
      {items.map((item, i) => children(item, i))}
    </List>
  );
}

/** A titled section that is a list, or says that there is nothing to list. */
export function ListSection<T>({
  title,
  testId,
  ...list
}: Parameters<typeof ListOrEmpty<T>>[0] & { title: ReactNode; testId?: string }) {
  return (
    <Section title={title} testId={testId}>
      <ListOrEmpty {...list} />
    </Section>
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
      <span className="text-sep"> </span>
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
