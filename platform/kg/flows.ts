import type { PlatformContext } from "../context.js";
import { notFound } from "../http/errors.js";
import { graphSignature, storeCache } from "./cache.js";
import { labelBox, layeredLayout } from "./layout.js";
import { NOT_FOUND } from "./shapes.js";
import { flowList, flowRow, flowSteps, flowTransitions, type FlowRow } from "./store/flows.js";

export async function listFlows(ctx: PlatformContext, graphId: number) {
  const results = await flowList(ctx.store.db, graphId);
  return { results, count: results.length };
}

/** A flow with its steps and transitions, laid out in layers from start to end (dagre). */
export async function flowDetail(ctx: PlatformContext, graphId: number, flowId: number | null) {
  const flow = flowId === null ? undefined : await flowRow(ctx.store.db, flowId);
  if (!flow || flow.graph_id !== graphId) throw notFound(NOT_FOUND.flow);
  return storeCache<Awaited<ReturnType<typeof layOut>>>(ctx, "flows", 100).getAsync(
    String(flow.id),
    await graphSignature(ctx, graphId),
    () => layOut(ctx, flow),
  );
}

async function layOut(ctx: PlatformContext, flow: FlowRow) {
  const steps = await flowSteps(ctx.store.db, flow.id);
  const transitions = await flowTransitions(ctx.store.db, flow.id);
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
