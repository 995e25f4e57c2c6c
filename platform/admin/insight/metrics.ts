import type { ClassMetrics } from "@contract/insight";

/**
 * Precision, recall and F1 per class, their micro and macro averages, and the confusion
 * matrix, from matched gold/predicted pairs. Pure: the evaluation (evaluate.ts) decides what
 * matches; this only counts.
 */

/** The label of "nothing": a gold item nobody predicted, or a prediction with no gold item. */
export const NONE = "O";

/**
 * One unit of the comparison. Both set and equal: a true positive. Both set and different:
 * a false negative of the gold class and a false positive of the predicted one.
 */
export interface Outcome {
  gold: string | null;
  predicted: string | null;
}

export interface Metrics {
  per_class: ClassMetrics[];
  tp: number;
  fp: number;
  fn: number;
  gold: number;
  predicted: number;
  /** Micro averages: over every item, whatever its class. */
  precision: number;
  recall: number;
  f1: number;
  /** Unweighted mean of the per-class F1 scores. */
  macro_f1: number;
  /** matrix[i][j]: gold labels[i] predicted as labels[j]; the last label is NONE. */
  confusion: { labels: string[]; matrix: number[][] };
}

/** tp / (tp + other), 0 when there is nothing to divide (no predictions, or no gold items). */
const ratio = (tp: number, other: number) => (tp + other === 0 ? 0 : tp / (tp + other));
const harmonic = (p: number, r: number) => (p + r === 0 ? 0 : (2 * p * r) / (p + r));
/** Four decimals: what is stored and shown, and what tests compare. */
export const round4 = (x: number) => Math.round(x * 10_000) / 10_000;

/**
 * Counts the outcomes. `order` lists the classes first (the ontology's order), classes seen
 * only in the outcomes follow alphabetically; a class with neither gold nor predicted items
 * is left out.
 */
export function computeMetrics(outcomes: Outcome[], order: string[] = []): Metrics {
  const counts = new Map<string, { tp: number; fp: number; fn: number }>();
  const bump = (label: string, key: "tp" | "fp" | "fn") => {
    const c = counts.get(label) ?? { tp: 0, fp: 0, fn: 0 };
    c[key]++;
    counts.set(label, c);
  };
  for (const o of outcomes) {
    if (o.gold !== null && o.gold === o.predicted) bump(o.gold, "tp");
    else {
      if (o.gold !== null) bump(o.gold, "fn");
      if (o.predicted !== null) bump(o.predicted, "fp");
    }
  }
  const seen = [...counts.keys()];
  const labels = [
    ...order.filter((l) => counts.has(l)),
    ...seen.filter((l) => !order.includes(l)).sort((a, b) => a.localeCompare(b, "zh")),
  ];
  const rawF1: number[] = [];
  const per_class = labels.map((label): ClassMetrics => {
    const c = counts.get(label)!;
    const precision = ratio(c.tp, c.fp);
    const recall = ratio(c.tp, c.fn);
    rawF1.push(harmonic(precision, recall));
    return {
      label,
      ...c,
      support: c.tp + c.fn,
      precision: round4(precision),
      recall: round4(recall),
      f1: round4(harmonic(precision, recall)),
    };
  });
  const tp = per_class.reduce((n, c) => n + c.tp, 0);
  const gold = outcomes.filter((o) => o.gold !== null).length;
  const predicted = outcomes.filter((o) => o.predicted !== null).length;
  const precision = predicted ? tp / predicted : 0;
  const recall = gold ? tp / gold : 0;

  const axis = [...labels, NONE];
  const index = new Map(axis.map((l, i) => [l, i]));
  const matrix = axis.map(() => axis.map(() => 0));
  for (const o of outcomes) {
    if (o.gold === null && o.predicted === null) continue;
    matrix[index.get(o.gold ?? NONE)!][index.get(o.predicted ?? NONE)!]++;
  }
  return {
    per_class,
    tp,
    fp: predicted - tp,
    fn: gold - tp,
    gold,
    predicted,
    precision: round4(precision),
    recall: round4(recall),
    f1: round4(harmonic(precision, recall)),
    macro_f1: round4(rawF1.length ? rawF1.reduce((a, b) => a + b, 0) / rawF1.length : 0),
    confusion: { labels: axis, matrix },
  };
}

/** "P 91.2% · R 87.4% · F1 89.3%": the models table's metrics summary. */
export function metricsSummary(m: { precision: number; recall: number; f1: number }): string {
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  return `P ${pct(m.precision)} · R ${pct(m.recall)} · F1 ${pct(m.f1)}`;
}
