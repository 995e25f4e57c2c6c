import type { PlatformContext } from "../context.js";
import { notFound } from "../http/errors.js";
import { graphSignature, storeCache } from "./cache.js";
import { labelBox, layeredLayout } from "./layout.js";
import { NOT_FOUND } from "./shapes.js";

export function listFlows(ctx: PlatformContext, graphId: number) {
  const results = ctx.db
    .prepare(
      `SELECT f.id, f.name, f.description, f.created_at,
              (SELECT count(*) FROM kg_flow_steps s WHERE s.flow_id = f.id) AS steps,
              (SELECT count(*) FROM kg_flow_transitions t WHERE t.flow_id = f.id) AS transitions
         FROM kg_flows f WHERE f.graph_id = ? ORDER BY f.id`,
    )
    .all(graphId);
  return { results, count: results.length };
}

interface StepRow {
  id: number;
  key: string;
  name: string;
  kind: string;
  actor: string;
  description: string;
  sort: number;
}

/** A flow with its steps and transitions, laid out in layers from start to end (dagre). */
export function flowDetail(ctx: PlatformContext, graphId: number, flowId: number | null) {
  const flow =
    flowId === null
      ? undefined
      : (ctx.db
          .prepare("SELECT id, graph_id, name, description, created_at FROM kg_flows WHERE id = ?")
          .get(flowId) as
          | { id: number; graph_id: number; name: string; description: string; created_at: string }
          | undefined);
  if (!flow || flow.graph_id !== graphId) throw notFound(NOT_FOUND.flow);
  return storeCache<ReturnType<typeof layOut>>(ctx, "flows", 100).get(
    String(flow.id),
    graphSignature(ctx, graphId),
    () => layOut(ctx, flow),
  );
}

function layOut(
  ctx: PlatformContext,
  flow: { id: number; graph_id: number; name: string; description: string; created_at: string },
) {
  const steps = ctx.db
    .prepare(
      "SELECT id, key, name, kind, actor, description, sort FROM kg_flow_steps WHERE flow_id = ? ORDER BY sort, id",
    )
    .all(flow.id) as StepRow[];
  const transitions = ctx.db
    .prepare(
      "SELECT id, source_step_id, target_step_id, label FROM kg_flow_transitions WHERE flow_id = ? ORDER BY sort, id",
    )
    .all(flow.id) as {
    id: number;
    source_step_id: number;
    target_step_id: number;
    label: string;
  }[];
  const boxes = new Map(steps.map((s) => [s.id, labelBox(s.name, s.kind)]));
  const layout = layeredLayout(
    steps.map((s) => ({ id: String(s.id), ...boxes.get(s.id)! })),
    transitions.map((t) => ({
      id: String(t.id),
      source: String(t.source_step_id),
      target: String(t.target_step_id),
    })),
    "TB",
  );
  return {
    ...flow,
    width: layout.width,
    height: layout.height,
    steps: steps.map((s) => ({
      id: s.id,
      key: s.key,
      name: s.name,
      kind: s.kind,
      actor: s.actor,
      description: s.description,
      ...layout.positions.get(String(s.id))!,
      ...boxes.get(s.id)!,
    })),
    transitions: transitions.map((t) => ({
      id: t.id,
      source: t.source_step_id,
      target: t.target_step_id,
      label: t.label,
      points: layout.points.get(String(t.id)) ?? [],
    })),
  };
}
