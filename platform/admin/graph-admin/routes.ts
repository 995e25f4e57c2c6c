import type { Response, Router } from "express";
import { hasPermission, requirePermission, requireUser } from "../../auth/context.js";
import type { PlatformContext } from "../../context.js";
import { HttpError, forbidden, handle } from "../../http/errors.js";
import { intParam, pageParams, pathId, stringParam } from "../../kg/params.js";
import {
  createGraph,
  entityNeighbourhood,
  graphCard,
  graphDashboard,
  listEntities,
  rebuildGraph,
  requireGraphRow,
  startDryRun,
  startRebuildDryRun,
  startUpdate,
  updateGraph,
} from "./graphs.js";
import { forkOntology, graphOntologyInfo, switchOntology } from "./graph-ontology.js";
import {
  createOntology,
  deleteOntology,
  listOntologies,
  ontologyDetail,
  updateOntology,
} from "./ontology/ontologies.js";
import { ONTOLOGY_PARTS } from "./ontology/kinds.js";
import { applyOntologyImport, diffOntologyImport } from "./ontology-import.js";
import { MAX_RDF_BYTES } from "../../interchange/rdf-parse.js";
import { formFile, readMultipart } from "../../resources/multipart.js";
import { sourceOptions } from "./store/graphs.js";

const P = {
  ontologyRead: "kg__ontology__read",
  ontologyCreate: "kg__ontology__create",
  ontologyUpdate: "kg__ontology__update",
  ontologyDelete: "kg__ontology__delete",
  graphRead: "kg__graph__read",
  graphCreate: "kg__graph__create",
  graphUpdate: "kg__graph__update",
};

function idOf(raw: string | undefined, what: string): number {
  const id = pathId(raw);
  if (id === null) throw new HttpError(404, `${what}不存在`, "not_found");
  return id;
}

/** Any of the codenames (build-form options serve creators and updaters alike). */
function requireAny(res: Response, codenames: string[]) {
  const user = requireUser(res);
  if (!codenames.some((c) => hasPermission(user, c))) throw forbidden();
  return user;
}

/** Ontology administration under /graphadmin (docs/api.md, "Graph administration and jobs"). */
export function mountOntologyRoutes(router: Router, ctx: PlatformContext) {
  const base = "/graphadmin";
  router.get(
    `${base}/ontologies`,
    handle(async (_req, res) => {
      requirePermission(res, P.ontologyRead);
      res.json(await listOntologies(ctx));
    }),
  );
  router.post(
    `${base}/ontologies`,
    handle(async (req, res) => {
      const user = requirePermission(res, P.ontologyCreate);
      res.status(201).json(await createOntology(ctx, user, req.body));
    }),
  );
  router.get(
    `${base}/ontologies/:id`,
    handle(async (req, res) => {
      requirePermission(res, P.ontologyRead);
      res.json(await ontologyDetail(ctx, idOf(req.params.id, "本体")));
    }),
  );
  router.patch(
    `${base}/ontologies/:id`,
    handle(async (req, res) => {
      const user = requirePermission(res, P.ontologyUpdate);
      res.json(await updateOntology(ctx, user, idOf(req.params.id, "本体"), req.body));
    }),
  );
  router.delete(
    `${base}/ontologies/:id`,
    handle(async (req, res) => {
      const user = requirePermission(res, P.ontologyDelete);
      await deleteOntology(ctx, user, idOf(req.params.id, "本体"));
      res.status(204).end();
    }),
  );

  // OWL (Turtle) import: multipart `file`; `apply=1` applies, otherwise the answer is the dry run's diff.
  router.post(
    `${base}/ontologies/:id/import`,
    handle(async (req, res) => {
      const user = requirePermission(res, P.ontologyUpdate);
      const id = idOf(req.params.id, "本体");
      const form = await readMultipart(req, MAX_RDF_BYTES, "OWL 文件不能超过20MB");
      const file = formFile(form, "file");
      if (!file || file.size === 0)
        throw new HttpError(400, "请选择要导入的 OWL（Turtle）文件", "invalid", {
          errors: { file: ["请选择要导入的 OWL（Turtle）文件"] },
        });
      const applyRaw = form.get("apply");
      if (
        applyRaw !== null &&
        !(typeof applyRaw === "string" && /^(0|1|true|false)$/.test(applyRaw))
      ) {
        throw new HttpError(400, "apply 应为 1 或 0", "invalid_parameter", {
          errors: { apply: ["apply 应为 1 或 0"] },
        });
      }
      let text: string;
      try {
        text = new TextDecoder("utf-8", { fatal: true }).decode(await file.arrayBuffer());
      } catch {
        throw new HttpError(400, "OWL 文件不是 UTF-8 编码的文本", "invalid_rdf");
      }
      const apply = applyRaw === "1" || applyRaw === "true";
      const diff = apply
        ? await applyOntologyImport(ctx, user, id, text)
        : await diffOntologyImport(ctx, id, text);
      res.json({ ...diff, applied: apply });
    }),
  );

  // Parts of an ontology: created under the ontology (or class), changed and deleted by id.
  for (const { kind, create, update, remove } of ONTOLOGY_PARTS) {
    router.post(
      `${base}/${kind.parent.resource}/:id/${kind.resource}`,
      handle(async (req, res) => {
        const user = requirePermission(res, P.ontologyUpdate);
        res
          .status(201)
          .json(await create(ctx, user, idOf(req.params.id, kind.parent.label), req.body));
      }),
    );
    router.patch(
      `${base}/${kind.resource}/:id`,
      handle(async (req, res) => {
        const user = requirePermission(res, P.ontologyUpdate);
        res.json(await update(ctx, user, idOf(req.params.id, kind.label), req.body));
      }),
    );
    router.delete(
      `${base}/${kind.resource}/:id`,
      handle(async (req, res) => {
        const user = requirePermission(res, P.ontologyUpdate);
        await remove(ctx, user, idOf(req.params.id, kind.label));
        res.status(204).end();
      }),
    );
  }
}

/** Graph administration under /graphadmin/graphs. */
export function mountGraphRoutes(router: Router, ctx: PlatformContext) {
  const base = "/graphadmin/graphs";
  router.get(
    base,
    handle(async (_req, res) => {
      requirePermission(res, P.graphRead);
      res.json(await graphDashboard(ctx));
    }),
  );
  router.post(
    base,
    handle(async (req, res) => {
      const user = requirePermission(res, P.graphCreate);
      res.status(202).json(await createGraph(ctx, user, req.body));
    }),
  );
  router.post(
    `${base}/dry-run`,
    handle(async (req, res) => {
      const user = requirePermission(res, P.graphCreate);
      res.status(202).json(await createGraph(ctx, user, req.body, { dryRun: true }));
    }),
  );
  router.get(
    `${base}/:id`,
    handle(async (req, res) => {
      requirePermission(res, P.graphRead);
      res.json(await graphCard(ctx, idOf(req.params.id, "知识图谱")));
    }),
  );
  router.patch(
    `${base}/:id`,
    handle(async (req, res) => {
      const user = requirePermission(res, P.graphUpdate);
      res.json(await updateGraph(ctx, user, idOf(req.params.id, "知识图谱"), req.body));
    }),
  );
  // The jobs on a graph, each answered 202 with its id. A creator may dry-run again and apply
  // the dry run of a graph they created (checked by mode).
  const jobStarts = [
    ["build", [P.graphUpdate], rebuildGraph],
    ["build/dry-run", [P.graphUpdate], startRebuildDryRun],
    ["update/dry-run", [P.graphCreate, P.graphUpdate], startDryRun],
    ["update", [P.graphCreate, P.graphUpdate], startUpdate],
  ] as const;
  for (const [path, codenames, start] of jobStarts)
    router.post(
      `${base}/:id/${path}`,
      handle(async (req, res) => {
        const user = requireAny(res, [...codenames]);
        res.status(202).json(await start(ctx, user, idOf(req.params.id, "知识图谱"), req.body));
      }),
    );
  router.get(
    `${base}/:id/entities`,
    handle(async (req, res) => {
      requirePermission(res, P.graphRead);
      const classId =
        req.query.class_id === undefined || req.query.class_id === ""
          ? undefined
          : intParam(req.query, "class_id", { min: 1, max: 1e15, fallback: 0 });
      res.json(
        await listEntities(ctx, idOf(req.params.id, "知识图谱"), {
          search: stringParam(req.query, "search", 100),
          classId,
          ...pageParams(req.query, { fallback: 20 }),
        }),
      );
    }),
  );
  router.get(
    `${base}/:id/entities/:entityId`,
    handle(async (req, res) => {
      requirePermission(res, P.graphRead);
      const graphId = idOf(req.params.id, "知识图谱");
      await requireGraphRow(ctx.store.db, graphId);
      const limit = intParam(req.query, "limit", { min: 1, max: 200, fallback: 50 });
      res.json(await entityNeighbourhood(ctx, graphId, idOf(req.params.entityId, "实体"), limit));
    }),
  );
  router.get(
    `${base}/:id/ontology`,
    handle(async (req, res) => {
      requirePermission(res, P.ontologyRead);
      res.json(await graphOntologyInfo(ctx, idOf(req.params.id, "知识图谱")));
    }),
  );
  router.put(
    `${base}/:id/ontology`,
    handle(async (req, res) => {
      const user = requirePermission(res, P.ontologyUpdate);
      res.json(await switchOntology(ctx, user, idOf(req.params.id, "知识图谱"), req.body));
    }),
  );
  router.post(
    `${base}/:id/ontology/fork`,
    handle(async (req, res) => {
      const user = requirePermission(res, P.ontologyCreate);
      res
        .status(201)
        .json(await forkOntology(ctx, user, idOf(req.params.id, "知识图谱"), req.body));
    }),
  );

  // What the build and update forms offer: files, sources, triple data per graph, ontologies.
  router.get(
    "/graphadmin/source-options",
    handle(async (_req, res) => {
      requireAny(res, [P.graphCreate, P.graphUpdate]);
      res.json(await sourceOptions(ctx.store.db));
    }),
  );
}
