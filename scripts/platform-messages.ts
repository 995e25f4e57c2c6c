/**
 * The platform's Chinese source messages: every string and template literal with Chinese text in
 * platform/ (outside the demo data), as catalog keys — `${…}` becomes {0}, {1}, … in order.
 * `npx tsx scripts/platform-messages.ts` prints those the en/es catalogs lack (platform/i18n).
 */
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

const HAN = /\p{Script=Han}/u;
/**
 * Not messages: demo data and the built-in ontology (data), and the word lists text analysis
 * reads Chinese with (causal cue words, place prepositions, stop words, sentence marks).
 */
const NOT_MESSAGES = [
  // the catalogs themselves: their keys must come from the source, not from themselves
  /platform\/i18n\//,
  /platform\/seed\//,
  /platform\/kg\/(generate|generate-articles|causal|analysis|extract|text)\.ts$/,
  /platform\/builtin\/ontologies\.ts$/,
  /platform\/admin\/insight\/keywords\.ts$/,
];
/** SQL text is not a message (its Chinese words are messages of their own elsewhere). */
const SQL = /^\s*(SELECT|UPDATE|INSERT|DELETE|WITH)\b/;

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return files(p);
    return p.endsWith(".ts") && !NOT_MESSAGES.some((d) => d.test(p)) ? [p] : [];
  });
}

export interface SourceMessage {
  key: string;
  file: string;
  line: number;
}

export function sourceMessages(root = "platform"): SourceMessage[] {
  const found: SourceMessage[] = [];
  for (const file of files(root)) {
    const text = fs.readFileSync(file, "utf8");
    if (!HAN.test(text)) continue;
    const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const add = (key: string, node: ts.Node) => {
      if (!HAN.test(key) || SQL.test(key)) return;
      const line = sf.getLineAndCharacterOfPosition(node.getStart()).line + 1;
      found.push({ key, file, line });
    };
    const visit = (node: ts.Node) => {
      if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
        add(node.text, node);
      } else if (ts.isTemplateExpression(node)) {
        let key = node.head.text;
        node.templateSpans.forEach((span, i) => {
          key += `{${i}}${span.literal.text}`;
        });
        add(key, node);
        node.templateSpans.forEach((span) => visit(span.expression));
        return;
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return found;
}

if (
  process.argv[1] &&
  path.resolve(process.argv[1]) === path.resolve("scripts/platform-messages.ts")
) {
  const keys = [...new Set(sourceMessages().map((m) => m.key))];
  console.log(JSON.stringify(keys, null, 1));
}
