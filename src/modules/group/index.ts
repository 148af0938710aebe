/** The group view's face (issue 36, item 4): the wiring (`rims group`) builds its service and app from these. */
export { createGroupService, SYNC_EVERY_MS, type GroupService } from './service'
export { buildGroupApp, type GroupDeps } from './app'
export type { Bucket, BucketManifest, BucketSite } from './cache'
