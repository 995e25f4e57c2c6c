import type { RequestHandler } from "express";
import en from "./en.json";
import es from "./es.json";

/**
 * The platform's languages. Its messages and labels are written in Chinese (the source, as the
 * spec gives them); en and es are catalogs keyed by that source (docs/api.md, "Languages"), data
 * in en.json and es.json (tsc checks each is a Catalog).
 */
export type PlatformLng = "zh" | "en" | "es";
/** Source text → translation; `{0}`, `{1}` … stand for the parts a message is built with. */
export type Catalog = Record<string, string>;

const catalogs: Record<Exclude<PlatformLng, "zh">, Catalog> = { en, es };

/**
 * The language of a request: the first supported one of its Accept-Language (by q), else zh —
 * the platform's own language, what a client that says nothing has always received.
 */
export function requestLng(header: string | undefined): PlatformLng {
  if (!header) return "zh";
  const ranked = header
    .split(",")
    .map((part, i) => {
      const [tag, ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      return { lng: tag.trim().toLowerCase().split("-")[0], q: q ? Number(q.slice(2)) : 1, i };
    })
    .filter((r) => r.q > 0 && Number.isFinite(r.q))
    .sort((a, b) => b.q - a.q || a.i - b.i);
  for (const r of ranked) if (r.lng === "zh" || r.lng === "en" || r.lng === "es") return r.lng;
  return "zh";
}

interface Template {
  re: RegExp;
  out: string;
  /** Literal characters: the most specific template wins. */
  weight: number;
  /** Its source has a ； of its own (not parts joined). */
  semicolon: boolean;
}

const PLACEHOLDER = /\{(\d+)\}/g;
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

function compile(catalog: Catalog): Template[] {
  return Object.entries(catalog)
    .filter(([src]) => /\{\d+\}/.test(src))
    .map(([src, out]) => {
      const order: number[] = [];
      const pattern = src
        .split(PLACEHOLDER)
        .map((piece, i) => {
          if (i % 2 === 0) return escape(piece);
          order.push(Number(piece));
          return "([\\s\\S]+?)";
        })
        .join("");
      // Captures are numbered by position; the output names them by the source's index.
      const byIndex = new Map(order.map((n, pos) => [n, pos + 1]));
      const mapped = out.replace(
        PLACEHOLDER,
        (_m, n: string) => `\u0000${byIndex.get(Number(n))}\u0000`,
      );
      return {
        re: new RegExp(`^${pattern}$`),
        out: mapped,
        weight: src.replace(PLACEHOLDER, "").length,
        semicolon: src.includes("；"),
      };
    })
    .sort((a, b) => b.weight - a.weight);
}

const templates: Record<Exclude<PlatformLng, "zh">, Template[]> = {
  en: compile(en),
  es: compile(es),
};

const HAN = /\p{Script=Han}/u;
const memo = new Map<string, string>();
const MEMO_MAX = 20_000;

/** The most specific template that matches (`only` those it picks), its parts translated in turn. */
function fromTemplate(
  lng: Exclude<PlatformLng, "zh">,
  text: string,
  only: (t: Template) => boolean = () => true,
): string | undefined {
  for (const t of templates[lng]) {
    if (!only(t)) continue;
    const m = t.re.exec(text);
    if (m)
      return t.out.replace(/\u0000(\d+)\u0000/g, (_s, pos: string) =>
        localize(lng, m[Number(pos)] ?? ""),
      );
  }
  return undefined;
}

/**
 * Parts joined with ； ("父类：A → B；描述", an OWL diff's detail): each part in turn, joined
 * with "; " — unless a template spells the ； itself (a message of its own).
 */
function fromParts(lng: Exclude<PlatformLng, "zh">, text: string): string | undefined {
  if (!text.includes("；")) return undefined;
  return (
    fromTemplate(lng, text, (t) => t.semicolon) ??
    text
      .split("；")
      .map((part) => localize(lng, part))
      .join("; ")
  );
}

/** A list joined with 、 ("主体、客体"): each item in turn, joined as the language joins. */
function fromList(lng: Exclude<PlatformLng, "zh">, text: string): string | undefined {
  if (!text.includes("、")) return undefined;
  return text
    .split("、")
    .map((item) => localize(lng, item))
    .join(", ");
}

/**
 * One message or label in a language: the catalog's exact entry, else the most specific
 * template whose parts are translated in turn (a field's label inside a rule's message), else a
 * list's items, else the text unchanged — data (a graph's or a person's name) is never in a catalog.
 */
export function localize(
  lng: PlatformLng,
  text: string,
  opts: { templates?: boolean } = {},
): string {
  if (lng === "zh" || !HAN.test(text)) return text;
  const catalog = catalogs[lng];
  const exact = catalog[text];
  if (exact !== undefined) return exact;
  if (opts.templates === false) return text;
  const key = `${lng}\u0000${text}`;
  const known = memo.get(key);
  if (known !== undefined) return known;
  const result = fromParts(lng, text) ?? fromTemplate(lng, text) ?? fromList(lng, text) ?? text;
  if (memo.size >= MEMO_MAX) memo.clear();
  memo.set(key, result);
  return result;
}

/** Keys whose string values are messages: exact entries and templates. */
const MESSAGE_KEYS = new Set(["detail", "message", "errors", "rules", "create_rules", "warnings"]);
/** Keys that are a message when their value is one string (a job's "文件 a.nt；数据来源 …"), data otherwise. */
const DESCRIPTION_KEYS = new Set(["sources"]);
/** Keys whose string values are labels the platform defines: exact entries only. */
const LABEL_KEYS = new Set(["label", "type_name", "kind_label", "domain_name", "description"]);
/** Lists whose items' `name` is a platform-defined label (event-relation kinds). */
const NAMED_LISTS = new Set(["link_types", "event_relation_types"]);

type Mode = "message" | "label" | null;

function walk(lng: PlatformLng, value: unknown, mode: Mode, named: boolean): unknown {
  if (typeof value === "string") {
    if (mode === null) return value;
    return localize(lng, value, { templates: mode === "message" });
  }
  if (Array.isArray(value)) return value.map((v) => walk(lng, v, mode, named));
  if (value && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      const m: Mode =
        MESSAGE_KEYS.has(k) || (DESCRIPTION_KEYS.has(k) && typeof v === "string")
          ? "message"
          : LABEL_KEYS.has(k) || (named && k === "name")
            ? "label"
            : mode === "message"
              ? "message"
              : null;
      out[k] = walk(lng, v, m, NAMED_LISTS.has(k));
    }
    return out;
  }
  return value;
}

/**
 * The body of a JSON answer in a language: messages (`detail`, `message`, field `errors`, schema
 * `rules`) and platform labels (`label`, kinds' names, domains) are translated; every other
 * value — the data — is left as stored.
 */
export function localizeBody(lng: PlatformLng, body: unknown): unknown {
  return lng === "zh" ? body : walk(lng, body, null, false);
}

/** Answers every JSON body of a request in the language its Accept-Language asks for. */
export const localizeResponses: RequestHandler = (req, res, next) => {
  const lng = requestLng(req.get("accept-language"));
  res.locals.lng = lng;
  if (lng !== "zh") {
    res.vary("Accept-Language");
    const json = res.json.bind(res);
    res.json = (body?: unknown) => json(localizeBody(lng, body));
  }
  next();
};
