import type { GraphOntology } from "./ontology.js";

/**
 * What event extraction learns from a graph's training articles (issue 27, decision 023).
 *
 * - The classes of each event type's arguments: the ontology names the roles of an event
 *   type (subject, object) but not their classes; the participants of the training articles'
 *   events say which classes fill them. A trigger makes an event only with an argument: a
 *   subject or object of such a class, a place, or a mention of a class its participants had
 *   (a type no training event shows keeps the trigger's word alone).
 * - Whether a sentence reports the event its trigger names or only refers to it ("此前，…一事
 *   已引发广泛关注", "由于…，…"): a logistic regression over the words of the sentence, the
 *   characters next to the trigger and which arguments were found, fitted to the training
 *   articles' event reports. Its probability is the event's confidence; a model run counts
 *   events from REPORT_CONFIDENCE up as reports.
 */

export const REPORT_CONFIDENCE = 0.5;

export interface EventModel {
  /**
   * Per event type id: the classes its subjects and objects may be of (empty: any), and those
   * of its participants in any role (演习名称, 接收方…). Absent: the type was never seen.
   */
  argumentClasses: Map<number, ArgumentClasses>;
  /** The report classifier: feature weights and bias; no weights when nothing was learnt. */
  weights: Map<string, number>;
  bias: number;
  /** Trigger occurrences the classifier was fitted to, and how many were reports. */
  examples: number;
  reports: number;
}

export const emptyEventModel = (): EventModel => ({
  argumentClasses: new Map(),
  weights: new Map(),
  bias: 0,
  examples: 0,
  reports: 0,
});

export interface ArgumentClasses {
  subject: Set<number>;
  object: Set<number>;
  any: Set<number>;
}

/** A participant of a training event, with its role name and its entity's class. */
export interface ParticipantRow {
  event_type_id: number | null;
  role: string;
  class_id: number | null;
}

/**
 * The argument classes of each event type, from the participants of training events in the
 * roles the ontology names subject and object. A class admits its subclasses; when two
 * subclasses of one class were seen, the whole class is admitted (装备 seen as 舰艇 and 飞机:
 * any 武器装备).
 */
export function learnArgumentClasses(
  participants: ParticipantRow[],
  ontology: GraphOntology,
): EventModel["argumentClasses"] {
  const seen = new Map<number, ArgumentClasses>();
  for (const p of participants) {
    if (p.event_type_id === null || p.class_id === null) continue;
    const type = ontology.eventTypes.get(p.event_type_id);
    if (!type) continue;
    let entry = seen.get(type.id);
    if (!entry)
      seen.set(type.id, (entry = { subject: new Set(), object: new Set(), any: new Set() }));
    entry.any.add(p.class_id);
    if (p.role === type.roles.subject) entry.subject.add(p.class_id);
    if (p.role === type.roles.object) entry.object.add(p.class_id);
  }
  const out: EventModel["argumentClasses"] = new Map();
  for (const [typeId, sides] of seen)
    out.set(typeId, {
      subject: widen(sides.subject, ontology),
      object: widen(sides.object, ontology),
      any: widen(sides.any, ontology),
    });
  return out;
}

function widen(classes: Set<number>, ontology: GraphOntology): Set<number> {
  if (classes.size === 0) return classes;
  const out = new Set<number>();
  const childrenSeen = new Map<number, number>();
  for (const id of classes) {
    for (const sub of ontology.subtree(id)) out.add(sub);
    const parent = ontology.classes.get(id)?.parent_id;
    if (parent != null) childrenSeen.set(parent, (childrenSeen.get(parent) ?? 0) + 1);
  }
  for (const [parent, n] of childrenSeen)
    if (n >= 2) for (const sub of ontology.subtree(parent)) out.add(sub);
  return out;
}

/** May an entity of `classId` be the event type's argument on `side`? */
export function admitsArgument(
  model: EventModel,
  typeId: number,
  side: "subject" | "object",
  classId: number | null,
): boolean {
  const classes = model.argumentClasses.get(typeId)?.[side];
  if (!classes || classes.size === 0) return true;
  return classId !== null && classes.has(classId);
}

/**
 * Has a trigger of the type what makes an event: a subject or object found, a place, or a
 * mention of a class the type's participants had. A type training events never showed needs
 * nothing but its trigger.
 */
export function hasArguments(
  model: EventModel,
  typeId: number,
  found: { subjects: number; objects: number; place: boolean; classes: (number | null)[] },
): boolean {
  const classes = model.argumentClasses.get(typeId);
  if (!classes) return true;
  if (found.subjects + found.objects > 0 || found.place) return true;
  return found.classes.some((c) => c !== null && classes.any.has(c));
}

/** The classifier's features of one trigger occurrence. */
export function eventFeatures(o: {
  type: string;
  before: string;
  after: string;
  words: string[];
  subject: boolean;
  object: boolean;
}): string[] {
  return [
    `t:${o.type}`,
    `p:${o.before}`,
    `n:${o.after}`,
    ...[...new Set(o.words)].map((w) => `w:${w}`),
    o.subject ? "subject" : "no subject",
    o.object ? "object" : "no object",
  ];
}

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

/** The probability that the occurrence with these features reports its event. */
export function reportConfidence(model: EventModel, features: string[]): number {
  if (model.examples === 0) return 1;
  let z = model.bias;
  for (const f of features) z += model.weights.get(f) ?? 0;
  return sigmoid(z);
}

const EPOCHS = 300;
const RATE = 0.5;
const L2 = 0.01;

/**
 * Fits the report classifier (logistic regression, full-batch gradient descent with an L2
 * penalty: deterministic, and a few milliseconds for a few thousand occurrences).
 */
export function learnReportClassifier(
  model: EventModel,
  examples: { features: string[]; report: boolean }[],
): EventModel {
  const index = new Map<string, number>();
  const rows = examples.map((e) =>
    e.features.map((f) => {
      let i = index.get(f);
      if (i === undefined) index.set(f, (i = index.size));
      return i;
    }),
  );
  const w = new Float64Array(index.size);
  let bias = 0;
  const n = examples.length || 1;
  const grad = new Float64Array(index.size);
  for (let epoch = 0; epoch < EPOCHS; epoch++) {
    grad.fill(0);
    let gradBias = 0;
    rows.forEach((row, k) => {
      let z = bias;
      for (const i of row) z += w[i];
      const err = sigmoid(z) - (examples[k].report ? 1 : 0);
      gradBias += err;
      for (const i of row) grad[i] += err;
    });
    bias -= (RATE * gradBias) / n;
    for (let i = 0; i < w.length; i++) w[i] -= RATE * (grad[i] / n + L2 * w[i]);
  }
  const weights = new Map<string, number>();
  for (const [f, i] of index) weights.set(f, w[i]);
  return {
    ...model,
    weights,
    bias,
    examples: examples.length,
    reports: examples.filter((e) => e.report).length,
  };
}
