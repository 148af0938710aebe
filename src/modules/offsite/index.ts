/** The off-site copies module's face: what the wiring, `rims restore --from-s3` and the group view use. */
export { createOffsiteService, readState, writeState, type OffsiteService, type OffsiteState } from './service'
export { offsiteRoutes } from './routes'
export { startOffsiteSchedule } from './schedule'
export { resolveTarget, isConfigured, SECRET_FILE } from './config'
export { clientOf, failureReason, type OffsiteTarget } from './s3'
export * from './layout'
