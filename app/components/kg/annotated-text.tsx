import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { colorFor } from "~/charts/theme";
import { sentenceAnchor } from "~/kg/links";

export interface TextMention {
  start: number;
  end: number;
  uuid: string | null;
  name: string;
  type: string | null;
}

export interface TextMark {
  start: number;
  end: number;
  kind: "trigger" | "cause" | "effect" | "time" | "place";
  title?: string;
}

export interface AnnotatedTextProps {
  text: string;
  mentions: TextMention[];
  marks?: TextMark[];
  /** The sentence to highlight and scroll to. */
  highlight?: [number, number] | null;
  /** Colour of an entity type (the ontology's, else a stable one). */
  colors?: Record<string, string>;
  entityHref?: (uuid: string) => string;
  testId?: string;
}

/**
 * A text with its entity mentions, event triggers and one highlighted sentence. Built
 * from offsets as React text nodes, so markup or script in a stored text shows as text.
 */
export function AnnotatedText({
  text,
  mentions,
  marks = [],
  highlight,
  colors = {},
  entityHref,
  testId,
}: AnnotatedTextProps) {
  const [hlStart, hlEnd] = clampSpan(highlight, text.length);
  const cuts = new Set<number>([0, text.length]);
  for (const s of [...mentions, ...marks]) {
    if (s.start >= 0 && s.end <= text.length && s.end > s.start) {
      cuts.add(s.start);
      cuts.add(s.end);
    }
  }
  if (hlEnd > hlStart) {
    cuts.add(hlStart);
    cuts.add(hlEnd);
  }
  const points = [...cuts].sort((a, b) => a - b);
  const covering = <T extends { start: number; end: number }>(list: T[], a: number, b: number) =>
    list.find((s) => s.start <= a && s.end >= b);

  const out: ReactNode[] = [];
  let anchored = false;
  for (let i = 0; i < points.length - 1; i++) {
    const a = points[i];
    const b = points[i + 1];
    if (b <= a) continue;
    let node: ReactNode = text.slice(a, b);
    const mark = covering(marks, a, b);
    if (mark) {
      node = (
        <span className={`tm tm-${mark.kind}`} title={mark.title}>
          {node}
        </span>
      );
    }
    const m = covering(mentions, a, b);
    if (m) {
      const style = {
        "--c": colorFor(m.type, m.type ? colors[m.type] : undefined),
      } as React.CSSProperties;
      const title = m.type ? `${m.name} · ${m.type}` : m.name;
      node =
        m.uuid && entityHref ? (
          <Link
            className="mention"
            to={entityHref(m.uuid)}
            style={style}
            title={title}
            data-type={m.type ?? ""}
          >
            {node}
          </Link>
        ) : (
          <span className="mention" style={style} title={title} data-type={m.type ?? ""}>
            {node}
          </span>
        );
    }
    if (hlEnd > hlStart && a >= hlStart && b <= hlEnd) {
      const id = anchored ? undefined : sentenceAnchor(hlStart);
      anchored = true;
      node = (
        <mark className="sent-hl" id={id} data-testid={id ? "highlighted-sentence" : undefined}>
          {node}
        </mark>
      );
    }
    out.push(<span key={a}>{node}</span>);
  }
  return (
    <div className="annotated-text" data-testid={testId}>
      {out}
    </div>
  );
}

function clampSpan(span: [number, number] | null | undefined, length: number): [number, number] {
  if (!span) return [0, 0];
  const a = Math.max(0, Math.min(span[0], length));
  const b = Math.max(a, Math.min(span[1], length));
  return [a, b];
}

/** A legend of the entity types present, with their counts. */
export function TypeLegend({
  items,
  colors = {},
}: {
  items: { type: string | null; count: number }[];
  colors?: Record<string, string>;
}) {
  return (
    <ul className="type-legend">
      {items.map((i) => (
        <li key={i.type ?? "-"}>
          <span
            className="swatch"
            style={{ background: colorFor(i.type, i.type ? colors[i.type] : undefined) }}
          />
          {i.type ?? "—"} <span className="muted">{i.count}</span>
        </li>
      ))}
    </ul>
  );
}
