import { AhoCorasick } from "../../kg/aho-corasick.js";
import type { OntologyDef } from "../../builtin/ontologies.js";
import { prng, type Rng } from "../../kg/prng.js";
import { addDays, ArticleWriter, monthDay, type Part, type WrittenSentence } from "./writer.js";

export interface CorpusEntity {
  name: string;
  cls: string;
  aliases?: string[];
  props?: Record<string, string>;
  desc: string;
}

/** subject, predicate (a relation type of the ontology), object: entity names. */
export type Fact = readonly [string, string, string];

export type LinkType = "cause" | "sequence" | "purpose" | "concurrent";

/** One event of a story, as the corpus tells it. */
export interface EventDraft {
  type: string;
  trigger: string;
  title: string;
  participants: { entity: string; role: string }[];
  place: string | null;
  description: string;
  /** The sentence that first reports the event, given its date ("12月3日"). */
  lead: (date: string) => Part[];
  /** Later reports: the title and opening sentence (with T(trigger)) of each, in order. */
  followUps: { title: string; opening: (date: string) => Part[] }[];
  /** Further sentences of the first report (no facts of their own). */
  details: Part[][];
  /** A clause naming the event, with T(trigger), for sentences that link two events. */
  phrase: Part[];
  /** The clause as the consequence of another event, when it reads better than `phrase`. */
  outcome?: Part[];
  closing: string[];
  /** Facts the reports state in the background; each must also be in the domain's facts. */
  facts: Fact[];
}

export interface StoryDraft {
  events: EventDraft[];
  /** Days between consecutive events. */
  gaps: number[];
  links: { type: LinkType; from: number; to: number }[];
}

/** A writer of one kind of event, from the parameters the story data gives it. */
type EventWriter = (rng: Rng, params: never) => EventDraft;

/** A story as data: each event as [its writer's name, the writer's parameters]. */
interface StoryData {
  events: [writer: string, params: object][];
  gaps: number[];
  links: StoryDraft["links"];
}

/** Writers that need no randomness, as EventWriters. */
export const withoutRng = (writers: Record<string, (params: never) => EventDraft>) =>
  Object.fromEntries(
    Object.entries(writers).map(([name, write]): [string, EventWriter] => [
      name,
      (_rng, params) => write(params),
    ]),
  );

export interface FlowDef {
  name: string;
  description: string;
  steps: {
    key: string;
    name: string;
    kind: "start" | "task" | "decision" | "end";
    actor?: string;
    description?: string;
  }[];
  transitions: [from: string, to: string, label?: string][];
}

export interface CorpusDomain {
  graphId: number;
  ontology: OntologyDef;
  seed: number;
  /** The last day of the corpus: the newest article is published on it. */
  lastDay: string;
  sources: string[];
  entities: CorpusEntity[];
  facts: Fact[];
  factSentences: Record<string, ((s: string, o: string) => Part[])[]>;
  stories: ((rng: Rng) => StoryDraft)[];
  storyCount: number;
  flows: FlowDef[];
  /** Title and opening of the background articles that state facts no report touches. */
  background: { title: string; opening: string };
}

/** What a corpus's data file (military.json, general.json) holds: all but what is written in code. */
interface CorpusData {
  graphId: number;
  seed: number;
  lastDay: string;
  sources: string[];
  background: CorpusDomain["background"];
  entities: CorpusEntity[];
  facts: string[][];
  flows?: FlowDef[];
  stories: StoryData[];
}

const factsOf = (data: CorpusData): Fact[] => data.facts.map(([s, p, o]) => [s, p, o] as const);

/** Facts of a corpus (its data file) that mention any of the names: what a report about them can say in the background. */
export function factsAbout(json: object) {
  const facts = factsOf(json as CorpusData);
  return (...names: string[]): Fact[] =>
    facts.filter((f) => names.includes(f[0]) || names.includes(f[2]));
}

/**
 * A corpus domain from its data file and what is written in code: the sentences stating
 * each kind of fact, and the writer of each kind of event the stories name.
 */
export function corpusDomain(
  json: object,
  code: Pick<CorpusDomain, "ontology" | "factSentences"> & { writers: Record<string, EventWriter> },
): CorpusDomain {
  const data = json as CorpusData;
  const stories = data.stories.map((s) => (rng: Rng) => ({
    events: s.events.map(([writer, params]) => code.writers[writer](rng, params as never)),
    gaps: [...s.gaps],
    links: s.links.map((l) => ({ ...l })),
  }));
  return {
    graphId: data.graphId,
    ontology: code.ontology,
    seed: data.seed,
    lastDay: data.lastDay,
    sources: data.sources,
    entities: data.entities,
    facts: factsOf(data),
    factSentences: code.factSentences,
    stories,
    storyCount: stories.length,
    flows: data.flows ?? [],
    background: data.background,
  };
}

export interface ComposedEvent {
  key: number;
  draft: EventDraft;
  day: string;
  /** The first report: article index and sentence. */
  article: number;
  sentence: WrittenSentence;
  reports: { article: number; sentence: WrittenSentence }[];
}

export interface ComposedArticle {
  title: string;
  source: string;
  publishedAt: string;
  content: string;
  mentions: { entity: string; start: number; end: number }[];
}

export interface ComposedCorpus {
  articles: ComposedArticle[];
  events: ComposedEvent[];
  relations: { fact: Fact; article: number; sentence: WrittenSentence; confidence: number }[];
  links: {
    type: LinkType;
    from: number;
    to: number;
    strength: number;
    cue: string;
    article: number;
    sentence: WrittenSentence;
  }[];
}

const linkStrength: Record<LinkType, [number, number]> = {
  cause: [0.62, 0.95],
  sequence: [0.5, 0.8],
  purpose: [0.6, 0.9],
  concurrent: [0.4, 0.7],
};

/** A sentence stating how two events are linked; the cue word is what a reader (and the extractor) sees. */
function linkSentence(
  rng: Rng,
  type: LinkType,
  from: EventDraft,
  to: EventDraft,
): { parts: Part[]; cue: string } {
  const outcome = to.outcome ?? to.phrase;
  switch (type) {
    case "cause":
      return rng.pick([
        { parts: ["由于", ...from.phrase, "，", ...outcome, "。"], cue: "由于" },
        { parts: ["受", ...from.phrase, "影响，", ...outcome, "。"], cue: "受…影响" },
        { parts: [...from.phrase, "，促使", ...outcome, "。"], cue: "促使" },
      ]);
    case "sequence":
      return rng.pick([
        { parts: ["在", ...from.phrase, "之后，", ...to.phrase, "。"], cue: "之后" },
        { parts: [...from.phrase, "后不久，", ...to.phrase, "。"], cue: "后不久" },
      ]);
    case "purpose":
      return { parts: ["为配合", ...to.phrase, "，", ...from.phrase, "。"], cue: "为配合" };
    case "concurrent":
      return { parts: ["在", ...from.phrase, "的同时，", ...to.phrase, "。"], cue: "的同时" };
  }
}

interface ArticlePlan {
  day: string;
  writer: ArticleWriter;
  title: string;
  source: string;
  facts: { fact: Fact; sentence: WrittenSentence }[];
  entities: Set<string>;
  hour: number;
  /** Written last, after any background facts placed into the article later. */
  closing: string;
}

/**
 * Turns a domain into articles whose texts state every stored fact: events (their lead
 * sentences), relations (background sentences) and event links (link sentences).
 */
export function composeCorpus(domain: CorpusDomain): ComposedCorpus {
  const rng = prng(domain.seed);
  const known = new Set(domain.entities.map((e) => e.name));
  const factKey = (f: Fact) => f.join("|");
  const allFacts = new Map(domain.facts.map((f) => [factKey(f), f]));
  const check = (name: string, where: string) => {
    if (!known.has(name)) throw new Error(`demo corpus: unknown entity "${name}" in ${where}`);
  };
  for (const f of domain.facts) {
    check(f[0], `fact ${factKey(f)}`);
    check(f[2], `fact ${factKey(f)}`);
    if (!domain.factSentences[f[1]])
      throw new Error(`demo corpus: no sentence for predicate ${f[1]}`);
  }

  const plans: ArticlePlan[] = [];
  const events: ComposedEvent[] = [];
  const links: ComposedCorpus["links"] = [];
  const stated = new Set<string>();

  const newArticle = (day: string, title: string, closing: string): ArticlePlan => {
    const plan: ArticlePlan = {
      day,
      title,
      writer: new ArticleWriter(),
      source: rng.pick(domain.sources),
      facts: [],
      entities: new Set(),
      hour: rng.int(7, 21),
      closing,
    };
    plans.push(plan);
    return plan;
  };
  const write = (plan: ArticlePlan, parts: Part[]) => {
    const s = plan.writer.sentence(parts);
    for (const e of s.entities) {
      check(e.entity, `article "${plan.title}"`);
      plan.entities.add(e.entity);
    }
    return s;
  };
  const stateFacts = (plan: ArticlePlan, facts: Fact[], max: number) => {
    const fresh = facts.filter((f) => !stated.has(factKey(f)));
    for (const fact of fresh.slice(0, max)) {
      if (!allFacts.has(factKey(fact)))
        throw new Error(`demo corpus: fact ${factKey(fact)} is not in the domain's facts`);
      const sentence = write(plan, rng.pick(domain.factSentences[fact[1]])(fact[0], fact[2]));
      plan.facts.push({ fact, sentence });
      stated.add(factKey(fact));
    }
  };

  const lastDay = domain.lastDay;
  for (let i = 0; i < domain.storyCount; i++) {
    const story = domain.stories[i % domain.stories.length](rng);
    // Stories spread over the year, denser towards its end, so every hot-ranking window has news.
    const span = story.gaps.reduce((a, b) => a + b, 0);
    const age = Math.pow((domain.storyCount - 1 - i) / Math.max(domain.storyCount - 1, 1), 1.35);
    let day = addDays(lastDay, -Math.round(age * 330) - span - 4 + rng.int(0, 2));
    const keys: number[] = [];
    story.events.forEach((draft, j) => {
      if (j > 0) day = addDays(day, story.gaps[j - 1]);
      if (day > lastDay) day = lastDay;
      const key = events.length;
      keys.push(key);
      let firstDay = rng.chance(0.3) ? addDays(day, 1) : day;
      if (firstDay > lastDay) firstDay = lastDay;
      const first = newArticle(firstDay, draft.title, rng.pick(draft.closing));
      const date = monthDay(day);
      const lead = write(first, draft.lead(date));
      const ev: ComposedEvent = {
        key,
        draft,
        day,
        article: plans.length - 1,
        sentence: lead,
        reports: [{ article: plans.length - 1, sentence: lead }],
      };
      events.push(ev);
      for (const link of story.links.filter((l) => l.to === j)) {
        if (link.from >= j)
          throw new Error(`demo corpus: a link must point from an earlier event (story ${i})`);
        const from = events[keys[link.from]];
        const { parts, cue } = linkSentence(rng, link.type, from.draft, draft);
        const sentence = write(first, parts);
        const [lo, hi] = linkStrength[link.type];
        links.push({
          type: link.type,
          from: from.key,
          to: key,
          strength: Math.round((lo + rng.next() * (hi - lo)) * 100) / 100,
          cue,
          article: plans.length - 1,
          sentence,
        });
      }
      first.writer.paragraph();
      for (const d of draft.details) write(first, d);
      stateFacts(first, draft.facts, 2);

      // Later reports: recent stories draw more coverage, which is what makes them "hot".
      const followUps = Math.min(
        draft.followUps.length,
        Math.round(rng.next() * 1.5 + (1 - age) * 1.6),
      );
      let reportDay = firstDay;
      for (let k = 0; k < followUps; k++) {
        reportDay = addDays(reportDay, rng.int(1, 3));
        if (reportDay > lastDay) break;
        const plan = newArticle(reportDay, draft.followUps[k].title, rng.pick(draft.closing));
        const opening = write(plan, draft.followUps[k].opening(monthDay(reportDay)));
        ev.reports.push({ article: plans.length - 1, sentence: opening });
        plan.writer.paragraph();
        if (rng.chance(0.6)) write(plan, ["此前，", ...draft.phrase, "一事已引发广泛关注。"]);
        stateFacts(plan, draft.facts, 1);
      }
    });
  }

  // A fact no report has stated yet goes into the article with fewest extra facts that names
  // both its ends (else one end); facts about nothing reported go into background articles.
  const extra = new Map<ArticlePlan, number>();
  const orphans: Fact[] = [];
  for (const fact of domain.facts) {
    if (stated.has(factKey(fact))) continue;
    const score = (p: ArticlePlan) =>
      (p.entities.has(fact[0]) ? 1 : 0) + (p.entities.has(fact[2]) ? 1 : 0);
    const candidates = plans.filter((p) => score(p) > 0 && (extra.get(p) ?? 0) < 2);
    if (candidates.length === 0) {
      orphans.push(fact);
      continue;
    }
    const best = candidates.reduce((a, b) =>
      score(b) > score(a) || (score(b) === score(a) && (extra.get(b) ?? 0) < (extra.get(a) ?? 0))
        ? b
        : a,
    );
    stateFacts(best, [fact], 1);
    extra.set(best, (extra.get(best) ?? 0) + 1);
  }
  for (let k = 0; k * 8 < orphans.length; k++) {
    const plan = newArticle(
      addDays(lastDay, -300 + k * 45),
      `${domain.background.title}（${k + 1}）`,
      "",
    );
    write(plan, [domain.background.opening]);
    plan.writer.paragraph();
    stateFacts(plan, orphans.slice(k * 8, k * 8 + 8), 8);
  }
  for (const p of plans) {
    if (!p.closing) continue;
    p.writer.paragraph();
    write(p, [p.closing]);
  }

  return finish(domain, plans, events, links, rng);
}

function finish(
  domain: CorpusDomain,
  plans: ArticlePlan[],
  events: ComposedEvent[],
  links: ComposedCorpus["links"],
  rng: Rng,
): ComposedCorpus {
  const dictionary = new AhoCorasick<string>(
    domain.entities.flatMap((e) => [e.name, ...(e.aliases ?? [])].map((n) => [n, e.name] as const)),
  );
  // Articles are stored in publication order; indices are remapped to that order.
  const order = plans
    .map((p, i) => ({ p, i }))
    .sort((a, b) => a.p.day.localeCompare(b.p.day) || a.p.hour - b.p.hour || a.i - b.i);
  const newIndex = new Map(order.map((o, k) => [o.i, k]));
  const articles = order.map(({ p }) => {
    const content = p.writer.text;
    return {
      title: p.title,
      source: p.source,
      publishedAt: `${p.day}T${String(p.hour).padStart(2, "0")}:${String((p.hour * 7) % 60).padStart(2, "0")}:00+08:00`,
      content,
      mentions: dictionary
        .findLongest(content)
        .map((m) => ({ entity: m.values[0], start: m.start, end: m.end })),
    };
  });
  const relations = order.flatMap(({ p, i }) =>
    p.facts.map((f) => ({
      fact: f.fact,
      article: newIndex.get(i)!,
      sentence: f.sentence,
      confidence: Math.round((0.82 + rng.next() * 0.17) * 100) / 100,
    })),
  );
  for (const e of events) {
    e.article = newIndex.get(e.article)!;
    for (const r of e.reports) r.article = newIndex.get(r.article)!;
  }
  for (const l of links) l.article = newIndex.get(l.article)!;
  return { articles, events, relations, links };
}
