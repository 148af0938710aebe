/** The connect module's face: what the wiring may use. */
export { caCertRoutes, connectRoutes } from './routes'
