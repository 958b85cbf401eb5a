/**
 * What waits for the signed-in person (issue 21): the header's count and
 * the dashboards' banners read it from here.
 */
export { attention, countOf, MIN_REFRESH_MS, useAttention, useAttentionRefresh, waitingLabel, type AttentionItem, type AttentionKind } from "./attention";
