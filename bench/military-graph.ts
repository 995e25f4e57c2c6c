import type { PlatformContext } from "../platform/context.js";
import { assignOntology, ensureBuiltinOntologies, graphOntology } from "../platform/kg/ontology.js";
import { ntriplesDocument } from "../tests/helpers/ntriples.js";
import { sqliteHandle } from "../tests/helpers/sql.js";

/** An empty graph of the bench on the built-in military ontology (SQLite); the ontology's id. */
export async function militaryBenchGraph(
  ctx: PlatformContext,
  graphId: number,
  name: string,
): Promise<number> {
  const ontologyId = (await ensureBuiltinOntologies(ctx)).military;
  sqliteHandle(ctx)
    .prepare("INSERT INTO graphs (id, name, domain, description) VALUES (?, ?, 'military', '')")
    .run(graphId, name);
  await assignOntology(ctx, graphId, ontologyId);
  return ontologyId;
}

/**
 * A synthetic N-Triples document over the graph's ontology: entities of its classes, typed and
 * labelled, then relations of its relation types within their domain and range.
 */
export async function graphDocument(
  ctx: PlatformContext,
  graphId: number,
  ontologyId: number,
  statements: number,
  options: { fileBytes?: number; seed?: number },
): Promise<{ files: string[]; entities: number; relations: number }> {
  const ontology = await graphOntology(ctx, graphId);
  return ntriplesDocument(
    {
      id: ontologyId,
      classes: [...ontology.classes.values()],
      types: [...ontology.relationTypes.values()].map((t) => ({
        name: t.name,
        domain: t.domain_class_id,
        range: t.range_class_id,
      })),
      // A domain or range admits its subclasses too.
      admits: (c) => ontology.subtree(c),
    },
    statements,
    options,
  );
}
