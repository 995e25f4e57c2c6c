import type { Rng } from "./prng.js";
import type { GraphOntology, OntologyEventType } from "./ontology.js";
import type { Bulk, EventInsert } from "./store/generate.js";
import * as write from "./store/generate.js";

/**
 * The synthetic graph's articles (kg/generate.ts): each composed sentence by sentence from the
 * planned relations and events, then written a block at a time with what it states.
 */

export interface Entities {
  names: string[];
  ids: Int32Array;
  ontology: GraphOntology;
  /** Entity indices that may be subject and object of each relation type. */
  types: { id: number; name: string; subjects: number[]; objects: number[] }[];
  places: number[];
}

export interface PlannedEvent {
  type: OntologyEventType | undefined;
  trigger: string;
  subject: number;
  object: number;
  place: number;
  /** The article that first reports it. */
  home: number;
  title: string;
}

export interface EventPlan {
  events: PlannedEvent[];
  /** Per article: events it first reports, events it reports again, links it states. */
  own: Map<number, number[]>;
  reports: Map<number, number[]>;
  links: Map<number, { source: number; target: number; type: string; strength: number }[]>;
}

/** Articles composed and written at a time (a few MB of text and its facts). */
const ARTICLE_BLOCK = 2_000;

/** One article as composed, before it has an id. */
interface Composed {
  title: string;
  day: string;
  published: string;
  text: SentenceWriter;
  facts: { subject: number; type: number; object: number; at: Span; confidence: number }[];
  firsts: { i: number; at: Span; trigger: Span }[];
  again: { i: number; at: Span }[];
  links: { l: EventPlan["links"] extends Map<number, (infer L)[]> ? L : never; at: Span }[];
}

/**
 * Composes each article's text sentence by sentence (in article order, drawing from `rng` as
 * it goes) and writes the articles with what they state, a block at a time: the articles,
 * then their mentions, relations, events (first reports), participants, reports and links.
 */
export async function writeArticles(
  bulk: Bulk,
  graphId: number,
  o: { articles: number; days: number; lastDay: string; relations: number },
  e: Entities,
  plan: EventPlan,
  rng: Rng,
) {
  const eventIds = new Int32Array(plan.events.length);
  const perArticle = Math.ceil(o.relations / o.articles);
  const lastDay = Date.parse(`${o.lastDay}T00:00:00Z`);
  const reported = new Set<string>();
  const counts = { relations: 0, mentions: 0, eventRelations: 0 };

  const compose = (k: number): Composed => {
    const day = new Date(
      lastDay - Math.floor(((o.articles - 1 - k) / o.articles) * o.days) * 86_400_000,
    )
      .toISOString()
      .slice(0, 10);
    const published = `${day}T${String(8 + (k % 12)).padStart(2, "0")}:00:00+08:00`;
    const text = new SentenceWriter(e.names);
    const facts: Composed["facts"] = [];
    for (let n = 0; n < perArticle && counts.relations < o.relations; n++, counts.relations++) {
      const t = e.types[counts.relations % e.types.length];
      const subject = t.subjects[Math.floor(t.subjects.length * Math.pow(rng.next(), 3))];
      let object = t.objects[Math.floor(t.objects.length * Math.pow(rng.next(), 1.5))];
      if (object === subject)
        object = t.objects[(t.objects.indexOf(object) + 1) % t.objects.length];
      const at = text.say([subject, t.name, object, "。"]);
      facts.push({ subject, type: t.id, object, at, confidence: 0 });
    }
    const firsts = (plan.own.get(k) ?? []).map((i) => {
      const ev = plan.events[i];
      const start = text.say([
        `${Number(day.slice(5, 7))}月${Number(day.slice(8, 10))}日，`,
        ev.subject,
        ...(ev.place >= 0 ? ["在", ev.place] : []),
      ])[0];
      const trigger = text.length;
      const end = text.say([ev.trigger, ev.object, "。"])[1];
      return {
        i,
        at: [start, end] as Span,
        trigger: [trigger, trigger + ev.trigger.length] as Span,
      };
    });
    const again = (plan.reports.get(k) ?? []).map((i) => {
      const ev = plan.events[i];
      return { i, at: text.say(["据报道，", ev.subject, ev.trigger, ev.object, "。"]) };
    });
    const links = (plan.links.get(k) ?? []).map((l) => {
      const [a, b] = [plan.events[l.source], plan.events[l.target]];
      return { l, at: text.say(["由于", a.subject, a.trigger, "，", b.subject, b.trigger, "。"]) };
    });
    // The confidences are drawn after the article's sentences, as they always were.
    for (const f of facts) f.confidence = Math.round((0.6 + rng.next() * 0.4) * 100) / 100;
    const title = `${e.names[facts[0]?.subject ?? 0]}等相关动态（${k + 1}）`;
    return { title, day, published, text, facts, firsts, again, links };
  };

  for (let from = 0; from < o.articles; from += ARTICLE_BLOCK) {
    const block: Composed[] = [];
    for (let k = from; k < Math.min(o.articles, from + ARTICLE_BLOCK); k++) block.push(compose(k));
    const articleIdOf = new Map(
      (
        await write.insertArticles(
          bulk,
          block.map((a) => [graphId, a.title, "合成数据", a.published, a.text.text]),
        )
      ).map((r) => [r.title, r.id]),
    );
    const ids = block.map((a) => articleIdOf.get(a.title)!);

    counts.mentions += await write.insertMentions(
      bulk,
      block.flatMap((a, n) =>
        a.text.spans.map(([start, end, entity]): [number, number, number, number] => [
          ids[n],
          start,
          end,
          e.ids[entity],
        ]),
      ),
    );
    await write.insertRelations(
      bulk,
      block.flatMap((a, n) =>
        a.facts.map((f): [number, number, number, number, number, number, number, number] => [
          graphId,
          e.ids[f.subject],
          f.type,
          e.ids[f.object],
          f.confidence,
          ids[n],
          f.at[0],
          f.at[1],
        ]),
      ),
    );

    const events: EventInsert[] = block.flatMap((a, n) =>
      a.firsts.map((s): EventInsert => {
        const ev = plan.events[s.i];
        return [
          graphId,
          ev.type?.id ?? null,
          ev.title,
          ev.trigger,
          a.day,
          ev.place >= 0 ? e.ids[ev.place] : null,
          ev.place >= 0 ? e.names[ev.place] : "",
          ev.title,
          ids[n],
          ...s.at,
          ...s.trigger,
        ];
      }),
    );
    const eventIdOf = new Map(
      (await write.insertEvents(bulk, events)).map((r) => [
        `${r.article_id}:${r.sent_start}`,
        r.id,
      ]),
    );
    const participants: [number, number, string][] = [];
    const reports: [number, number, string, number, number][] = [];
    const report = (eventId: number, articleId: number, published: string, at: Span) => {
      const key = `${eventId}:${articleId}`;
      if (reported.has(key)) return;
      reported.add(key);
      reports.push([eventId, articleId, published, ...at]);
    };
    block.forEach((a, n) => {
      for (const s of a.firsts) {
        const ev = plan.events[s.i];
        const id = eventIdOf.get(`${ids[n]}:${s.at[0]}`)!;
        eventIds[s.i] = id;
        participants.push([id, e.ids[ev.subject], ev.type?.roles.subject ?? "主体"]);
        participants.push([id, e.ids[ev.object], ev.type?.roles.object ?? "客体"]);
        report(id, ids[n], a.published, s.at);
      }
      for (const r of a.again) report(eventIds[r.i], ids[n], a.published, r.at);
    });
    await write.insertParticipants(bulk, uniqueRows(participants));
    await write.insertReports(bulk, reports);
    counts.eventRelations += await write.insertEventLinks(
      bulk,
      block.flatMap((a, n) =>
        a.links.map(
          ({ l, at }): [number, number, number, string, number, string, number, number, number] => [
            graphId,
            eventIds[l.source],
            eventIds[l.target],
            l.type,
            l.strength,
            "由于",
            ids[n],
            ...at,
          ],
        ),
      ),
    );
  }
  return counts;
}

/** Rows without repeats (an event whose subject is its object names one participant once). */
function uniqueRows<T extends unknown[]>(rows: T[]): T[] {
  const seen = new Set<string>();
  return rows.filter((r) => {
    const key = JSON.stringify(r);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

type Span = [number, number];

/** Builds one article's text; numbers in a sentence are entity indices, written as their names and recorded as mentions. */
class SentenceWriter {
  text = "";
  spans: [number, number, number][] = [];
  constructor(private names: string[]) {}

  get length() {
    return this.text.length;
  }

  say(parts: (string | number)[]): Span {
    const start = this.text.length;
    for (const p of parts) {
      if (typeof p === "number") {
        this.spans.push([this.text.length, this.text.length + this.names[p].length, p]);
        this.text += this.names[p];
      } else {
        this.text += p;
      }
    }
    return [start, this.text.length];
  }
}
