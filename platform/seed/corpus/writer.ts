/**
 * Building blocks of the demo corpus: a seeded PRNG, marked sentence parts, and a writer
 * that records where each marked entity and trigger lands, so every stored offset points
 * at the text it describes.
 */

/** mulberry32: small, fast, and the same sequence on every machine. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)],
    chance: (p: number) => next() < p,
    shuffle: <T>(items: readonly T[]): T[] => {
      const out = [...items];
      for (let i = out.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [out[i], out[j]] = [out[j], out[i]];
      }
      return out;
    },
  };
}
export type Rng = ReturnType<typeof prng>;

export interface EntityMark {
  entity: string;
  surface: string;
}
export interface TriggerMark {
  trigger: string;
}
export type Part = string | EntityMark | TriggerMark;

/** An entity named in the text (by its name, or by `surface`: an alias). */
export const E = (entity: string, surface = entity): EntityMark => ({ entity, surface });
/** The trigger word of the event a sentence reports. */
export const T = (trigger: string): TriggerMark => ({ trigger });

export interface WrittenSentence {
  start: number;
  end: number;
  entities: { entity: string; start: number; end: number }[];
  triggers: { trigger: string; start: number; end: number }[];
}

export class ArticleWriter {
  text = "";

  /** Appends one sentence; a sentence ends with its own terminator inside `parts`. */
  sentence(parts: Part[]): WrittenSentence {
    const written: WrittenSentence = {
      start: this.text.length,
      end: 0,
      entities: [],
      triggers: [],
    };
    for (const part of parts) {
      const at = this.text.length;
      if (typeof part === "string") {
        this.text += part;
      } else if ("entity" in part) {
        this.text += part.surface;
        written.entities.push({ entity: part.entity, start: at, end: this.text.length });
      } else {
        this.text += part.trigger;
        written.triggers.push({ trigger: part.trigger, start: at, end: this.text.length });
      }
    }
    written.end = this.text.length;
    return written;
  }

  paragraph() {
    if (this.text && !this.text.endsWith("\n")) this.text += "\n";
  }
}

const DAY = 86_400_000;

export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);
}

/** "12月3日" */
export function monthDay(day: string): string {
  return `${Number(day.slice(5, 7))}月${Number(day.slice(8, 10))}日`;
}

/** Joins entity marks with 、 and a final 和: "A、B和C". */
export function list(names: string[], surface: (name: string) => string = (n) => n): Part[] {
  const parts: Part[] = [];
  names.forEach((name, i) => {
    if (i > 0) parts.push(i === names.length - 1 ? "和" : "、");
    parts.push(E(name, surface(name)));
  });
  return parts;
}
