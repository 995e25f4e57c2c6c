import { orPageError } from "~/http/page.server";
import type { PlatformClient, Query } from "~/platform-client/client.server";
import { kgApi } from "~/platform-client/kg.server";

/**
 * The graph pages' reads (routes only wire, issue 24): each a call of the typed client whose
 * refusal becomes the page's status — an unknown graph, event or flow is the page's 404.
 */

export const loadOverview = (api: PlatformClient, kgId: number) =>
  orPageError(kgApi.overview(api, kgId));

/** An entity of this graph (one of another graph, or none, is the page's 404). */
export const loadGraphEntity = (api: PlatformClient, kgId: number, uuid: string) =>
  orPageError(kgApi.graphEntity(api, kgId, uuid));

export const listArticles = (api: PlatformClient, kgId: number, query: Query) =>
  orPageError(kgApi.articles(api, kgId, query));

export const listEvents = (api: PlatformClient, kgId: number, query: Query) =>
  orPageError(kgApi.events(api, kgId, query));

export const loadEvent = (api: PlatformClient, id: string) => orPageError(kgApi.event(api, id));

export const listHotEvents = (api: PlatformClient, kgId: number, query: Query) =>
  orPageError(kgApi.hotEvents(api, kgId, query));

export const listHotEntities = (api: PlatformClient, kgId: number, query: Query) =>
  orPageError(kgApi.hotEntities(api, kgId, query));

/** The event-logic graph's picker: the events that have links. */
export const listLinkedEvents = (api: PlatformClient, kgId: number, query: Query) =>
  orPageError(kgApi.eventGraphEvents(api, kgId, query));

export const listFlows = (api: PlatformClient, kgId: number) => orPageError(kgApi.flows(api, kgId));

export const loadFlow = (api: PlatformClient, kgId: number, id: number) =>
  orPageError(kgApi.flow(api, kgId, id));
