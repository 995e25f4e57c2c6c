/**
 * Building blocks of the demo corpus (its seeded PRNG is ../../kg/prng.ts): marked sentence parts, and a writer
 * that records where each marked entity and trigger lands, so every stored offset points
 * at the text it describes.
 */

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
